/**
 * The accesses' part of the settings: each temporal access the teacher tracks, with its one
 * state (the service's last answer, failures too). On load a bad one costs only itself.
 */
import { z } from 'zod';
import { temporalAccessTokenSchema } from '../../contract/wire';
import type { ConnectionProblem } from '../service/serviceErrors';

const isoTimeSchema = z.iso.datetime({ offset: true });

/** Every kind of problem an end can meet (a ConnectionProblem's kinds), so a failure is kept. */
const PROBLEM_KINDS = [
  'unauthorized',
  'no-token',
  'classroom-not-found',
  'access-not-found',
  'already-ended',
  'rate-limited',
  'network',
  'server',
  'bad-response',
  'bad-request',
  'internal',
] as const satisfies readonly ConnectionProblem['kind'][];
/** Fails to compile when a problem kind is missing above. */
export type _EveryProblemKindIsKept = Assert<
  [Exclude<ConnectionProblem['kind'], (typeof PROBLEM_KINDS)[number]>] extends [never]
    ? true
    : false
>;
type Assert<Condition extends true> = Condition;

/**
 * What the service last answered when ClassTray asked it to end the access (none: never asked).
 * invalidated: 200, the session ends at sessionExpiresAt. already-ended: 422. unknown: 404, the
 * service does not know the token. failed: any other failure, kept with its problem so a restart
 * still shows why (files written before failures were kept have only the first two).
 */
const accessOutcomeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('invalidated'),
    sessionExpiresAt: isoTimeSchema,
    learnedAt: isoTimeSchema,
  }),
  z.strictObject({
    kind: z.literal('already-ended'),
    learnedAt: isoTimeSchema,
  }),
  z.strictObject({
    kind: z.literal('unknown'),
    learnedAt: isoTimeSchema,
  }),
  z.strictObject({
    kind: z.literal('failed'),
    problem: z.strictObject({ kind: z.enum(PROBLEM_KINDS), detail: z.string() }),
    learnedAt: isoTimeSchema,
  }),
]);

const trackedTemporalAccessSchema = z.strictObject({
  token: temporalAccessTokenSchema,
  // The student's name: in a notebook's list only. The settings file held it before
  // students.json did; such a file still loads, and its names move there at start.
  label: z.string().min(1).optional(),
  remoteId: z.string().min(1).optional(),
  // Recorded when added, so the access is named and warned about outside its classroom too.
  classroomId: z.string().min(1).optional(),
  deviceAlias: z.string().min(1).optional(),
  has2fa: z.boolean().optional(),
  addedAt: isoTimeSchema,
  /** Handed over to a colleague (handover/), kept endable here for co-teaching. */
  handedOverAt: isoTimeSchema.optional(),
  lastOutcome: accessOutcomeSchema.optional(),
});

export type TrackedTemporalAccess = z.infer<typeof trackedTemporalAccessSchema>;
export type AccessOutcome = z.infer<typeof accessOutcomeSchema>;

const accessKey = (access: TrackedTemporalAccess): string => access.token.toLowerCase();

export const accessSettings = {
  temporalAccesses: z
    .array(trackedTemporalAccessSchema)
    .refine(
      (accesses) => new Set(accesses.map(accessKey)).size === accesses.length,
      'must not track a temporal access twice',
    )
    .default([]),
};

/** Each tracked access is a teacher's record: a bad one costs only itself on load. */
export const accessRepairs = {
  temporalAccesses: {
    item: trackedTemporalAccessSchema,
    keyOf: accessKey,
    twice: 'tracks a temporal access twice',
  },
};
