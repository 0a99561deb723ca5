/**
 * The account's part of the settings: which service, the header its token is sent in, and
 * whether the demo school or that service is shown. The token itself is never here (vault.ts).
 */
import { z } from 'zod';
import { DEFAULT_AUTH_HEADER } from '../../contract/wire';
import { addressSchema } from '../settings/addressSchema';

/** RFC 9110 field-name characters: anything else could not be sent as a header. */
const headerNameSchema = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name such as X-Token-SVC');

/**
 * The client asks at the path alone, so a query or fragment is never needed: refusing every one
 * refuses ?token=, ?api_key= and any other name a secret might go by.
 */
const serviceUrlSchema = addressSchema({ query: 'refused' });

export const accountSettings = {
  serviceUrl: serviceUrlSchema.nullable().default(null),
  authHeader: headerNameSchema.default(DEFAULT_AUTH_HEADER),
  mode: z.enum(['demo', 'service']).default('demo'),
};

export type Mode = z.output<typeof accountSettings.mode>;
