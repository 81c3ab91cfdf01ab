/**
 * What tests/package/pack.test.ts needs: the library built apart from the repository's dist/ (other
 * runs and the CLI use that one), packed as `npm pack` packs it, and installed in an empty project.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end; never throws (the test says what failed, with the output). */
export function run(command: string, args: readonly string[], cwd: string): Promise<Ran> {
  // Not the settings of an `npm test` around this run (npm_config_*: omit, ignore-scripts...).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  return new Promise((resolve) => {
    execFile(command, [...args], { cwd, env: { ...env, NO_UPDATE_NOTIFIER: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** Throws with the command's output unless it succeeded. */
export async function ok(command: string, args: readonly string[], cwd: string): Promise<Ran> {
  const r = await run(command, args, cwd);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

/**
 * `npm run build:lib`, into a folder of its own under node_modules/.cache: tsc with tsconfig.build.json,
 * then tools/build-lib.js. Incremental across runs: a copy of the last build is brought up to date, at
 * the same depth so the build info's relative paths hold, then put back for the next run (a run beside
 * this one builds in its own copy).
 */
export async function buildApart(): Promise<string> {
  const cacheRoot = join(repo, 'node_modules', '.cache');
  const cache = join(cacheRoot, 'turnkeeper-pack');
  const mine = join(cacheRoot, `turnkeeper-pack-${process.pid}-${Date.now()}`);
  if (existsSync(join(cache, 'dist', '.built'))) cpSync(cache, mine, { recursive: true });
  const dist = join(mine, 'dist');
  try {
    await ok(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', dist, '--tsBuildInfoFile', join(mine, 'tsbuildinfo')], repo);
    await ok(process.execPath, ['tools/build-lib.js', dist], repo);
  } catch (e) {
    rmSync(mine, { recursive: true, force: true });
    throw e;
  }
  const previous = `${cache}-old-${process.pid}`;
  try {
    if (existsSync(cache)) renameSync(cache, previous);
    cpSync(mine, cache, { recursive: true });
  } catch {
    // Another run put its build back at the same moment: this one's is only a cache.
  }
  rmSync(previous, { recursive: true, force: true });
  return mine;
}

export interface Packed {
  readonly tarball: string;
  readonly size: number;
  readonly files: readonly string[];
}

/** The package as `npm pack` makes it, from the repository's package.json, README, bin/ and the build in `built`. */
export async function pack(built: string, into: string): Promise<Packed> {
  const stage = mkdtempSync(join(tmpdir(), 'turnkeeper-stage-'));
  for (const name of ['package.json', 'README.md', 'LICENSE', 'bin']) {
    if (existsSync(join(repo, name))) cpSync(join(repo, name), join(stage, name), { recursive: true });
  }
  cpSync(join(built, 'dist'), join(stage, 'dist'), { recursive: true });
  const r = await ok('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', into], stage);
  rmSync(stage, { recursive: true, force: true });
  const [info] = JSON.parse(r.stdout) as { filename: string; size: number; files: { path: string }[] }[];
  return { tarball: join(into, info!.filename), size: info!.size, files: info!.files.map((f) => f.path) };
}

/**
 * An empty project with the tarball installed. Offline first: the library's one dependency, zod, is in
 * npm's cache after `npm ci` (asked for by its tarball's address, which needs no registry metadata);
 * if the cache lacks it, from the registry.
 */
export async function installInEmptyProject(tarball: string, zodVersion: string): Promise<string> {
  const project = mkdtempSync(join(tmpdir(), 'turnkeeper-user-'));
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'turnkeeper-user', private: true, type: 'module' })}\n`);
  const quiet = ['--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'];
  const offline = await run('npm', ['install', '--offline', ...quiet, tarball, `https://registry.npmjs.org/zod/-/zod-${zodVersion}.tgz`], project);
  if (offline.code !== 0) await ok('npm', ['install', '--prefer-offline', ...quiet, tarball], project);
  return project;
}

/** Runs the repository's tsc on a project. */
export function typecheck(project: string): Promise<Ran> {
  return run(process.execPath, [tsc, '-p', join(project, 'tsconfig.json')], project);
}
