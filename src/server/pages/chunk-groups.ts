/**
 * Which engine files need zod, for the build's chunk groups (vite.config.ts). The engine (src/core,
 * src/dice) is split in two chunks: the half that folds events and answers queries, which the GM
 * screen needs to show a fight, and the half that decides commands with zod's schemas, which comes
 * right after (src/web/games/index.ts). A file is on the zod side when it imports zod, or a file
 * on the zod side, with a value import (type-only imports vanish in the build); everything else in
 * the engine is on the fold side. Computed from the sources on every build, so a fold-side file that
 * starts using zod moves to the zod side by itself (and the first-load test notices zod coming first).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The modules a source file imports for their values (not `import type`, not `export type`). */
export function valueImports(source: string): string[] {
  const out: string[] = [];
  const re = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

/** The engine's source files (src/core, src/dice, tests left out) that need zod, as absolute paths with `/`. */
export function zodSideFiles(srcDir: string, folders: readonly string[] = ['core', 'dice']): Set<string> {
  const files = folders.flatMap((f) =>
    readdirSync(join(srcDir, f))
      .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
      .map((n) => resolve(srcDir, f, n).replaceAll('\\', '/')),
  );
  const imports = new Map(
    files.map((file) => [
      file,
      valueImports(readFileSync(file, 'utf8')).map((spec) => (spec.startsWith('.') ? resolve(dirname(file), spec).replaceAll('\\', '/') : spec)),
    ]),
  );
  const zod = new Set<string>();
  // To a fixed point: a file joins once one of its imports is zod or on the zod side.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [file, deps] of imports) {
      if (!zod.has(file) && deps.some((d) => d === 'zod' || d.startsWith('zod/') || zod.has(d))) {
        zod.add(file);
        changed = true;
      }
    }
  }
  return zod;
}
