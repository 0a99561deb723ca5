/** The built renderer's files, read from one directory; nothing outside it, no dotfiles. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
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

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** `urlPath` is the path of a request (still percent-encoded); null when there is no such file. */
export async function readStaticFile(
  staticDir: string,
  urlPath: string,
): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const segments = relative.split(/[/\\]/);
  if (relative.includes('\0') || segments.some((segment) => segment.startsWith('.'))) return null;

  const root = path.resolve(staticDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
    return {
      body: await readFile(file),
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}
