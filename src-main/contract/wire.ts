/**
 * The service's wire format, in one place (../shared/spec/service-interface.md).
 *
 * The local service serializes with these schemas (through their JSON Schema), the client
 * validates with them, and tests build fixtures with them. No other module restates a wire shape.
 *
 * Objects strip unknown keys on parse: a newer service may add fields without breaking us
 * (tolerant reader), while a missing or mistyped documented field is a bad response.
 */
import { z } from 'zod';

export const API_PREFIX = '/api/v1';

/** The spec's placeholder header name; the real service's name is configurable. */
export const DEFAULT_AUTH_HEADER = 'X-Token-SVC';

/** Both list operations return pages of 50 items. */
export const PAGE_SIZE = 50;

/** Largest page number we send or accept: keeps page arithmetic in safe integers. */
export const MAX_PAGE = 2_147_483_647;

export const servicePaths = {
  accountDevices: `${API_PREFIX}/devices`,
  classroomDevices: (classroomId: string) =>
    `${API_PREFIX}/classrooms/${encodeURIComponent(classroomId)}/devices`,
  invalidateTemporalAccess: (token: string) =>
    `${API_PREFIX}/temporal-access/${encodeURIComponent(token)}/invalidate`,
} as const;

/** Route patterns of the same paths, for servers. */
export const serviceRoutes = {
  accountDevices: `${API_PREFIX}/devices`,
  classroomDevices: `${API_PREFIX}/classrooms/:classroom/devices`,
  invalidateTemporalAccess: `${API_PREFIX}/temporal-access/:token/invalidate`,
} as const;

export const deviceStatusSchema = z.enum(['enabled', 'disabled']);

/** A device as the classroom list sends it: no is_online there. */
export const classroomDeviceSchema = z.object({
  remote_id: z.string().min(1),
  remote_alias: z.string().nullable(),
  remote_password: z.string(),
  has_2fa: z.boolean(),
  status: deviceStatusSchema,
});

/** A device as the account-wide list sends it: with is_online from the remote-desktop tool. */
export const accountDeviceSchema = classroomDeviceSchema.extend({
  is_online: z.boolean(),
});

export const linkSchema = z.object({
  url: z.string().nullable(),
  /** "Previous", "Next", or a page number (some servers send it as a string). */
  label: z.union([z.string(), z.number().int()]),
  active: z.boolean(),
});

export const pageMetaSchema = z.object({
  total: z.number().int().min(0),
  per_page: z.number().int().min(1),
  current_page: z.number().int().min(1),
  last_page: z.number().int().min(1),
});

const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    links: z.array(linkSchema),
    meta: pageMetaSchema,
  });

export const accountDevicePageSchema = pageOf(accountDeviceSchema);
export const classroomDevicePageSchema = pageOf(classroomDeviceSchema);

export const invalidateResultSchema = z.object({
  status: z.literal('Invalidated'),
  session_expires_at: z.iso.datetime({ offset: true }),
});

/** Every error body, on every status. */
export const errorBodySchema = z.object({
  error: z.string(),
});

/** The `page` query parameter: decimal digits, 1 to MAX_PAGE. */
export const pageParamSchema = z
  .string()
  .regex(/^[0-9]+$/, 'page must be a whole number written in digits')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, 'page must be 1 or more')
      .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`),
  );

/** A temporal access token is UUID-shaped (any version; case-insensitive). */
export const temporalAccessTokenSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'a temporal access token looks like 123e4567-e89b-12d3-a456-426614174000',
  );

export type ClassroomDevice = z.infer<typeof classroomDeviceSchema>;
export type AccountDevice = z.infer<typeof accountDeviceSchema>;
export type Link = z.infer<typeof linkSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;
// A type alias (not an interface) so a page is assignable where a plain JSON record is expected.
// Read-only: the client gives an unchanged page's answer again to later refreshes (answerMemory).
export type Page<Item> = {
  readonly data: readonly Item[];
  readonly links: readonly Readonly<Link>[];
  readonly meta: Readonly<PageMeta>;
};
export type AccountDevicePage = z.infer<typeof accountDevicePageSchema>;
export type ClassroomDevicePage = z.infer<typeof classroomDevicePageSchema>;
export type InvalidateResult = z.infer<typeof invalidateResultSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Invalidations take effect on the half-minute grid of the service's clock. */
const INVALIDATION_GRANULARITY_MS = 30_000;

/** When an invalidation requested at `requestedAtMs` takes effect: the next boundary strictly after it. */
export function nextInvalidationBoundary(requestedAtMs: number): number {
  return (
    Math.floor(requestedAtMs / INVALIDATION_GRANULARITY_MS) * INVALIDATION_GRANULARITY_MS +
    INVALIDATION_GRANULARITY_MS
  );
}
