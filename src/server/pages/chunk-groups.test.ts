import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { valueImports, zodSideFiles } from './chunk-groups.ts';

describe('the engine files that need zod (the build\'s chunk groups)', () => {
  it('reads value imports and leaves out type-only ones', () => {
    const src = [
      "import { z } from 'zod';",
      "import type { Foo } from './foo.ts';",
      "import { a, b } from './ab.ts';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      "export * from './e.ts';",
      "import './side.css';",
    ].join('\n');
    expect(valueImports(src)).toEqual(['zod', './ab.ts', './c.ts', './e.ts', './side.css']);
  });

  it('puts a file on the zod side when it imports zod or a file on the zod side, whatever the order', () => {
    const root = mkdtempSync(join(tmpdir(), 'tk-chunks-'));
    mkdirSync(join(root, 'core'));
    const file = (name: string, text: string) => writeFileSync(join(root, 'core', name), text);
    file('a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
    file('b.ts', "import { c } from './c.ts';\nexport const b = c;\n");
    file('c.ts', "import { z } from 'zod';\nexport const c = z.string();\n");
    file('fold.ts', "import type { c } from './c.ts';\nexport const f = 1;\n");
    file('c.test.ts', "import { z } from 'zod';\n");
    const side = [...zodSideFiles(root, ['core'])].map((f) => f.split('/').pop()).sort();
    expect(side).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('keeps the fold half of the real engine free of zod: the files the GM screen needs first', () => {
    const src = fileURLToPath(new URL('../..', import.meta.url));
    const side = new Set([...zodSideFiles(src)].map((f) => f.slice(f.lastIndexOf('/src/') + 5)));
    for (const fold of ['core/fold-engine.ts', 'core/encounter.ts', 'core/evolve.ts', 'core/log.ts', 'core/view.ts', 'core/notation.ts', 'dice/index.ts']) {
      expect(side.has(fold), fold).toBe(false);
    }
    for (const decide of ['core/commands.ts', 'core/decide.ts', 'core/engine.ts', 'core/notation-schema.ts']) expect(side.has(decide), decide).toBe(true);
  });
});
