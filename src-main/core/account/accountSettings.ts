/**
 * The account's part of the settings: which service, the header its token is sent in, and
 * whether the demo school or that service is shown. The token itself is never here (vault.ts).
 */
import { z } from 'zod';
import { DEFAULT_AUTH_HEADER } from '../../contract/wire';

/** RFC 9110 field-name characters: anything else could not be sent as a header. */
const headerNameSchema = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name such as X-Token-SVC');

const serviceUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
  // Credentials in the URL would put a secret in the settings file.
  .refine((url) => {
    // zod runs this check even after the URL check failed, which reports that case already.
    if (!URL.canParse(url)) return true;
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  }, 'must not contain a user name or password')
  // The client asks at the path alone, so a query or fragment is never needed: refusing every
  // one refuses ?token=, ?api_key=, ?password= and any other name a secret might go by.
  .refine((url) => {
    if (!URL.canParse(url)) return true;
    const parsed = new URL(url);
    return parsed.search === '' && parsed.hash === '' && !/[?#]/.test(url);
  }, 'must not contain a query (?…) or fragment (#…): a token goes in the token field, never in the address');

export const accountSettings = {
  serviceUrl: serviceUrlSchema.nullable().default(null),
  authHeader: headerNameSchema.default(DEFAULT_AUTH_HEADER),
  mode: z.enum(['demo', 'service']).default('demo'),
};

export type Mode = z.output<typeof accountSettings.mode>;
