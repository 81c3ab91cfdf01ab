/** The one line `turnkeeper serve` prints when it cannot start (the real runs: start-faults.int.test.ts). */
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../store/index.ts';
import { startFailure } from './start-failure.ts';

const config = { port: 4646, dataDir: '/srv/turnkeeper' };
const failure = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('why the server could not start', () => {
  it('names the port in use', () => {
    expect(startFailure(failure('listen EADDRINUSE', 'EADDRINUSE'), config)).toBe('port 4646 is already in use (another Turnkeeper?). Try --port.');
  });

  it('says how to restore a backup when the database is damaged or lost', () => {
    for (const code of ['store/damaged', 'store/lost']) {
      const line = startFailure(new StoreError(code, 'The database /srv/turnkeeper/turnkeeper.db is damaged.'), config);
      expect(line).toMatch(/^The database \/srv\/turnkeeper\/turnkeeper.db is damaged\. Restore the last backup: /);
      expect(line).toContain('"The data folder" in src/server/README.md');
      expect(line).not.toContain('\n');
    }
  });

  it('names the folder it cannot write, and what to do', () => {
    for (const code of ['SQLITE_READONLY_DIRECTORY', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'EACCES', 'EROFS']) {
      const line = startFailure(failure('attempt to write a readonly database', code), config);
      expect(line).toMatch(/^the data folder \/srv\/turnkeeper is read-only for (user|uid) \S+: /);
      expect(line).toMatch(/--data\.$/);
    }
  });

  it('says the disk is full', () => {
    expect(startFailure(failure('ENOSPC: no space left on device, write', 'ENOSPC'), config)).toMatch(/^the disk holding \/srv\/turnkeeper is full/);
  });

  it('keeps any other message, on one line', () => {
    expect(startFailure(new Error('something\nelse'), config)).toBe('something else');
  });
});
