/**
 * The layering holds: no import cycles anywhere, the server's concern folders import only downwards,
 * the busiest folders stay walkable, and the lint rule that keeps folders' public faces bites.
 * ARCHITECTURE.md describes what these check.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges, sourceFiles } from './import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = ['src', 'tests', 'bench', 'deploy'].flatMap((d) => sourceFiles(root, d));
const edges = importEdges(root, files);

/** The server's folders, lowest first: each may import only the folders before it. */
const SERVER_LAYERS = ['shared', 'players', 'live', 'encounters', 'announce', 'transfer', 'campaigns', 'seats', 'pages', 'http', 'start'];

const isTestSupport = (f: string) => /\.test\.ts$|(^|\/)(testing|[\w-]*-kit|[\w-]*fixtures)\.ts$|serve-process\.ts$/.test(f);

describe('imports', () => {
  it('have no cycles, type-only imports included', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('in the server, run from a concern folder only to the folders below it', () => {
    const layer = (f: string) => SERVER_LAYERS.indexOf(/^src\/server\/([^/]+)\//.exec(f)?.[1] ?? '');
    const upward = edges
      .filter((e) => !isTestSupport(e.from) && layer(e.from) >= 0 && layer(e.to) >= 0 && layer(e.to) > layer(e.from))
      .map((e) => `${e.from}:${e.line} -> ${e.to}`);
    expect(upward).toEqual([]);
    const folders = readdirSync(`${root}/src/server`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual([...SERVER_LAYERS].sort());
  });

  it('from the web app reach the server for types only: no server code is bundled for a browser', () => {
    const valueImports = edges.filter((e) => e.from.startsWith('src/web/') && !isTestSupport(e.from) && e.to.startsWith('src/server/') && !e.typeOnly).map((e) => `${e.from}:${e.line}`);
    expect(valueImports).toEqual([]);
  });

  it('leave the busiest folders walkable: at most 15 entries at their top level', () => {
    for (const folder of ['src/server', 'src/web/gm', 'src/web', 'src/rules']) {
      const entries = readdirSync(`${root}/${folder}`);
      expect(entries.length, `${folder}: ${entries.join(' ')}`).toBeLessThanOrEqual(15);
    }
  });
});

describe('the folder-faces lint rule', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath: `${root}/${filePath}` }))[0]!.messages.map((m) => m.ruleId);

  it('refuses an import past a folder’s index.ts, and accepts the index', async () => {
    expect(await lint('src/cli/x.ts', "import { EncounterService } from '../server/encounters/encounter-service.ts';\nexport const s = EncounterService;\n")).toContain('turnkeeper/folder-faces');
    expect(await lint('src/cli/x.ts', "import { EncounterService } from '../server/encounters/index.ts';\nexport const s = EncounterService;\n")).toEqual([]);
  });

  it('lets a folder’s own files reach each other, and tests reach testing.ts', async () => {
    expect(await lint('src/server/encounters/x.ts', "import { EncounterService } from './encounter-service.ts';\nexport const s = EncounterService;\n")).toEqual([]);
    expect(await lint('src/server/encounters/x.test.ts', "import { secretFights } from '../players/testing.ts';\nexport const s = secretFights;\n")).toEqual([]);
  });

  it('refuses type-only and re-exporting imports past the face too', async () => {
    expect(await lint('src/cli/x.ts', "import type { Secrets } from '../server/players/secrets.ts';\nexport type S = Secrets;\n")).toContain('turnkeeper/folder-faces');
    expect(await lint('src/cli/x.ts', "export { hub } from '../server/live/hub.ts';\n")).toContain('turnkeeper/folder-faces');
  });

  it('keeps the player projection pure: no I/O and no server folder above ../shared', async () => {
    const rules = (code: string) => lint('src/server/players/x.ts', code);
    expect(await rules("import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n")).toContain('no-restricted-imports');
    expect(await rules("import { Hub } from '../live/index.ts';\nexport const h = Hub;\n")).toContain('no-restricted-imports');
    expect(await rules("import { ApiError } from '../shared/index.ts';\nimport { actorsOf } from '../../core/index.ts';\nexport const a = [ApiError, actorsOf];\n")).toEqual([]);
  });
});
