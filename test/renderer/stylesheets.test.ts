/**
 * The window's styles live beside its views and src-renderer/styles.css puts them together in
 * the cascade's order (see its comment): every other stylesheet of src-renderer is imported
 * there, once, and styles.css holds nothing but its imports, so no file is left out, applied
 * twice, or has an @import dropped for coming after a rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = join(process.cwd(), 'src-renderer');
const entry = readFileSync(join(RENDERER, 'styles.css'), 'utf8');
const IMPORT = /@import\s+'([^']+)';/g;

describe("the window's stylesheets", () => {
  it('are each imported once by styles.css', () => {
    const imported = [...entry.matchAll(IMPORT)].map(([, path = '']) => resolve(RENDERER, path));
    const sheets = readdirSync(RENDERER, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.css') && file !== 'styles.css')
      .map((file) => join(RENDERER, file));
    expect([...imported].sort()).toEqual(sheets.sort());
  });

  it('leave styles.css nothing but comments and imports', () => {
    const rest = entry.replace(/\/\*[\s\S]*?\*\//g, '').replace(IMPORT, '');
    expect(rest.trim()).toBe('');
  });
});
