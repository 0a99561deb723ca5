/**
 * What the classroom window may load, the same in both hosts (the Electron shell's app:// scheme
 * and the browser preview): its own scripts, styles and API, nothing inline, nothing remote.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');
