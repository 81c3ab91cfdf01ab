/**
 * The data folder holds the owner token and every encounter: the server creates it readable by its
 * owner only (0700), and the database with its write-ahead log and index 0600, like the token.
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../store/index.ts';
import { DATABASE_FILE } from './config.ts';
import { OWNER_TOKEN_FILE } from '../shared/index.ts';
import { startServer } from './server.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'turnkeeper-modes-'));
  dirs.push(d);
  return d;
}

describe('file modes', () => {
  it('turnkeeper serve creates the data folder 0700 and the database, its -wal and -shm and the owner token 0600', async () => {
    const data = join(tempDir(), 'nested', 'data');
    const quiet = { out: () => undefined, err: () => undefined };
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: data, sync: 'normal', publicUrl: undefined, webRoot: '/nonexistent', logLevel: 'silent' }, quiet);
    try {
      const created = await fetch(`${server.url}/api/encounters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.app.ownerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rules: 'custom', combatants: [{ name: 'A', hp: 3 }] }),
      });
      expect(created.status).toBe(201);
      const db = join(data, DATABASE_FILE);
      expect({
        folder: mode(data),
        db: mode(db),
        wal: mode(`${db}-wal`),
        shm: mode(`${db}-shm`),
        token: mode(join(data, OWNER_TOKEN_FILE)),
      }).toEqual({ folder: '700', db: '600', wal: '600', shm: '600', token: '600' });
    } finally {
      await server.close();
    }
  });

  it('the SQLite store tightens a database and a WAL left readable by others, and makes backups 0600', async () => {
    const path = join(tempDir(), DATABASE_FILE);
    const first = new SqliteEventStore(path);
    first.db.close();
    writeFileSync(`${path}-wal`, '');
    chmodSync(path, 0o644);
    chmodSync(`${path}-wal`, 0o644);
    const store = new SqliteEventStore(path);
    try {
      expect([mode(path), mode(`${path}-wal`), mode(`${path}-shm`)]).toEqual(['600', '600', '600']);
      await store.backup(`${path}.backup`);
      expect(mode(`${path}.backup`)).toBe('600');
    } finally {
      await store.close();
    }
  });
});
