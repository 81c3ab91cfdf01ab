import { describe, expect, it } from 'vitest';
import { defaultPool, redactUrl, resolveConfig } from './config.ts';
import { RateLimiter } from '../shared/index.ts';
import { SerialQueue } from '../encounters/index.ts';

describe('server config', () => {
  it('defaults: port 4646, this computer only, ./data, normal sync', () => {
    const r = resolveConfig({}, {}, '/home/gm');
    expect(r).toMatchObject({ ok: true, config: { port: 4646, host: '127.0.0.1', dataDir: '/home/gm/data', sync: 'normal', logLevel: 'warn' } });
  });

  it('reads the environment, and flags win over it', () => {
    const env = { PORT: '8080', HOST: '0.0.0.0', TURNKEEPER_DATA: '/srv/tk', TURNKEEPER_SYNC: 'full', TURNKEEPER_PUBLIC_URL: 'http://tk.lan:8080/' };
    expect(resolveConfig({}, env, '/x')).toMatchObject({ ok: true, config: { port: 8080, host: '0.0.0.0', dataDir: '/srv/tk', sync: 'full', publicUrl: 'http://tk.lan:8080' } });
    expect(resolveConfig({ port: '0', data: 'here', host: '127.0.0.1' }, env, '/x')).toMatchObject({ ok: true, config: { port: 0, dataDir: '/x/here', host: '127.0.0.1' } });
  });

  it('refuses bad values with a message', () => {
    expect(resolveConfig({ port: 'eighty' }, {}, '/')).toMatchObject({ ok: false, error: expect.stringContaining('port') });
    expect(resolveConfig({ port: '70000' }, {}, '/')).toMatchObject({ ok: false });
    expect(resolveConfig({ sync: 'off' }, {}, '/')).toMatchObject({ ok: false, error: expect.stringContaining('full or normal') });
    expect(resolveConfig({ host: true }, {}, '/')).toMatchObject({ ok: false });
    expect(resolveConfig({ 'public-url': 'tk.lan' }, {}, '/')).toMatchObject({ ok: false });
  });

  it('selects PostgreSQL by TURNKEEPER_DATABASE_URL or --database-url (SQLite otherwise), never echoing a password', () => {
    expect(resolveConfig({}, {}, '/')).toMatchObject({ ok: true, config: { databaseUrl: undefined } });
    const env = { TURNKEEPER_DATABASE_URL: 'postgres://tk:secret@db:5432/tk' };
    expect(resolveConfig({}, env, '/')).toMatchObject({ ok: true, config: { databaseUrl: 'postgres://tk:secret@db:5432/tk' } });
    expect(resolveConfig({ 'database-url': 'postgresql://other/tk' }, env, '/')).toMatchObject({ ok: true, config: { databaseUrl: 'postgresql://other/tk' } });
    const bad = resolveConfig({ 'database-url': 'mysql://tk:secret@db/tk' }, {}, '/');
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('postgres://') });
    expect(JSON.stringify(bad)).not.toContain('secret');
    expect(resolveConfig({ 'database-url': true }, {}, '/')).toMatchObject({ ok: false });
    expect(redactUrl('postgres://tk:s3cr:et@db:5432/tk?sslmode=require&password=x')).toBe('postgres://tk:***@db:5432/tk');
    expect(redactUrl('postgres://db/tk')).toBe('postgres://db/tk');
  });

  it('sizes the PostgreSQL pool for the machine unless told (--database-pool, TURNKEEPER_DATABASE_POOL)', () => {
    expect(defaultPool(1)).toBe(4);
    expect(defaultPool(4)).toBe(8);
    expect(defaultPool(64)).toBe(16);
    const env = { TURNKEEPER_DATABASE_URL: 'postgres://db/tk' };
    expect(resolveConfig({}, env, '/')).toMatchObject({ ok: true, config: { databasePool: defaultPool() } });
    expect(resolveConfig({}, { ...env, TURNKEEPER_DATABASE_POOL: '12' }, '/')).toMatchObject({ ok: true, config: { databasePool: 12 } });
    expect(resolveConfig({ 'database-pool': '3' }, { ...env, TURNKEEPER_DATABASE_POOL: '12' }, '/')).toMatchObject({ ok: true, config: { databasePool: 3 } });
    for (const bad of ['0', 'many', '1.5', '500']) {
      expect(resolveConfig({ 'database-pool': bad }, env, '/')).toMatchObject({ ok: false, error: expect.stringContaining('--database-pool') });
    }
    // SQLite has no pool.
    expect(resolveConfig({}, {}, '/')).not.toMatchObject({ config: { databasePool: expect.anything() } });
  });
});

describe('rate limiter', () => {
  it('allows the burst, then the rate, and says how long to wait', () => {
    let now = 0;
    const r = new RateLimiter(2, 3, () => now);
    expect([r.take('a'), r.take('a'), r.take('a')]).toEqual([0, 0, 0]);
    expect(r.take('a')).toBe(500);
    expect(r.take('b')).toBe(0);
    now = 500;
    expect(r.take('a')).toBe(0);
    expect(r.take('a')).toBe(500);
    now = 10_000;
    expect([r.take('a'), r.take('a'), r.take('a'), r.take('a')]).toEqual([0, 0, 0, 500]);
  });
});

describe('serial queue', () => {
  it('runs tasks of one key in order, other keys independently, and survives failures', async () => {
    const q = new SerialQueue();
    const order: string[] = [];
    const slow = (name: string, ms: number) => () => new Promise<string>((r) => setTimeout(() => (order.push(name), r(name)), ms));
    const results = await Promise.allSettled([
      q.run('a', slow('a1', 30)),
      q.run('a', () => Promise.reject(new Error('boom'))),
      q.run('a', slow('a3', 1)),
      q.run('b', slow('b1', 5)),
    ]);
    expect(order).toEqual(['b1', 'a1', 'a3']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    await new Promise((r) => setTimeout(r, 0));
    expect(q.size).toBe(0);
  });
});
