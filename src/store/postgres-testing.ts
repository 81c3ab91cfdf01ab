/**
 * A throwaway PostgreSQL for tests, started from the system binaries (Debian's postgresql package:
 * /usr/lib/postgresql/<major>/bin, the highest major found): `initdb` on a temporary folder, `pg_ctl
 * start` on a free loopback port with its unix socket in the same folder, fsync off unless `durable`; `stop` ends it and
 * removes the folder. initdb refuses to run as root, so as root the binaries run as `postgres` (or
 * `nobody` when there is no such user), the folder chowned to it. Where no binaries exist, the
 * tests fail with the reason and how to install them (`describePostgres`): never a skip.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, it } from 'vitest';

const run = promisify(execFile);

/** The folder holding initdb and pg_ctl of the highest PostgreSQL major installed, or undefined. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  for (const major of majors) {
    const bin = join(root, major, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (process.platform === 'win32') return 'PostgreSQL tests need a Unix system';
  if (!findPostgresBin()) return 'no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin; install the postgresql package to run them';
  return undefined;
}

/**
 * `describe` for tests that need a PostgreSQL server. Where none can run, nothing is skipped silently:
 * one test fails and says how to get the binaries (`.ci/run` installs Debian's postgresql package).
 */
export function describePostgres(name: string, body: () => void): void {
  const reason = postgresUnavailable();
  if (reason === undefined) {
    describe(name, body);
    return;
  }
  describe(name, () => {
    it('needs PostgreSQL', () => {
      throw new Error(`${name} cannot run: ${reason} (apt-get install postgresql; .ci/run does).`);
    });
  });
}

interface RunAs {
  readonly user: string;
  readonly uid: number;
  readonly gid: number;
}

/** As root: the unprivileged user the server runs as. Otherwise undefined (run as ourselves). */
function unprivilegedUser(): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { user, uid, gid };
    } catch {
      // No such user: try the next one.
    }
  }
  throw new Error('Running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as.');
}

/** The command and arguments that run `program` as `as` (or as ourselves). */
function asUser(as: RunAs | undefined, program: string, args: readonly string[]): [string, string[]] {
  if (!as) return [program, [...args]];
  if (existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser')) return ['runuser', ['-u', as.user, '--', program, ...args]];
  const quoted = [program, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  return ['su', ['-s', '/bin/sh', as.user, '-c', quoted]];
}

/** A loopback port free a moment ago (another process may take it before the caller binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface TestPostgres {
  /** The superuser's URL to the `postgres` database. */
  readonly url: string;
  /** Milliseconds initdb and pg_ctl start took. */
  readonly startupMs: number;
  /** A new empty database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** A new empty schema in the `postgres` database; returns a URL whose search_path is that schema. */
  createSchema(name: string): Promise<string>;
  /** Stops the server (fast shutdown), keeping its data, as an outage would: `resume` starts it again. */
  halt(): Promise<void>;
  /** Starts the halted server again, on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
}

const SUPERUSER = 'turnkeeper';

export interface TestPostgresOptions {
  /**
   * Durable as a deployment runs it: fsync, synchronous_commit and full_page_writes on (PostgreSQL's
   * defaults). Default false: tests need no durability across a power cut, and run faster without it.
   */
  readonly durable?: boolean;
}

/** Starts a throwaway PostgreSQL. Throws with initdb's or the server's log when it fails. */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresUnavailable());
  const started = performance.now();
  const as = unprivilegedUser();
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-pg-'));
  if (as) chownSync(dir, as.uid, as.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const exec = (program: string, args: readonly string[]) => {
    const [command, argv] = asUser(as, join(bin, program), args);
    return run(command, argv, { timeout: 60_000 });
  };
  let port = 0;
  let stopped = false;
  const pgStart = () => {
    const sync = options.durable === true ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const flags = `-c listen_addresses=127.0.0.1 -p ${port} -k '${dir}'${sync} -c max_connections=200`;
    return exec('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', flags, 'start']);
  };
  const stopNow = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      const [command, argv] = asUser(as, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      if (existsSync(join(data, 'postmaster.pid'))) execFileSync(command, argv, { stdio: 'ignore', timeout: 30_000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test run that ends without calling stop (a crash, an interrupted run) still ends its server.
  process.once('exit', stopNow);
  try {
    await exec('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await pgStart();
        break;
      } catch (e) {
        // Another process may have taken the port between our probe and the server's bind.
        if (attempt >= 3) throw e;
      }
    }
  } catch (e) {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8').slice(-4000) : '';
    process.removeListener('exit', stopNow);
    stopNow();
    const err = e as { message?: string; stderr?: string };
    throw new Error(`Could not start a test PostgreSQL from ${bin}: ${err.message ?? String(e)}\n${err.stderr ?? ''}\n${serverLog}`, { cause: e });
  }
  const startupMs = performance.now() - started;
  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  admin.on('error', () => {});
  return {
    url,
    startupMs,
    async createDatabase(name) {
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      return `postgres://${SUPERUSER}@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async createSchema(name) {
      await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(name)}`);
      return `${url}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
    },
    async halt() {
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async resume() {
      await pgStart();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopNow);
      await admin.end();
      try {
        // A halted server (a test that failed before resuming it) has nothing to stop.
        if (existsSync(join(data, 'postmaster.pid'))) await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
