/**
 * The repository's import graph, read from the source text: every relative `import`, `export … from`
 * and `import()` of a `.ts`/`.tsx` file under the given roots. Used by the architecture tests (import
 * cycles, folders' public faces) and by nothing at run time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface ImportEdge {
  /** Importing file, relative to the repository root, with `/` separators. */
  readonly from: string;
  /** Imported file, same form. */
  readonly to: string;
  /** The specifier as written. */
  readonly spec: string;
  /** `import type` / `export type`: erased at run time. */
  readonly typeOnly: boolean;
  /** 1-based line of the import. */
  readonly line: number;
}

const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(root, path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path.split(sep).join('/'));
  }
  return out.sort();
}

export function importEdges(root: string, files: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = readFileSync(join(root, from), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[3] ?? match[4];
      if (spec === undefined || !spec.startsWith('.')) continue;
      const to = relative(root, resolve(root, dirname(from), spec)).split(sep).join('/');
      const line = text.slice(0, match.index).split('\n').length;
      edges.push({ from, to, spec, typeOnly: match[2] !== undefined, line });
    }
  }
  return edges;
}

/** Strongly connected components of two or more files (Tarjan), each sorted: the import cycles. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) cycles.push(part.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
