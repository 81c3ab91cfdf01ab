import { afterEach, describe, expect, it } from 'vitest';
import { engine } from '../../rules/index.ts';
import { MemoryEventStore } from '../../store/index.ts';
import type { StoredEvent } from '../../core/index.ts';
import { ApiError } from '../shared/index.ts';
import { LostRace, MAX_PAUSE_MS, racePause, untilDecided } from './race-retry.ts';
import type { RaceTiming } from './race-retry.ts';
import { connect, listen, testApp } from '../test-kit.ts';
import type { Recorder, TestApp } from '../test-kit.ts';

const fight = { rules: 'custom', seed: 1, combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 6 }] };

/**
 * A store another process writes too: each of the next `losses` appends to the encounter watched is
 * beaten by another process's note, committed just before it, so it fails as a lost race would.
 */
function racingStore() {
  const store = new MemoryEventStore();
  const append = store.append.bind(store);
  const race = { id: '', losses: 0, ours: 0, theirs: 0 };
  store.append = async (id, expected, events, at, options) => {
    if (id === race.id) {
      race.ours++;
      if (race.losses > 0) {
        race.losses--;
        const before = engine.replay(await store.readEvents(id));
        const x = engine.execute(before, { type: 'note', text: `elsewhere ${++race.theirs}` });
        if (!x.ok) throw new Error(x.rejection.message);
        await append(id, before.version, x.events, at);
      }
    }
    return append(id, expected, events, at, options);
  };
  return { store, race };
}

let t: TestApp | undefined;
const sockets: Recorder[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t?.close();
  t = undefined;
});

async function setup(limits: Record<string, number> = {}) {
  const { store, race } = racingStore();
  t = await testApp({ store, limits });
  const base = await listen(t);
  const c = await t.create(fight);
  race.id = c.id;
  const gm = await connect(base, c.id, c.gmKey);
  sockets.push(gm);
  await gm.waitFor((m) => m.type === 'events');
  return { t, c, race, store, gm };
}

const note = (text: string) => ({ type: 'note', text });

describe('a command without expectedVersion that loses races to another instance', () => {
  it('is decided again until it applies, 20 lost races in a row included', async () => {
    const { t, c, race, store, gm } = await setup({ raceRetryMs: 10_000 });
    race.losses = 20;
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: note('ours') });
    expect([r.status, r.body]).toEqual([200, expect.stringContaining('"version":26')]);
    expect(race.ours).toBe(21);
    const texts = (await store.readEvents(c.id, 5)).map((s) => (s.event as { text?: string }).text);
    expect(texts).toEqual([...Array.from({ length: 20 }, (_, i) => `elsewhere ${i + 1}`), 'ours']);
    // The GM's socket received every seq, the other process's first, in order.
    await gm.waitFor((m) => m.type === 'events' && m.seq === 26);
    const seqs = gm.messages.filter((m) => m.type === 'events').flatMap((m) => (m.events as StoredEvent[]).map((e) => e.seq));
    expect(seqs).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
  });

  it('fails only once the time budget is spent, with 503 encounter/busy and no version the client never sent', async () => {
    const { t, c, race, store } = await setup({ raceRetryMs: 500 });
    race.losses = Number.POSITIVE_INFINITY;
    const started = performance.now();
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: note('ours') });
    const took = performance.now() - started;
    expect([r.status, r.json().code]).toEqual([503, 'encounter/busy']);
    expect(r.headers['retry-after']).toBe('1');
    expect(r.body).not.toContain('expectedVersion');
    expect(r.json().message).toMatch(/nothing was changed/);
    expect(took).toBeGreaterThanOrEqual(500);
    // Decided again many times (not twice), each on the state caught up.
    expect(race.ours).toBeGreaterThan(3);
    expect((await store.readEvents(c.id)).some((s) => (s.event as { text?: string }).text === 'ours')).toBe(false);
    // The next command, once the other process stops, applies.
    race.losses = 0;
    expect((await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: note('ours, later') })).status).toBe(200);
  });

  it('decides again for about 2 s by default', async () => {
    const { t, c, race } = await setup();
    race.losses = Number.POSITIVE_INFINITY;
    const started = performance.now();
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: note('ours') });
    expect([r.status, r.json().code]).toEqual([503, 'encounter/busy']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('with expectedVersion, a lost race is the 409 at once, naming the version the client sent', async () => {
    const { t, c, race } = await setup();
    race.losses = 1;
    const r = await t.call('POST', `/api/encounters/${c.id}/commands?expectedVersion=5`, { key: c.gmKey, body: note('ours') });
    expect([r.status, r.json()]).toMatchObject([409, { code: 'encounter/version-conflict', details: { expectedVersion: 5, currentVersion: 6 } }]);
    expect(race.ours).toBe(1);
  });
});

