/**
 * The npm package as a user gets it: `npm pack`, installed in an empty project, imported by plain Node
 * (no tsx) and type-checked from TypeScript. The library must need zod alone; the server's packages are
 * optional peers that `turnkeeper serve` names when they are missing.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApart, installInEmptyProject, ok, pack, repo, run, typecheck } from './pack-kit.ts';
import type { Packed } from './pack-kit.ts';

interface Manifest {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  exports: Record<string, string | { types: string; import: string }>;
}

const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Manifest;
const zodVersion = (JSON.parse(readFileSync(join(repo, 'node_modules', 'zod', 'package.json'), 'utf8')) as { version: string }).version;
const games = ['custom', 'swn', 'cwn', 'kuro', 'fallout', 'popcorn'];
/** What the package may hold: the build (no tests, no build info), bin/, and what npm always adds. */
const allowed = /^(dist\/(?!.*\.test\.)(?!\.tsbuildinfo$)(?!\.built$).+\.(js|d\.ts)|dist\/web\/.+|bin\/[\w.-]+\.(js|d\.ts)|README\.md|LICENSE|package\.json)$/;

let built: string;
let temp: string;
let packed: Packed;
let project: string;

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'turnkeeper-pack-'));
  built = await buildApart();
  packed = await pack(built, temp);
  project = await installInEmptyProject(packed.tarball, zodVersion);
}, 240_000);

afterAll(() => {
  for (const dir of [temp, project, built]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('holds the built JavaScript, its types, bin/ and the README: no sources, no tests', () => {
    const bad = packed.files.filter((f) => !allowed.test(f));
    expect(bad).toEqual([]);
    expect(packed.files).toContain('bin/turnkeeper.js');
    expect(packed.files).toContain('dist/cli/main.js');
    expect(packed.files).toContain('dist/store/sqlite-thread-worker.js');
    // Gzipped, without the web app: well under a megabyte (3.7 MB when it packed the sources).
    expect(packed.size).toBeLessThan(1_000_000);
  });

  it('exports each face with types and import, and each file is in the package', () => {
    const faces = ['.', './dice', ...games.map((g) => `./rules/${g}`)];
    for (const face of faces) {
      const target = manifest.exports[face];
      expect(target, face).toMatchObject({ types: expect.stringMatching(/^\.\/dist\/.+\.d\.ts$/), import: expect.stringMatching(/^\.\/dist\/.+\.js$/) });
      const { types, import: js } = target as { types: string; import: string };
      expect(packed.files, face).toContain(types.slice(2));
      expect(packed.files, face).toContain(js.slice(2));
    }
  });

  it('needs zod alone: the server packages are optional peers, not installed with it', () => {
    expect(Object.keys(manifest.dependencies)).toEqual(['zod']);
    for (const name of ['fastify', '@fastify/websocket', 'better-sqlite3', 'pg']) {
      expect(manifest.peerDependencies[name], name).toBeDefined();
      expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true);
    }
    expect(readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.')).sort()).toEqual(['turnkeeper', 'zod']);
  });

  it('plays a scripted fight under plain node from turnkeeper, turnkeeper/dice and turnkeeper/rules/swn', async () => {
    cpSync(join(repo, 'tests', 'package', 'consumer', 'fight.mjs'), join(project, 'fight.mjs'));
    const r = await ok(process.execPath, ['fight.mjs'], project);
    const result = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      first: 'actor',
      refused: 'combatant/defeated',
      lastLine: 'Thug is defeated (reduced to 0 HP).',
      roll: expect.any(Number),
      modules: ['swn', 'cwn', 'kuro', 'fallout', 'popcorn', 'custom'],
    });
    expect(result.attack).toEqual(expect.arrayContaining(['swn/attacked', 'defeated-set']));
    expect(result.replayedVersion).toBe(result.version);
    expect(result.odds).toBeCloseTo(6 / 36, 12);
  });

  it('runs the command-line tool from the package; serve names the packages to install, in one line', async () => {
    const bin = join(project, 'node_modules', '.bin', 'turnkeeper');
    const roll = await ok(process.execPath, [bin, 'roll', '3d6', '--seed', '1'], project);
    expect(roll.stdout).toMatch(/^3d6: \[\d, \d, \d\] = \d+\n$/);
    const rules = await ok(process.execPath, [bin, 'rules'], project);
    for (const game of games) expect(rules.stdout).toContain(game);
    const serve = await run(process.execPath, [bin, 'serve'], project);
    expect(serve.code).toBe(1);
    // On a Node it is not tested on, the bin says so first, in a line of its own.
    expect(serve.stderr.trim().split('\n').filter((l) => !l.startsWith('Turnkeeper is tested on Node.js'))).toEqual([
      `Turnkeeper's server needs fastify, @fastify/websocket, better-sqlite3, pg, not installed here. Install them with: npm install ${['fastify', '@fastify/websocket', 'better-sqlite3', 'pg'].map((n) => `${n}@${manifest.peerDependencies[n]}`).join(' ')}`,
    ]);
  });

  it('type-checks a TypeScript user against the published types (its .d.ts files checked too)', async () => {
    for (const file of ['consumer.ts', 'tsconfig.json']) cpSync(join(repo, 'tests', 'package', 'consumer', file), join(project, file));
    const r = await typecheck(project);
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.code).toBe(0);
  });
});
