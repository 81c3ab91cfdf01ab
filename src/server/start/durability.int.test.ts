/**
 * Durability: the real server in a child process, clients sending commands concurrently and a live
 * socket listening, SIGKILL mid-stream, a restart on the same data folder. Every acknowledged event is
 * there, in order; every event a socket saw is there; the state replays to what clients were told.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { viewOf } from '../../core/index.ts';
import type { StoredEvent } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { serveProcess } from './serve-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-durability-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});


/** Resolves once the child has exited (by itself or by a signal), even if it already has. */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

interface Ack {
  readonly version: number;
  readonly events: StoredEvent[];
  readonly view: unknown;
}

const ENCOUNTERS = 3;
const CLIENTS = 2;

describe('durability', () => {
  it('keeps every acknowledged event through a SIGKILL, and replays to what clients were told', async () => {
    const first = await serveProcess(dir, children);
    const owner = readFileSync(join(dir, 'owner-token'), 'utf8').trim();
    const call = async (base: string, method: string, path: string, key: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        signal: AbortSignal.timeout(10_000),
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: r.status, json: (await r.json()) as Record<string, unknown> };
    };
    const encounters: { id: string; gmKey: string }[] = [];
    for (let i = 0; i < ENCOUNTERS; i++) {
      const r = await call(first.base, 'POST', '/api/encounters', owner, {
        rules: 'custom',
        combatants: [{ name: 'Vasquez', kind: 'pc', hp: 1_000_000 }, { name: 'Ogre', hp: 1_000_000 }],
      });
      encounters.push(r.json as { id: string; gmKey: string });
    }
    const acks = new Map<string, Ack[]>(encounters.map((e) => [e.id, []]));
    const seen = new Map<string, StoredEvent[]>(encounters.map((e) => [e.id, []]));
    for (const e of encounters) {
      const ws = new WebSocket(`${first.base.replace('http', 'ws')}/api/encounters/${e.id}/live?key=${e.gmKey}`);
      ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as { type: string; events?: StoredEvent[] };
        if (m.type === 'events') seen.get(e.id)!.push(...m.events!);
      });
      ws.on('error', () => {});
    }
    let killed = false;
    const client = async (e: { id: string; gmKey: string }, n: number) => {
      for (let i = 0; !killed; i++) {
        const command = i % 2 === 0 ? { type: 'damage', combatants: ['Ogre'], amount: n + 1 } : { type: 'heal', combatants: ['Vasquez', 'Ogre'], amount: 1 };
        try {
          const r = await call(first.base, 'POST', `/api/encounters/${e.id}/commands`, e.gmKey, command);
          if (r.status === 200) acks.get(e.id)!.push(r.json as unknown as Ack);
          else if (r.status !== 422) throw new Error(`unexpected ${r.status}`);
        } catch {
          return;
        }
      }
    };
    const running = encounters.flatMap((e) => Array.from({ length: CLIENTS }, (_, n) => client(e, n)));
    // Kill while commands are in flight, once enough have been acknowledged.
    const deadline = Date.now() + 5_000;
    while ([...acks.values()].reduce((a, l) => a + l.length, 0) < 90 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(running);
    await exited(first.child);
    const second = await serveProcess(dir, children);
    for (const e of encounters) {
      const stored = (await call(second.base, 'GET', `/api/encounters/${e.id}/events`, e.gmKey)).json.events as StoredEvent[];
      expect(stored.map((s) => s.seq)).toEqual(stored.map((_, i) => i + 1));
      const mine = acks.get(e.id)!;
      expect(mine.length).toBeGreaterThan(5);
      for (const ack of mine) for (const ev of ack.events) expect(stored[ev.seq - 1]).toEqual(ev);
      for (const ev of seen.get(e.id)!) expect(stored[ev.seq - 1]).toEqual(ev);
      const told = mine.reduce((a, b) => (b.version > a.version ? b : a));
      // At most one command per client was in flight, committed or not, when the process died.
      expect(stored.length).toBeGreaterThanOrEqual(told.version);
      expect(stored.length - told.version).toBeLessThanOrEqual(CLIENTS * 2);
      const replayed = JSON.parse(JSON.stringify(viewOf(engine, engine.replay(stored.slice(0, told.version)))));
      expect(replayed).toEqual(told.view);
      const now = (await call(second.base, 'GET', `/api/encounters/${e.id}`, e.gmKey)).json.view as { version: number };
      expect(now.version).toBe(stored.length);
      if (stored.length === told.version) expect(now).toEqual(told.view);
      // And the restarted server takes commands again.
      expect((await call(second.base, 'POST', `/api/encounters/${e.id}/commands`, e.gmKey, { type: 'note', text: 'after the crash' })).status).toBe(200);
    }
    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(second.child.exitCode).toBe(0);
  }, 60_000);
});