describe('untilDecided', () => {
  /** A clock that moves only when the code sleeps. */
  function fakeTiming(budgetMs: number) {
    let now = 0;
    const pauses: number[] = [];
    const timing: RaceTiming = {
      budgetMs,
      now: () => now,
      sleep: async (ms) => {
        pauses.push(ms);
        now += ms;
      },
      random: () => new Uint8Array([255]),
    };
    return { timing, pauses, elapsed: () => now };
  }

  it('retries for the whole budget, never past it, then fails with encounter/busy', async () => {
    const { timing, pauses, elapsed } = fakeTiming(2000);
    let tries = 0;
    const lose = async (): Promise<never> => {
      tries++;
      throw new LostRace(tries + 4, tries + 5);
    };
    const e = await untilDecided({ attempt: lose, catchUp: async () => true, version: () => tries + 5 }, undefined, timing).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).body()).toEqual({ code: 'encounter/busy', message: expect.stringContaining('for 2 s'), details: { retryAfterMs: 1000 } });
    expect(elapsed()).toBe(2000);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(MAX_PAUSE_MS);
    expect(tries).toBeGreaterThan(40);
  });

  it('answers as soon as a try wins', async () => {
    const { timing, pauses } = fakeTiming(2000);
    let tries = 0;
    const r = await untilDecided(
      {
        attempt: async () => {
          if (++tries <= 30) throw new LostRace(tries, tries + 1);
          return 'applied';
        },
        catchUp: async () => true,
        version: () => tries,
      },
      undefined,
      timing,
    );
    expect([r, tries, pauses.length]).toEqual(['applied', 31, 30]);
  });

  it('does not retry when the client expected a version, or when the copy held here was dropped', async () => {
    const { timing, pauses } = fakeTiming(2000);
    const lose = async (): Promise<never> => {
      throw new LostRace(7, 9);
    };
    const conflict = await untilDecided({ attempt: lose, catchUp: async () => true, version: () => 9 }, 7, timing).catch((x: unknown) => x);
    expect((conflict as ApiError).body()).toMatchObject({ code: 'encounter/version-conflict', details: { expectedVersion: 7, currentVersion: 9 } });
    let tries = 0;
    const dropped = await untilDecided({ attempt: () => (tries++, lose()), catchUp: async () => false, version: () => 0 }, undefined, timing).catch((x: unknown) => x);
    expect([(dropped as ApiError).code, tries]).toEqual(['encounter/busy', 1]);
    expect(pauses.length).toBe(1);
    const other = new Error('disk full');
    await expect(untilDecided({ attempt: () => Promise.reject(other), catchUp: async () => true, version: () => 0 }, undefined, timing)).rejects.toBe(other);
  });

  it('pauses from 1 ms up to 40 ms, each between half and all of its step', () => {
    const at = (byte: number) => (n: number) => racePause(n, () => new Uint8Array([byte]));
    expect([1, 2, 3, 6, 7, 50].map(at(255))).toEqual([1, 2, 4, 32, 40, 40]);
    expect([1, 2, 3, 6, 7, 50].map(at(0))).toEqual([0.5, 1, 2, 16, 20, 20]);
  });
});
