/**
 * Campaigns: a party of 10 and a bestiary of 200 templates (in SQLite on a worker thread, as the
 * server runs). Measured on the server, through its HTTP routes in this process (`inject`: no network):
 * the campaign page's read (GET /api/campaigns/:id: replay, log, state) and the pull-in of a fight
 * (POST /api/campaigns/:id/fights: the party as it is now and 20 templates, created, stored and linked).
 * Target: pull-in under 50 ms. Medians of 30 rounds after 5 warm-ups.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/http/index.ts';
import { ThreadedSqliteEventStore } from '../src/store/index.ts';
import { median } from './harness.ts';

const OWNER = 'tko_bench-owner-token-0123456789abcdef';

export async function benchCampaign(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-bench-campaign-'));
  const store = await ThreadedSqliteEventStore.open(join(dir, 'bench.db'));
  const lots = 1_000_000;
  const app = await buildApp({ store, ownerToken: OWNER, webRoot: dir, limits: { readsPerSecond: lots, readBurst: lots, maxEncounters: lots } });
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await app.fastify.inject({ method, url, headers: { authorization: `Bearer ${OWNER}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return r;
  };
  try {
    for (const rules of ['swn', 'fallout']) {
      const id = (await call('POST', '/api/campaigns', { rules, title: `Bench ${rules}` })).json<{ campaign: { id: string } }>().campaign.id;
      const pcStats = rules === 'fallout' ? { hp: 14, luc: 6, agi: 7, per: 6 } : { hp: 12, ac: 14, dexMod: 1 };
      const npcStats = rules === 'fallout' ? { hp: 9, agi: 6, per: 5 } : { hp: 7, ac: 12 };
      for (let i = 0; i < 10; i++) await call('POST', `/api/campaigns/${id}/commands`, { type: 'add-pc', name: `Hero ${i + 1}`, stats: pcStats });
      for (let i = 0; i < 200; i++) {
        await call('POST', `/api/campaigns/${id}/commands`, { type: 'add-template', name: `Foe ${i + 1}`, stats: npcStats, tags: [`tier-${i % 5}`, i % 2 ? 'human' : 'beast'], notes: 'Lurks in the ruins.' });
      }
      const time = async (rounds: number, f: () => Promise<unknown>): Promise<number[]> => {
        const out: number[] = [];
        for (let i = 0; i < rounds + 5; i++) {
          const t = performance.now();
          await f();
          if (i >= 5) out.push(performance.now() - t);
        }
        return out;
      };
      const page = await time(30, () => call('GET', `/api/campaigns/${id}`));
      const fights = Array.from({ length: 20 }, (_, i) => ({ template: `Foe ${i * 10 + 1}`, count: 1 }));
      const pull = await time(30, () => call('POST', `/api/campaigns/${id}/fights`, { title: 'Bench fight', templates: fights }));
      const search = await time(30, () => call('GET', `/api/campaigns/${id}/templates?q=foe 1`));
      const p = median(pull);
      log(
        `${rules.padEnd(8)} campaign page read ${median(page).toFixed(1)} ms · bestiary search ${median(search).toFixed(1)} ms · pull-in of 10 PCs + 20 templates ${p.toFixed(1)} ms (p90 ${[...pull].sort((a, b) => a - b)[Math.floor(pull.length * 0.9)]!.toFixed(1)} ms; target under 50 ms: ${p < 50 ? 'met' : 'missed'})`,
      );
    }
  } finally {
    await app.fastify.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
