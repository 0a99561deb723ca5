/**
 * No import circle anywhere in the source: the API's types, the settings schema and the features
 * depend one way (docs/engineering.md, The layers), and a new circle fails here with its files named.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './support/importGraph';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the imports', () => {
  it.each(['src-main', 'src-shared', 'src-renderer'])('of %s form no circle', (folder) => {
    // The other folders come along: a circle may pass through any of them.
    const graph = importGraph(ROOT, ['src-main', 'src-shared', 'src-renderer']);
    const circles = importCircles(graph).filter((circle) =>
      circle.some((file) => file.startsWith(`${folder}${path.sep}`)),
    );
    expect(circles).toEqual([]);
  });

  it('are read whole: type imports, re-exports and the folders of the core', () => {
    const graph = importGraph(ROOT, ['src-main']);
    const core = path.join('src-main', 'core', 'classTray.ts');
    expect(graph.get(core)?.length).toBeGreaterThan(5);
    const rendererTypes = importGraph(ROOT, ['src-main', 'src-renderer']).get(
      path.join('src-renderer', 'api', 'types.ts'),
    );
    expect(rendererTypes).toContain(path.join('src-main', 'core', 'api', 'classTrayApi.ts'));
  });
});

describe('a circle', () => {
  it('is found however long, and a file importing itself is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['a.ts']],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('is not made by two files sharing an import', () => {
    const graph = new Map([
      ['a.ts', ['c.ts']],
      ['b.ts', ['c.ts', 'a.ts']],
      ['c.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([]);
  });
});
