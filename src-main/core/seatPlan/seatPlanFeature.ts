/**
 * seatPlan/: each classroom's seat plan (seatPlan.ts: the plan and its file format), the
 * teacher's kept in the data folder (seatPlanFile.ts), the school's read from its folder
 * (schoolPlans.ts); this file plugs it into the core: the open classroom's plan as the window's
 * state, and placing, clearing, sizing, importing and exporting a room's plan.
 *
 * Undo is the window's: it remembers its own last move and asks for the move back (placing
 * swaps, so a move is its own way back); the core keeps plans, not a teacher's gestures.
 */
import { refused } from '../api/apiInput';
import type { CoreContext, Feature } from '../feature';
import type { DeviceView } from '../classroom/liveStatus';
import type { ManagedPolicy } from '../policy/policyChecker';
import {
  cleared,
  emptyPlan,
  placed,
  planText,
  readPlanText,
  resized,
  type SeatPlan,
} from './seatPlan';
import { SeatPlanFile } from './seatPlanFile';
import { seatPlanView, type PlanImport } from './seatPlanView';
import { readSchoolPlan } from './schoolPlans';

/** The school's plans kept between reads: the rooms a teacher switches between in a day. */
const MAX_SCHOOL_PLANS_KEPT = 10;

export type SeatPlanFeature = Feature<
  | 'placeDevice'
  | 'clearSeat'
  | 'shapeSeatPlan'
  | 'importSeatPlan'
  | 'exportSeatPlan'
  | 'resetSeatPlan',
  'seatPlan'
> & {
  /** The session opened another classroom: its plans, and the school's for it, are read. */
  classroomOpened(): Promise<void>;
};

export function seatPlanFeature(
  core: Pick<CoreContext, 'dataDir' | 'log' | 'clock' | 'timers' | 'sessions' | 'emit'>,
  options: {
    /** The school's policy as last read: RoomPlansFolder, RoomPlansLocked. */
    policy: () => ManagedPolicy;
    /** The open classroom's devices: a placed device's name, what the room has. */
    devices: () => readonly DeviceView[];
  },
): SeatPlanFeature {
  const log = core.log.child('seat-plan');
  const file = new SeatPlanFile(core.dataDir, log, core.clock);
  /** The real account's plans, as on disk; the demo's stay in memory, as its notebook does. */
  let saved = new Map<string, SeatPlan>();
  const demo = new Map<string, SeatPlan>();
  /**
   * The school's plans as last read, by classroom (the rooms opened lately): a slow read of the
   * room left behind never takes the place of the room open now.
   */
  const school = new Map<string, SeatPlan | undefined>();
  /** The view last sent: a read that changed nothing sends nothing. */
  let shown = '';

  const plans = () => (core.sessions.current?.mode === 'demo' ? demo : saved);
  const openId = () => core.sessions.current?.notebook.read().current ?? null;
  const policyValues = () => {
    const { defaults, locked } = options.policy();
    return { ...defaults, ...locked };
  };
  const lockedBySchool = () => policyValues().RoomPlansLocked === true;
  const schoolPlanOf = (classroomId: string) => school.get(classroomId);

  const view = () => {
    const id = openId();
    return seatPlanView(
      id,
      id === null ? undefined : plans().get(id),
      id === null ? undefined : schoolPlanOf(id),
      lockedBySchool(),
    );
  };
  const show = () => {
    const seatPlan = view();
    const text = JSON.stringify(seatPlan);
    if (text === shown) return;
    shown = text;
    core.emit({ type: 'seat-plan', seatPlan });
  };

  const readSchool = async () => {
    const id = openId();
    const folder = policyValues().RoomPlansFolder;
    if (id === null) return show();
    const plan =
      folder === undefined ? undefined : await readSchoolPlan(folder, id, core.timers, log);
    school.delete(id);
    school.set(id, plan);
    for (const old of [...school.keys()].slice(0, -MAX_SCHOOL_PLANS_KEPT)) school.delete(old);
    show();
  };

  /** The room's plan as the teacher changes it: their own, else the school's, else an empty one. */
  const change = async (classroomId: string, edit: (plan: SeatPlan) => SeatPlan) => {
    const schoolPlan = schoolPlanOf(classroomId);
    if (lockedBySchool() && schoolPlan !== undefined) {
      throw refused('setBySchool', { setting: 'RoomPlansLocked' });
    }
    const own = plans().get(classroomId);
    const next = edit(own ?? schoolPlan ?? emptyPlan(options.devices().length));
    await keep(classroomId, next);
  };
  const keep = async (classroomId: string, plan: SeatPlan | undefined) => {
    const kept = plans();
    // The most recently changed last: the oldest goes first when there are too many.
    kept.delete(classroomId);
    if (plan !== undefined) kept.set(classroomId, plan);
    if (classroomId === openId()) show();
    if (kept === saved) await file.write(saved);
  };
  const nameOf = (remoteId: string) =>
    options.devices().find((device) => device.remoteId === remoteId)?.alias ?? undefined;

  return {
    actions: {
      async placeDevice({ classroomId, remoteId, seat }) {
        await change(classroomId, (plan) => placed(plan, remoteId, seat, nameOf(remoteId)));
      },
      async clearSeat({ classroomId, row, column }) {
        await change(classroomId, (plan) => cleared(plan, { row, column }));
      },
      async shapeSeatPlan({ classroomId, ...size }) {
        await change(classroomId, (plan) => resized(plan, size));
      },
      async importSeatPlan({ classroomId, text }): Promise<PlanImport> {
        const reading = readPlanText(text);
        if (!reading.ok) return reading;
        await change(classroomId, () => reading.plan);
        const inRoom = new Set(options.devices().map((device) => device.remoteId));
        const open = classroomId === openId();
        const notInRoom = open
          ? reading.plan.seats.filter((seat) => !inRoom.has(seat.remoteId)).length
          : 0;
        return { ok: true, notInRoom };
      },
      exportSeatPlan({ classroomId }) {
        const plan =
          plans().get(classroomId) ??
          schoolPlanOf(classroomId) ??
          emptyPlan(options.devices().length);
        return Promise.resolve({ text: planText(plan) });
      },
      async resetSeatPlan({ classroomId }) {
        if (lockedBySchool() && schoolPlanOf(classroomId) !== undefined) {
          throw refused('setBySchool', { setting: 'RoomPlansLocked' });
        }
        await keep(classroomId, undefined);
      },
    },
    views: { seatPlan: view },
    async start() {
      saved = await file.read();
    },
    // Read beside the session's opening and the policy's change, never holding them up (a
    // school's share may take its whole bound to answer); Refresh waits for it.
    sessionOpened() {
      void readSchool();
    },
    classroomOpened: () => readSchool(),
    // A new policy may name another folder, or lock the plans.
    settingsChanged() {
      void readSchool();
    },
    refresh: () => readSchool(),
  };
}
