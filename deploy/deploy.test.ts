/**
 * The docker-compose example (deploy/docker-compose.yml, its Caddyfile and Dockerfile) checked without
 * docker: the YAML parses, the services are there and wired as "Running several instances" in
 * docs/operations.md says (every instance on the db's PostgreSQL through TURNKEEPER_DATABASE_URL, which
 * the server's own settings parser accepts; healthchecks; the proxy's config names every instance on
 * its port; HTTPS published), and the files and paths they name exist in the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { resolveConfig } from '../src/server/start/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
const read = (path: string): string => readFileSync(join(here, path), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

// YAML 1.1 merge keys (`<<: *turnkeeper`), as compose reads them.
const doc = parseDocument(read('docker-compose.yml'), { merge: true, prettyErrors: true });
const compose = (doc.errors.length === 0 ? doc.toJS() : { services: {} }) as Compose;

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op: string | undefined, arg: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (op === '?') throw new Error(`${name} is required: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

const instances = Object.keys(compose.services).filter((name) => compose.services[name]!.environment?.TURNKEEPER_DATABASE_URL !== undefined);

describe('deploy/docker-compose.yml', () => {
  it('is valid YAML', () => {
    expect(doc.errors.map((e) => e.message)).toEqual([]);
    expect(doc.warnings.map((e) => e.message)).toEqual([]);
  });

  it('has PostgreSQL, two Turnkeeper instances and a proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['db', 'proxy', 'turnkeeper-1', 'turnkeeper-2']);
    expect(instances.sort()).toEqual(['turnkeeper-1', 'turnkeeper-2']);
    expect(compose.services.db!.image).toMatch(/^postgres:\d+/);
    expect(compose.services.proxy!.image).toMatch(/^caddy:\d/);
  });

  it('points every instance at the db service through TURNKEEPER_DATABASE_URL, as the server parses it', () => {
    const db = compose.services.db!.environment!;
    const env = { POSTGRES_PASSWORD: 's3cret', TURNKEEPER_DOMAIN: 'tk.example.org' };
    for (const name of instances) {
      const s = compose.services[name]!;
      const vars = Object.fromEntries(Object.entries(s.environment!).map(([k, v]) => [k, interpolate(String(v), env)]));
      const url = new URL(vars.TURNKEEPER_DATABASE_URL!);
      expect(url.protocol).toBe('postgres:');
      expect(url.hostname).toBe('db');
      expect(url.port).toBe('5432');
      expect(url.username).toBe(interpolate(db.POSTGRES_USER!, env));
      expect(url.password).toBe(interpolate(db.POSTGRES_PASSWORD!, env));
      expect(url.pathname).toBe(`/${interpolate(db.POSTGRES_DB!, env)}`);
      const parsed = resolveConfig({}, vars, '/app');
      expect(parsed).toMatchObject({ ok: true, config: { databaseUrl: vars.TURNKEEPER_DATABASE_URL, host: '0.0.0.0', port: 4646, publicUrl: 'https://tk.example.org' } });
      expect(s.depends_on?.db?.condition).toBe('service_healthy');
      // Each instance has a data folder of its own (for its copy of the owner token).
      expect(s.volumes).toEqual([`${name}-data:/data`]);
    }
    // Without a password the file refuses to start rather than connecting with an empty one.
    expect(() => interpolate(compose.services['turnkeeper-1']!.environment!.TURNKEEPER_DATABASE_URL!, {})).toThrow(/POSTGRES_PASSWORD is required/);
  });

  it('has healthchecks: pg_isready for the db, /api/health on the instance port', () => {
    expect(compose.services.db!.healthcheck!.test.join(' ')).toContain('pg_isready');
    for (const name of instances) {
      const s = compose.services[name]!;
      expect(s.healthcheck!.test.join(' ')).toContain(`127.0.0.1:${s.environment!.PORT}/api/health`);
    }
    for (const name of instances) expect(compose.services.proxy!.depends_on?.[name]?.condition).toBe('service_healthy');
  });

  it('builds every instance from deploy/Dockerfile with the repository as context', () => {
    for (const name of instances) {
      const build = compose.services[name]!.build!;
      const context = resolve(here, build.context);
      expect(context).toBe(repo);
      expect(existsSync(join(context, build.dockerfile))).toBe(true);
    }
  });

  it('declares every named volume it mounts, and the files it mounts exist', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const v of s.volumes ?? []) {
        const source = v.split(':')[0]!;
        if (source.startsWith('.') || source.startsWith('/')) expect(existsSync(resolve(here, source)), `${name}: ${source}`).toBe(true);
        else expect(Object.keys(compose.volumes ?? {}), `${name}: ${source}`).toContain(source);
      }
    }
    expect(compose.services.proxy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('publishes HTTP and HTTPS on the proxy only', () => {
    expect(compose.services.proxy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    for (const name of ['db', ...instances]) expect(compose.services[name]!.ports).toBeUndefined();
  });
});

/** Caddy's {$VAR} and {$VAR:default}: substituted in the whole file before it is parsed (a value may be several words). */
function caddyEnv(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\{\$(\w+)(?::([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => env[name] ?? fallback ?? '');
}

describe('deploy/Caddyfile', () => {
  const raw = read('Caddyfile')
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');
  // As the proxy service runs it: its environment from docker-compose.yml.
  const proxyEnv = Object.fromEntries(Object.entries(compose.services.proxy?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), { TURNKEEPER_DOMAIN: 'tk.example.org' })]));
  const caddy = caddyEnv(raw, proxyEnv);

  it('takes from the environment only what deploy/proxy.int.test.ts sets, with the compose values as defaults', () => {
    const names = [...raw.matchAll(/\{\$(\w+)/g)].map((m) => m[1]!);
    expect([...new Set(names)].sort()).toEqual(['CADDY_ADMIN', 'TURNKEEPER_DOMAIN', 'TURNKEEPER_UPSTREAMS']);
    const test = readFileSync(join(here, 'proxy.int.test.ts'), 'utf8');
    expect(test).toContain("'--config', 'deploy/Caddyfile'");
    for (const name of names) expect(test, name).toContain(`${name}:`);
    // The admin endpoint stays where `caddy reload` in the container looks for it.
    expect(caddy).toMatch(/^\s*admin localhost:2019$/m);
  });

  it('balances over every instance, on its port, under one TLS site', () => {
    expect(caddy.split('{').length).toBe(caddy.split('}').length);
    const upstreams = /^\s*reverse_proxy\s+([^{\n]+)/m.exec(caddy)![1]!.trim().split(/\s+/);
    expect(upstreams.sort()).toEqual(instances.map((name) => `${name}:${compose.services[name]!.environment!.PORT}`).sort());
    expect(caddy).toContain('health_uri /api/health');
    // A site address (not :80 or http://): Caddy serves it over HTTPS.
    const site = /^(\S+)\s*\{/gm.exec(caddy.replace(/^\{[^]*?^\}/m, ''))![1]!;
    expect(site).toBe('tk.example.org');
    expect(raw).toMatch(/^\{\$TURNKEEPER_DOMAIN(:[^}]*)?\}\s*\{/m);
  });

  it('tries a request on another instance only when it cannot have reached one: a command is never sent twice', () => {
    expect(caddy).toMatch(/^\s*lb_try_duration \d+s$/m);
    expect(caddy).not.toContain('lb_retry_match');
    expect(caddy).not.toContain('lb_retries');
    // Passive health counts failed connections, not the application's 409s, 429s and 503s.
    expect(caddy).toMatch(/^\s*fail_duration \d+s$/m);
    expect(caddy).not.toContain('unhealthy_status');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));

  it('copies only paths that exist in the repository', () => {
    const copies = instructions.filter((l) => l.startsWith('COPY '));
    expect(copies.length).toBeGreaterThan(0);
    for (const line of copies) {
      const words = line.split(/\s+/).slice(1);
      const from = words.find((w) => w.startsWith('--from='));
      const paths = words.filter((w) => !w.startsWith('--'));
      const sources = paths.slice(0, -1);
      for (const source of sources) {
        if (source === '.') continue;
        // From the build stage: the repository's files, less what the build makes (dist) or installs (node_modules).
        const path = from ? source.replace(/^\/app\//, '') : source;
        if (/^(node_modules|dist)(\/|$)/.test(path)) continue;
        expect(existsSync(join(repo, path)), `${line}: ${path}`).toBe(true);
      }
    }
  });

  it('builds the web app, runs the server from bin/turnkeeper.js as an unprivileged user, on the port the instances use', () => {
    expect(dockerfile).toContain('npm run build:web');
    expect(JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).scripts['build:web']).toBeDefined();
    const cmd = JSON.parse(instructions.find((l) => l.startsWith('CMD '))!.slice(4)) as string[];
    expect(cmd.slice(0, 3)).toEqual(['node', 'bin/turnkeeper.js', 'serve']);
    expect(existsSync(join(repo, cmd[1]!))).toBe(true);
    expect(instructions).toContain('USER node');
    const exposed = /^EXPOSE (\d+)/m.exec(instructions.join('\n'))![1];
    for (const name of instances) expect(compose.services[name]!.environment!.PORT).toBe(exposed);
    expect(existsSync(join(here, 'Dockerfile.dockerignore'))).toBe(true);
  });
});

describe('docs/operations.md', () => {
  it('points to the example from "Running several instances"', () => {
    const operations = readFileSync(join(repo, 'docs', 'operations.md'), 'utf8');
    const section = operations.slice(operations.indexOf('## Running several instances'), operations.indexOf('\n## ', operations.indexOf('## Running several instances') + 5));
    expect(section).toContain('deploy/docker-compose.yml');
  });
});
