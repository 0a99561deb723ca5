/**
 * The one rule for every address a school's policy or a teacher sets (the service URL, the
 * update feed, the timetable subscription): no user name or password in it (a secret in a
 * settings file, a policy file or a log), https except on this computer (localhost, 127.0.0.0/8,
 * ::1: the local service and tests), and no query or fragment where the address is a folder the
 * app adds paths to (the service, the update feed); a timetable subscription keeps its query,
 * which is how calendars hand out a private address. Each refusal is a sentence of
 * `refusals` (src-shared/i18n), so the window, the core and the log say the same.
 */
import type { RefusalCode } from './refusal';

export type AddressProblem = Extract<
  RefusalCode,
  'addressInvalid' | 'addressNotHttps' | 'addressCredentials' | 'addressQuery'
>;

export interface AddressRuleOptions {
  /** Whether a query (?…) may stay: only a timetable subscription's may. */
  query: 'refused' | 'allowed';
}

/**
 * Whether a host (a URL's hostname, as WHATWG URL writes it) is this computer: the only one
 * reached over plain http. 0.0.0.0, [::] and IPv4-mapped 127/8 reach it too.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === '[::]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
  );
}

/** What is wrong with an address under the rule, or undefined when it passes. */
export function addressProblem(
  address: string,
  options: AddressRuleOptions,
): AddressProblem | undefined {
  if (!URL.canParse(address)) return 'addressInvalid';
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'addressInvalid';
  if (url.username !== '' || url.password !== '') return 'addressCredentials';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'addressNotHttps';
  if (options.query === 'refused' && (url.search !== '' || url.hash !== '' || /[?#]/.test(address)))
    return 'addressQuery';
  return undefined;
}
