/**
 * handover/: a room handed over to a colleague. The giver seals the room's running accesses
 * under a one-time code (handoverSeal.ts) and keeps them marked "handed over" or drops them; the
 * colleague's ClassTray opens the text with the code and tracks them as its own, with the ends
 * the giver planned. The service lists no accesses: each ClassTray learns that the other ended
 * one when its own end is answered "already ended" (a 422), which is an outcome, not an error.
 */
import { runningIn } from '../../../src-shared/accessState';
import type { GiverKeeps } from '../../../src-shared/handover';
import { HANDOVER_VALID_MINUTES, normalCode, shownCode } from '../../../src-shared/handover';
import { refused } from '../api/apiInput';
import type { CoreContext, Feature } from '../feature';
import { withRecent } from '../settings/accountNotebook';
import type { NotebookContents } from '../settings/accountNotebook';
import { writeChecked } from '../settings/settings';
import { withScheduledEnd, withoutScheduledEnd } from '../scheduledEnds/scheduledEndRules';
import type { ScheduledEnd } from '../scheduledEnds/scheduledEndSettings';
import type { TrackedTemporalAccess } from '../accesses/accessSettings';
import type { HandoverContents, KdfCost } from './handoverSeal';
import { expiryOf, newCode, newHandoverId, openHandover, sealHandover } from './handoverSeal';
import { MAX_TAKEN_HANDOVERS } from './handoverSettings';
import type { MadeHandover, TakenHandover } from './handoverView';

export type HandoverFeature = Feature<'makeHandover' | 'takeHandover'>;

export function handoverFeature(
  core: Pick<CoreContext, 'clock' | 'settings' | 'sessions'>,
  options: {
    /** The tracked accesses changed: they go out again. */
    accessesChanged: () => void;
    /** The scheduled ends changed: the timer and the window follow. */
    endsChanged: () => void;
    /** The classroom list changed (a room added): it goes out again. */
    classroomsChanged: () => void;
    /** Tests pass a cheaper KDF; the app uses the one of decisions.md. */
    cost?: KdfCost;
  },
): HandoverFeature {
  const { clock, settings, sessions } = core;
  const allowed = () => settings.get().handover;
  return {
    actions: {
      async makeHandover({ classroomId, withNames, giverKeeps }) {
        if (allowed() === 'off') throw refused('handoverNotAllowed', {});
        const names = withNames && allowed() === 'with-names';
        const { notebook } = await sessions.settledSession();
        const contents = notebook.read();
        const running = runningIn(contents.accesses, classroomId);
        if (running.length === 0) throw refused('handoverNothingRunning', {});
        const now = clock();
        const handover: HandoverContents = {
          id: newHandoverId(),
          madeAt: new Date(now).toISOString(),
          expiresAt: expiryOf(now),
          classroom: { id: classroomId, name: nicknameOf(contents, classroomId) },
          accesses: running.map((access) => ({
            token: access.token,
            remoteId: access.remoteId ?? null,
            deviceAlias: access.deviceAlias ?? null,
            has2fa: access.has2fa ?? null,
            addedAt: access.addedAt,
            plannedEnd: plannedEnd(contents.scheduledEnds, access, classroomId),
            ...(names && access.label !== undefined ? { student: access.label } : {}),
          })),
        };
        const code = newCode();
        const text = await sealHandover(handover, code, options.cost);
        giverMarks(notebook, running, giverKeeps, handover.madeAt);
        options.accessesChanged();
        if (giverKeeps === 'drop') options.endsChanged();
        const made: MadeHandover = {
          text,
          code: shownCode(code),
          fileName: `classtray-handover-${handover.madeAt.slice(0, 16).replace(/[:T]/g, '-')}.txt`,
          count: running.length,
          expiresAt: handover.expiresAt,
          withNames: names,
        };
        return made;
      },

      async takeHandover({ text, code }) {
        if (allowed() === 'off') throw refused('handoverNotAllowed', {});
        const typed = normalCode(code);
        if (typed === null) throw refused('handoverCodeWrong', {});
        const now = clock();
        const opened = await openHandover(text, typed, now, options.cost);
        if (!opened.ok) {
          if (opened.why === 'expired')
            throw refused('handoverExpired', { minutes: HANDOVER_VALID_MINUTES });
          if (opened.why === 'unreadable') throw refused('handoverUnreadable', {});
          throw refused('handoverCodeWrong', {});
        }
        const handover = opened.contents;
        const taken = settings.get().handoversTaken.filter((one) => Date.parse(one.until) > now);
        if (taken.some((one) => one.id === handover.id)) throw refused('handoverTakenAlready', {});
        const { notebook } = await sessions.settledSession();
        const result = takeInto(notebook, handover, allowed() === 'with-names', now);
        // Remembered once the accesses are in: a failed write leaves it to be taken again.
        writeChecked(() =>
          settings.update({
            handoversTaken: [...taken, { id: handover.id, until: handover.expiresAt }].slice(
              -MAX_TAKEN_HANDOVERS,
            ),
          }),
        );
        options.accessesChanged();
        options.endsChanged();
        if (result.roomAdded) options.classroomsChanged();
        return result;
      },
    },
    views: {},
  };
}

