/**
 * Issue 20, item 11: a campaign import is all or nothing. The real server in a child process imports a
 * campaign of 40 fights and is killed (SIGKILL) on the way: once the campaign shows in the list, and
 * about 120 ms and 40 ms after the import was sent. After a restart on the same data folder there is
 * either no new campaign (and a retry makes exactly one) or one with all 40 fights, the list and the
 * fights saying the same.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveProcess } from '../start/testing.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dirs: string[] = [];
const children: ChildProcess[] = [];
const FIGHTS = 40;
/** Notes added to each fight, so that storing the fights takes a while. */
const NOTES = 400;

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});


function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

function client(base: string, owner: string) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const r = await fetch(`${base}${path}`, {
      signal: AbortSignal.timeout(60_000),
      method,
      headers: { authorization: `Bearer ${owner}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: r.status, json: (await r.json()) as Json };
  };
}

/** A campaign file with 40 fights (made by a server of its own), each with `NOTES` notes more. */
async function campaignFile(): Promise<Json> {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-import-source-'));
  dirs.push(dir);
  const server = await serveProcess(dir, children);
  const call = client(server.base, server.owner);
  const id = (await call('POST', '/api/campaigns', { rules: 'custom', title: 'Forty fights' })).json.campaign.id as string;
  await call('POST', `/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Vasquez', hp: 12 });
  await call('POST', `/api/campaigns/${id}/commands`, { type: 'add-template', name: 'Raider', hp: 7 });
  for (let i = 0; i < FIGHTS; i++) {
    expect((await call('POST', `/api/campaigns/${id}/fights`, { title: `Fight ${i + 1}`, templates: [{ template: 'Raider', count: 2 }], start: true })).status).toBe(201);
  }
  const file = (await call('GET', `/api/campaigns/${id}/export`)).json;
  await killed(server.child);
  for (const fight of file.fights as Json[]) {
    const last = fight.events.at(-1);
    for (let n = 1; n <= NOTES; n++) fight.events.push({ seq: last.seq + n, cmd: last.cmd + n, event: { type: 'note-added', text: `Note ${n} of the long fight`, gmOnly: false } });
  }
  return file;
}

/** Every campaign on the server has all its fights, and the list says as many. */
async function whole(call: ReturnType<typeof client>): Promise<string[]> {
  const campaigns = (await call('GET', '/api/campaigns')).json.campaigns as Json[];
  for (const c of campaigns) {
    expect(c.fights, `the list of ${c.id}`).toBe(FIGHTS);
    const fights = (await call('GET', `/api/campaigns/${c.id}/fights`)).json.fights as Json[];
    expect(fights.length, `the fights of ${c.id}`).toBe(FIGHTS);
  }
  return campaigns.map((c) => c.id as string);
}

describe('a campaign import killed on the way', () => {
  it('leaves the whole campaign or nothing, and a retry makes one campaign', async () => {
    const file = await campaignFile();
    const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-import-kill-'));
    dirs.push(dir);
    const kills: (number | 'shown')[] = ['shown', 120, 40];
    for (const [i, when] of kills.entries()) {
      const server = await serveProcess(dir, children);
      const call = client(server.base, server.owner);
      expect(await whole(call)).toHaveLength(i);
      const sent = call('POST', '/api/campaigns/import', file).catch(() => undefined);
      if (when === 'shown') {
        // Kill as soon as the new campaign shows in the list (or the import has answered).
        let done = false;
        void sent.then(() => (done = true));
        while (!done && ((await call('GET', '/api/campaigns')).json.campaigns as Json[]).length === i) await new Promise((r) => setTimeout(r, 1));
      } else {
        await new Promise((r) => setTimeout(r, when));
      }
      await killed(server.child);
      await sent;
      const again = await serveProcess(dir, children);
      const after = client(again.base, again.owner);
      const ids = await whole(after);
      expect(ids.length, `killed ${when === 'shown' ? 'once it showed' : `after ${when} ms`}`).toBeGreaterThanOrEqual(i);
      expect(ids.length).toBeLessThanOrEqual(i + 1);
      if (ids.length === i) expect((await after('POST', '/api/campaigns/import', file)).status).toBe(201);
      expect(await whole(after)).toHaveLength(i + 1);
      await killed(again.child);
    }
  }, 240_000);
});
