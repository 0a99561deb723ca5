/**
 * The built renderer's files (out/renderer), as both hosts serve them: the Electron shell on
 * app://classtray/ and the preview over HTTP. One rule for what a request path may name, one
 * table of content types, so the two hosts cannot drift apart.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file a request path (still percent-encoded, no query) names inside `rendererDir`, or
 * undefined. Refused: encoded slashes or backslashes, anything that does not decode, NUL,
 * backslashes, colons (Windows drives and streams), empty segments, and any segment starting
 * with a dot (`..`, `.`, dotfiles).
 * `/` is index.html. Pure: symlinks are judged when the file is read.
 */
export function rendererPath(rendererDir: string, urlPath: string): string | undefined {
  // A slash the URL parser did not see could join segments after the checks below.
  if (/%2f|%5c/i.test(urlPath)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || /[\0\\:]/.test(decoded)) return undefined;
  const segments = decoded === '/' ? ['index.html'] : decoded.slice(1).split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  const root = path.resolve(rendererDir);
  const file = path.join(root, ...segments);
  // Already implied by the segment rule; kept so no later change to it can open the folder.
  return isInside(root, file) ? file : undefined;
}

export interface RendererFile {
  body: Buffer<ArrayBuffer>;
  contentType: string;
}

/**
 * Reads a file `rendererPath` returned; undefined when it is missing, not a regular file, or a
 * symlink (itself or a folder on its way) that leads out of `rendererDir`.
 */
export async function readRendererFile(
  rendererDir: string,
  file: string,
): Promise<RendererFile | undefined> {
  try {
    const [root, real] = await Promise.all([realpath(rendererDir), realpath(file)]);
    if (!isInside(root, real) || !(await stat(real)).isFile()) return undefined;
    return { body: await readFile(real), contentType: contentTypeOf(file) };
  } catch {
    return undefined;
  }
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}
