/**
 * The names of the core API's actions, as plain strings: the sandboxed preload and the window
 * build their channels and routes from this list without bundling zod. The core's action table
 * (src-main/core/api/classTrayApi.ts) must have exactly these keys, or it does not compile.
 */
export const ACTION_NAMES = [
  'refresh',
  'selectClassroom',
  'addClassroom',
  'renameClassroom',
  'forgetClassroom',
  'placeDevice',
  'clearSeat',
  'shapeSeatPlan',
  'importSeatPlan',
  'exportSeatPlan',
  'resetSeatPlan',
  'addTemporalAccess',
  'removeTemporalAccess',
  'invalidateTemporalAccess',
  'endAccesses',
  'scheduleEnd',
  'cancelScheduledEnd',
  'dismissScheduledEndReport',
  'connectService',
  'forgetToken',
  'setMode',
  'updatePreferences',
  'forgetStudentNames',
  'eraseStudentData',
  'exportStudentData',
  'setTimetableSource',
  'refreshTimetable',
  'mapTimetablePlace',
  'forgetTimetablePlace',
  'setEndAtBell',
  'keepAccessesAfterLesson',
  'makeHandover',
  'takeHandover',
] as const;

export type ActionName = (typeof ACTION_NAMES)[number];

export function isActionName(name: string): name is ActionName {
  return (ACTION_NAMES as readonly string[]).includes(name);
}

/**
 * One value per action (a channel, a client method), built by `make`: the one place the names
 * are walked at run time, so the result is typed by action without a cast at each caller.
 */
export function byAction<Values extends { readonly [Action in ActionName]: unknown }>(
  make: (action: ActionName) => Values[ActionName],
): Values {
  return Object.fromEntries(ACTION_NAMES.map((action) => [action, make(action)])) as Values;
}
