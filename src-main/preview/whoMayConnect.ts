/**
 * Who may talk to the preview: a browser signed in by the launch page (launchPage.ts), which
 * holds a per-launch session secret in an HttpOnly cookie; the Host and Origin checks keep out
 * DNS-rebinding and cross-site pages, which the cookie alone would not.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from '../hosts/contentSecurityPolicy';

export function newPreviewKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Cookies are shared by every port of a host, so the name carries the port: two previews (or a
 * preview and an earlier launch's cookie) never overwrite each other.
 */
export function cookieName(port: number): string {
  return `classtray-preview-${port}`;
}

export function sessionCookie(port: number, session: string): string {
  return `${cookieName(port)}=${session}; HttpOnly; SameSite=Strict; Path=/`;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/** Constant time: digests have one length, whatever was presented. */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}

export function isForm(contentType: string | undefined): boolean {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '');
}

/** For the data folder's path in a page. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * On every response. Nothing is cached: the API is live, and pages sit behind the cookie.
 */
export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;
