/**
 * accesses/: the temporal accesses the teacher tracks, each with its one state (accessTracker.ts:
 * added from a link, ended with one click, End all within its classroom); this file plugs them
 * into the core.
 */
import type { DeviceView } from '../classroom/liveStatus';
import { accessViews } from './accessView';
import type { CoreContext, Feature } from '../feature';
import { AccessTracker, clearEnded } from './accessTracker';

export interface AccessesFeature extends Feature<
  'addTemporalAccess' | 'removeTemporalAccess' | 'invalidateTemporalAccess' | 'endAccesses',
  'temporalAccesses'
> {
  /** What ends accesses: the end schedule runs its ends through it. */
  readonly tracker: AccessTracker;
  /** The accesses go out again (their devices changed). */
  show(): void;
}

export function accessesFeature(
  core: Pick<CoreContext, 'clock' | 'log' | 'settings' | 'sessions' | 'emit'>,
  options: {
    /** The open classroom's devices, which name the accesses' devices. */
    devices: () => readonly DeviceView[];
    /** An access's own scheduled end went with it (ended, or no longer tracked). */
    accessEnded: () => void;
  },
): AccessesFeature {
  const { clock, settings, sessions } = core;
  const retentionMs = () => settings.get().endedRetentionHours * 3_600_000;
  const view = () => accessViews(sessions.current?.notebook.read(), options.devices());
  const show = () => core.emit({ type: 'temporal-accesses', temporalAccesses: view() });
  const tracker = new AccessTracker({
    clock,
    log: core.log,
    session: () => sessions.settledSession(),
    devices: options.devices,
    onChange: show,
    onScheduleChange: options.accessEnded,
    retentionMs,
  });
  return {
    actions: {
      addTemporalAccess: (input) => tracker.add(input),
      removeTemporalAccess: ({ token }) => tracker.remove(token),
      invalidateTemporalAccess: ({ token }) => tracker.invalidate(token),
      endAccesses: ({ classroomId, tokens }) => tracker.endAll(classroomId, tokens),
    },
    views: { temporalAccesses: view },
    tracker,
    show,
    sessionOpened(session) {
      clearEnded(session.notebook, clock(), retentionMs());
      show();
    },
    // A preference saved: what ended longer ago than the retention leaves the list.
    settingsChanged: () => tracker.clearEnded(),
    refresh: () => tracker.clearEnded(),
  };
}
