/**
 * The source's imports as a graph, read with the TypeScript compiler's own pre-processor (type
 * imports and re-exports count: a type cycle ties the modules together just the same), and the
 * circles in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Each file (relative to the root) and the files it imports, in the given folders. */
export function importGraph(root: string, folders: readonly string[]): Map<string, string[]> {
  const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolved(file, fileName))
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(
      path.relative(root, file),
      [...new Set(targets)].map((target) => path.relative(root, target)),
    );
  }
  return graph;
}

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(folder, name))
    .sort();
}

/** A relative specifier as a file (the source imports without extensions); packages: undefined. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/**
 * The circles: every set of two or more files that reach one another (Tarjan's strongly
 * connected components), each sorted, and a file that imports itself.
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  /** Each file's visit number and the lowest one it reaches while on the stack. */
  const seen = new Map<string, { order: number; lowest: number }>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): { order: number; lowest: number } => {
    const mark = { order: seen.size, lowest: seen.size };
    seen.set(file, mark);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      const known = seen.get(next);
      if (known === undefined) mark.lowest = Math.min(mark.lowest, visit(next).lowest);
      else if (onStack.has(next)) mark.lowest = Math.min(mark.lowest, known.order);
    }
    if (mark.lowest !== mark.order) return mark;
    const component = stack.splice(stack.lastIndexOf(file));
    for (const member of component) onStack.delete(member);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) {
      circles.push(component.sort());
    }
    return mark;
  };
  for (const file of graph.keys()) if (!seen.has(file)) visit(file);
  return circles;
}