function nicknameOf(contents: NotebookContents, classroomId: string): string | null {
  return contents.recent.find((room) => room.id === classroomId)?.nickname ?? null;
}

/** The end planned for the access: its own, else its room's; null: none. */
function plannedEnd(
  ends: readonly ScheduledEnd[],
  access: TrackedTemporalAccess,
  classroomId: string,
): string | null {
  const own = ends.find((end) => 'token' in end.target && end.target.token === access.token);
  const room = ends.find(
    (end) => 'classroomId' in end.target && end.target.classroomId === classroomId,
  );
  return (own ?? room)?.at ?? null;
}

/** The giver's list: the accesses marked handed over, or gone with their own scheduled ends. */
function giverMarks(
  notebook: { read(): NotebookContents; write(patch: Partial<NotebookContents>): void },
  handed: readonly TrackedTemporalAccess[],
  keeps: GiverKeeps,
  at: string,
): void {
  const tokens = new Set(handed.map(({ token }) => token));
  const { accesses, scheduledEnds } = notebook.read();
  if (keeps === 'keep') {
    writeChecked(() =>
      notebook.write({
        accesses: accesses.map((access) =>
          tokens.has(access.token) ? { ...access, handedOverAt: at } : access,
        ),
      }),
    );
    return;
  }
  const ends = [...tokens].reduce<ScheduledEnd[]>(
    (kept, token) => withoutScheduledEnd(kept, { token }),
    [...scheduledEnds],
  );
  writeChecked(() =>
    notebook.write({
      accesses: accesses.filter((access) => !tokens.has(access.token)),
      scheduledEnds: ends,
    }),
  );
}

/**
 * The handover's accesses tracked here, each with the end the giver planned (when still ahead),
 * its student's name only when the school allows names; the room added by its id when missing.
 */
function takeInto(
  notebook: { read(): NotebookContents; write(patch: Partial<NotebookContents>): void },
  handover: HandoverContents,
  namesAllowed: boolean,
  now: number,
): TakenHandover {
  const contents = notebook.read();
  const tracked = new Set(contents.accesses.map(({ token }) => token.toLowerCase()));
  const { id: classroomId, name } = handover.classroom;
  const added: TrackedTemporalAccess[] = handover.accesses
    .filter((access) => !tracked.has(access.token.toLowerCase()))
    .map((access) => ({
      token: access.token,
      ...(namesAllowed && access.student !== undefined ? { label: access.student } : {}),
      ...(access.remoteId === null ? {} : { remoteId: access.remoteId }),
      classroomId,
      ...(access.deviceAlias === null ? {} : { deviceAlias: access.deviceAlias }),
      ...(access.has2fa === null ? {} : { has2fa: access.has2fa }),
      addedAt: access.addedAt,
    }));
  const addedTokens = new Set(added.map(({ token }) => token));
  const scheduledEnds = handover.accesses
    .filter((access) => addedTokens.has(access.token))
    .filter((access) => access.plannedEnd !== null && Date.parse(access.plannedEnd) > now)
    .reduce<ScheduledEnd[]>(
      (ends, access) =>
        withScheduledEnd(ends, { at: access.plannedEnd ?? '', target: { token: access.token } }),
      [...contents.scheduledEnds],
    );
  const known =
    contents.current === classroomId || contents.recent.some((room) => room.id === classroomId);
  writeChecked(() =>
    notebook.write({
      accesses: [...added, ...contents.accesses],
      scheduledEnds,
      ...(known ? {} : { recent: withRecent(contents.recent, classroomId, name ?? undefined) }),
    }),
  );
  const ends = handover.accesses
    .map((access) => access.plannedEnd)
    .filter((end): end is string => end !== null)
    .sort();
  return {
    count: added.length,
    classroomId,
    classroomName: name,
    endsAt: ends.at(-1) ?? null,
    roomAdded: !known,
  };
}
