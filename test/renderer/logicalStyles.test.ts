/**
 * The window mirrors for a right-to-left language only if its styles say start and end, never
 * left and right: this reads every stylesheet of src-renderer, and the inline styles of its
 * views, for a physical side.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = join(process.cwd(), 'src-renderer');

/** Shorthands whose 2nd and 4th values are the right and left sides. */
const FOUR_SIDES =
  /^(margin|padding|inset|border-width|border-style|border-color|scroll-margin|scroll-padding)$/;

/** Each declaration that names a physical side, as "line N: property: value". */
export function physicalSides(css: string): string[] {
  const found: string[] = [];
  // Comments out, their lines kept, so a report points at the right line.
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  for (const match of text.matchAll(/([a-z-]+)\s*:\s*([^;{}]+);/g)) {
    const [, property = '', value = ''] = match;
    const line = text.slice(0, match.index).split('\n').length;
    const values = value.trim().split(/\s+/);
    const sideInName = /(^|-)(left|right)(-|$)/.test(property);
    const sideInValue = /\b(left|right)\b/.test(value);
    const lopsided = FOUR_SIDES.test(property) && values.length === 4 && values[1] !== values[3];
    if (sideInName || sideInValue || lopsided)
      found.push(`line ${line}: ${property}: ${value.trim()}`);
  }
  return found;
}

/** The bodies of a view's inline styles (style={{ … }}), braces inside them counted. */
function inlineStyles(tsx: string): string[] {
  return [...tsx.matchAll(/style=\{\{/g)].map((match) => {
    const start = match.index + match[0].length;
    let depth = 1;
    let at = start;
    for (; at < tsx.length && depth > 0; at++) {
      if (tsx[at] === '{') depth++;
      else if (tsx[at] === '}') depth--;
    }
    return tsx.slice(start, at - 1);
  });
}

/** Each inline style property of a view that names a physical side. */
export function physicalInlineSides(tsx: string): string[] {
  return inlineStyles(tsx).flatMap((body) =>
    [
      ...body.matchAll(
        /\b(left|right|(?:margin|padding|border|scrollMargin|scrollPadding)(?:Left|Right)\w*)\s*:/g,
      ),
    ].map(([, property]) => property ?? ''),
  );
}

const files = (ending: string) =>
  readdirSync(RENDERER, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith(ending),
  );

describe('the window in right to left', () => {
  it('has stylesheets to read', () => {
    expect(files('.css').length).toBeGreaterThan(0);
  });

  it.each(files('.css'))('%s says start and end, never left and right', (file) => {
    expect(physicalSides(readFileSync(join(RENDERER, file), 'utf8'))).toEqual([]);
  });

  it('has views whose inline styles say start and end', () => {
    const found = files('.tsx').flatMap((file) =>
      physicalInlineSides(readFileSync(join(RENDERER, file), 'utf8')).map(
        (property) => `${file}: ${property}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds each kind of physical side (the check itself)', () => {
    const css = `
      /* left aside in a comment, margin-left: 0; */
      .a { margin-left: auto; padding: 0 8px 0 6px; text-align: right; }
      .b { inset-inline-start: 0; padding: 2px 8px; margin: 0 4px 2px 4px; text-align: start; }
      .c { border-top-left-radius: 4px; float: left; }`;
    expect(physicalSides(css)).toEqual([
      'line 3: margin-left: auto',
      'line 3: padding: 0 8px 0 6px',
      'line 3: text-align: right',
      'line 5: border-top-left-radius: 4px',
      'line 5: float: left',
    ]);
    expect(
      physicalInlineSides(
        '<div style={{ left: `${x}%`, insetInlineStart: 0 }} /><p style={{ marginRight: 2 }} />',
      ),
    ).toEqual(['left', 'marginRight']);
  });
});
