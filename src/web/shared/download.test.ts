import { describe, expect, it } from 'vitest';
import { readJsonFile } from './download.ts';

describe('reading a picked file', () => {
  it('reads JSON, and says so in words when it is not', async () => {
    expect(await readJsonFile(new File(['{"format":"turnkeeper-campaign"}'], 'c.json'))).toEqual({ ok: true, value: { format: 'turnkeeper-campaign' } });
    expect(await readJsonFile(new File(['hello'], 'notes.txt'))).toEqual({ ok: false, message: '“notes.txt” is not a Turnkeeper file: it is not JSON.' });
  });
});
