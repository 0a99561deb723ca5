/**
 * "Export what ClassTray keeps": everything the data folder holds about students, as JSON a
 * person reads (a parent, a DPO answering an access request, GDPR Art. 15): each name with its
 * access and device, each access kept without a name, the ends scheduled for accesses, and the
 * rules they follow, its sentences in the window's language. An access's token is shortened:
 * the whole token opens the device while the access runs, and the export may be handed on. The
 * file says where it was written and that it is outside ClassTray's retention: nothing ClassTray
 * does deletes it.
 */
import { accessStanding } from '../../../src-shared/accessState';
import { SENTENCES } from '../../../src-shared/i18n';
import type { Locale } from '../../../src-shared/i18n/languages';
import type { TrackedTemporalAccess } from '../accesses/accessSettings';
import { stateOf } from '../accesses/accessView';
import type { ScheduledEnd } from '../scheduledEnds/scheduledEndSettings';
import type { DeepReadonly } from '../settings/settingsSchema';
import type { StudentDataRules, StudentNames } from './studentNames';
import { STUDENTS_FILE } from './studentNames';
import type { StudentDataExport } from './studentDataView';

export interface ExportFacts {
  now: number;
  /** The window's language: the document's sentences are in it (its keys stay as they are). */
  language: Locale;
  dataDir: string;
  names: StudentNames;
  rules: StudentDataRules;
  /** The settings file's accesses (by device) and scheduled ends. */
  accesses: readonly DeepReadonly<TrackedTemporalAccess>[];
  scheduledEnds: readonly DeepReadonly<ScheduledEnd>[];
}

/** The first 8 characters of a token: enough to match it, not enough to use it. */
const shortToken = (token: string): string => `${token.slice(0, 8)}…`;

export function studentDataExport(facts: ExportFacts): StudentDataExport {
  const { names, accesses } = facts;
  const words = SENTENCES[facts.language].privacy;
  const byToken = new Map(accesses.map((access) => [access.token.toLowerCase(), access]));
  const accessOf = (access: DeepReadonly<TrackedTemporalAccess> | undefined) =>
    access === undefined
      ? null
      : {
          token: shortToken(access.token),
          device: access.deviceAlias ?? access.remoteId ?? null,
          classroom: access.classroomId ?? null,
          addedAt: access.addedAt,
          ended: accessStanding(stateOf(access)).ended,
        };
  const day = new Date(facts.now).toISOString().slice(0, 10);
  const fileName = `classtray-student-data-${day}.json`;
  const document = {
    about: words.exportAbout,
    thisFile: words.exportThisFile.replace('{{file}}', fileName),
    exportedAt: new Date(facts.now).toISOString(),
    dataFolder: facts.dataDir,
    namesFile: {
      file: STUDENTS_FILE,
      protection: names.protection === 'os' ? words.exportEncrypted : words.exportNotEncrypted,
    },
    rules: {
      studentNames: facts.rules.names,
      retentionHours: facts.rules.retentionHours,
      forgotten: words.exportForgotten,
    },
    students: names.all().map((entry) => ({
      name: entry.name,
      typedAt: entry.typedAt,
      forgottenBy: new Date(names.forgetAt(entry)).toISOString(),
      access: accessOf(byToken.get(entry.token)),
    })),
    accessesWithoutName: accesses
      .filter((access) => names.nameOf(access.token) === undefined)
      .map((access) => accessOf(access)),
    scheduledEndsOfAccesses: facts.scheduledEnds.flatMap((end) =>
      'token' in end.target ? [{ at: end.at, token: shortToken(end.target.token) }] : [],
    ),
  };
  return {
    fileName,
    text: `${JSON.stringify(document, null, 2)}\n`,
  };
}
