/**
 * The handovers' part of the settings: the ids of the handovers this ClassTray took, each until
 * it expires (after that the seal refuses it anyway), so the same one is never taken twice.
 */
import { z } from 'zod';

/** More than a school day's worth of handovers on one laptop; the oldest go first. */
export const MAX_TAKEN_HANDOVERS = 200;

const takenHandoverSchema = z.strictObject({
  id: z.string().min(1).max(40),
  until: z.iso.datetime({ offset: true }),
});

export type TakenHandover = z.infer<typeof takenHandoverSchema>;

export const handoverSettings = {
  handoversTaken: z.array(takenHandoverSchema).max(MAX_TAKEN_HANDOVERS).default([]),
};
