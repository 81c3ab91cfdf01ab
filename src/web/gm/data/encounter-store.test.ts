import { describe, expect, it } from 'vitest';
import { engine } from '../../../rules/index.ts';
import type { Command, FoldModule, GmLogEntry, StoredEvent } from '../../../core/index.ts';
import { swnFold } from '../../../rules/swn/fold.ts';
import type { Mark } from '../../../server/live/index.ts';
import { DOUBT_TEXT, IN_DOUBT, OUTCOME_UNKNOWN } from './command-doubt.ts';
import { EncounterStore } from './encounter-store.ts';
import { swnFightUnderWay } from './fight-kit.ts';
import type { EventsRead, Incoming, Sent, Transport } from './store-transport.ts';

/** A stored log made by the engine, as the server would hold it. */
const storedLog = (): StoredEvent[] => swnFightUnderWay().events;

class FakeTransport implements Transport {
  on: Incoming | null = null;
  after: (() => number) | null = null;
  sent: { command: Command; expected: number }[] = [];
  answer: Sent = { ok: false, code: 'x', message: 'no answer set' };
  subscribe(after: () => number, on: Incoming) {
    this.after = after;
    this.on = on;
    return () => {
      this.on = null;
    };
  }
  /** The server's stored events, for `read` (null: the server cannot be read). */
  stored: StoredEvent[] | null = null;
  reads: number[] = [];
  async send(command: Command, expected: number): Promise<Sent> {
    this.sent.push({ command, expected });
    return this.answer;
  }
  async read(after: number): Promise<EventsRead | null> {
    this.reads.push(after);
    return this.stored ? { events: this.stored.filter((e) => e.seq > after), complete: true } : null;
  }
}

const settle = () => new Promise((r) => setTimeout(r, 20));
const line = (seq: number, cmd: number, text: string): GmLogEntry => ({ seq, cmd, round: 0, text, gmOnly: false, about: [], undone: false });

describe('the GM store: the server’s events folded in the browser', () => {
  it('folds each event once, in order, whatever order and how many times they arrive', async () => {
    const log = storedLog();
    const t = new FakeTransport();
    const store = new EncounterStore(t);
    store.start();
    t.on!.status('live');
    const top = log.length;
    const half = Math.floor(top / 2);
    // The second half first (a command's answer overtaking the socket), then everything, then a repeat.
    t.on!.events(top, log.slice(half), [], []);
    t.on!.events(top, log, [line(1, 1, 'Encounter "Docks" created (swn rules).')], []);
    t.on!.events(top, log.slice(0, 3), [line(1, 1, 'Encounter "Docks" created (swn rules).')], []);
    await settle();
    const snap = store.getSnapshot();
    expect(snap.status).toBe('live');
    expect(snap.encounter.version).toBe(top);
    expect(snap.events.map((e) => e.seq)).toEqual(log.map((e) => e.seq));
    expect(snap.view?.now).toMatchObject({ kind: 'actor', actor: 'c1' });
    expect(snap.log).toHaveLength(1);
    // It would reconnect asking for what follows the last batch the socket delivered.
    expect(t.after!()).toBe(top);
  });

  it('sends with the version the GM saw, and folds the answer at once', async () => {
    const log = storedLog();
    const t = new FakeTransport();
    const store = new EncounterStore(t);
    store.start();
    t.on!.events(log.length, log, [], []);
    await settle();
    const enc = store.getSnapshot().encounter;
    const r = engine.execute(enc, { type: 'damage', combatants: ['Pirate'], amount: 3 });
    if (!r.ok) throw new Error(r.rejection.message);
    t.answer = { ok: true, events: r.events, log: [line(r.events[0]!.seq, r.events[0]!.cmd, 'Pirate takes 3 damage (HP 7 → 4).')] };
    const sent = await store.send({ type: 'damage', combatants: ['c2'], amount: 3 });
    expect(sent.ok).toBe(true);
    expect(t.sent[0]!.expected).toBe(log.length);
    expect(store.getSnapshot().view?.combatants.find((c) => c.id === 'c2')?.tracks.hp?.value).toBe(4);
    expect(store.getSnapshot().log.map((l) => l.text)).toEqual(['Pirate takes 3 damage (HP 7 → 4).']);
  });

  it('marks undone lines and keeps refusals as values', async () => {
    const t = new FakeTransport();
    const store = new EncounterStore(t);
    store.start();
    const marks: Mark[] = [{ cmd: 2, undone: true }];
    t.on!.events(0, [], [line(5, 2, 'Pirate takes 3 damage.'), line(6, 3, 'Other.')], []);
    t.on!.events(0, [], [], marks);
    expect(store.getSnapshot().log.map((l) => l.undone)).toEqual([true, false]);
    t.answer = { ok: false, code: 'turn/not-your-turn', message: "It is not Pirate's turn." };
    expect(await store.send({ type: 'end-turn' })).toEqual(t.answer);
  });

  it('starts again from scratch when the server went back (a restore from an older backup), and says to which version', async () => {
    const log = storedLog();
    const t = new FakeTransport();
    const store = new EncounterStore(t);
    store.start();
    const first = line(1, 1, 'Encounter "Docks" created (swn rules).');
    t.on!.events(log.length, log, [first, line(log.length, 5, 'Round 1.')], []);
    t.on!.request({ id: 1, kind: 'end-turn', combatant: 'c1', command: { type: 'end-turn' }, status: 'pending', createdAt: '', resolvedAt: null, result: null });
    await settle();
    expect(store.getSnapshot().restored).toBeNull();
    // The server now holds only the first three events (the fight was never started there).
    const kept = 3;
    t.on!.reset(kept);
    t.on!.events(kept, log.slice(0, kept), [first], []);
    await settle();
    const snap = store.getSnapshot();
    expect(snap.encounter.version).toBe(kept);
    expect(snap.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(snap.view?.status).toBe('setup');
    expect(snap.view?.combatants.map((c) => c.name)).toEqual(['Vasquez']);
    expect(snap.log.map((l) => l.text)).toEqual([first.text]);
    expect(snap.requests).toEqual([]);
    expect(snap.restored).toMatchObject({ version: kept, text: 'The fight went back to version 3: the server’s data was restored from an older backup. The screen shows the fight as the server has it now.' });
    // Reconnects ask for what follows the server's version, and commands expect it.
    expect(t.after!()).toBe(kept);
    t.answer = { ok: false, code: 'x', message: 'refused' };
    await store.send({ type: 'end-turn' });
    expect(t.sent.at(-1)!.expected).toBe(kept);
    // A second restore is a new notice.
    t.on!.reset(kept);
    // Until the events from seq 1 come, the screen keeps what it shows (no empty fight in between).
    expect(store.getSnapshot()).toBe(snap);
    t.on!.events(kept, log.slice(0, kept), [first], []);
    expect(store.getSnapshot().restored).toMatchObject({ version: kept });
    expect(store.getSnapshot().restored).not.toBe(snap.restored);
    expect(store.getSnapshot().encounter.version).toBe(kept);
  });

  it('says so when the link is refused', () => {
    const t = new FakeTransport();
    const store = new EncounterStore(t);
    store.start();
    t.on!.status('failed', 'This key does not open the encounter.');
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: 'This key does not open the encounter.' });
    store.close();
    expect(t.on).toBeNull();
  });
});

describe('the GM store before the first render', () => {
  it('folds the first events with rules already loaded: the first snapshot is the fight, each event folded once', () => {
    const log = storedLog();
    const store = new EncounterStore(new FakeTransport());
    expect(store.getSnapshot().view).toBeNull();
    store.prime(log, { fold: swnFold as FoldModule });
    const snap = store.getSnapshot();
    expect(snap.encounter.version).toBe(log.length);
    expect(snap.view?.combatants.map((c) => c.name)).toEqual(['Vasquez', 'Pirate']);
    // The same events again (the entry's promise, the live socket) change nothing; a second prime is ignored.
    store.receiveResult(log, []);
    store.prime(log.slice(0, 1), { fold: swnFold as FoldModule });
    expect(store.getSnapshot().encounter.version).toBe(log.length);
    expect(store.getSnapshot().events).toHaveLength(log.length);
  });

  it('shows the fight with the fold half alone, then takes the whole rules: the same view, and commands can be tried', async () => {
    const log = storedLog();
    const store = new EncounterStore(new FakeTransport());
    store.prime(log, { fold: swnFold as FoldModule });
    const first = store.getSnapshot();
    expect(first.kit).toBeNull();
    expect(store.dryRun({ type: 'damage', combatants: ['Pirate'], amount: 3 })).toBeNull();
    const kit = await store.wholeKit();
    const snap = store.getSnapshot();
    expect(snap.kit).toBe(kit);
    expect(kit.module.id).toBe('swn');
    expect(snap.engine).toBe(kit.engine);
    expect(snap.view).toEqual(first.view);
    expect(store.dryRun({ type: 'damage', combatants: ['Pirate'], amount: 3 })).toMatchObject({ ok: true });
    expect(store.dryRun({ type: 'damage', combatants: ['Nobody'], amount: 3 })).toMatchObject({ ok: false });
  });
});

describe('the GM store: a command whose answer was lost', () => {
  const lost: Sent = { ok: false, code: 'network/unreachable', message: 'The server did not answer.', unknown: true };
  const hit: Command = { type: 'damage', combatants: ['c2'], notation: '1d6' };

  /** A store holding the fight, its whole rules loaded; the server holding the same events. */
  async function ready() {
    const log = storedLog();
    const t = new FakeTransport();
    const store = new EncounterStore(t);
    store.start();
    t.on!.status('live');
    t.on!.events(log.length, log, [], []);
    await expect.poll(() => store.getSnapshot().kit).not.toBeNull();
    t.stored = [...log];
    return { t, store, log, at: store.getSnapshot().encounter };
  }

  /** What the server stores when it applies `command` (the same engine). */
  function onServer(t: FakeTransport, command: Command): StoredEvent[] {
    const encounter = engine.replay(t.stored!);
    const x = engine.execute(encounter, command);
    if (!x.ok) throw new Error(x.rejection.message);
    t.stored!.push(...x.events);
    return [...x.events];
  }

  const doubt = (store: EncounterStore) => store.getSnapshot().doubt;

  it('applied before the answer was lost: says so, folds it, and the same command again is not sent', async () => {
    const { t, store, at } = await ready();
    t.answer = lost;
    onServer(t, hit);
    const sent = await store.send(hit);
    expect(sent).toMatchObject({ ok: false, code: OUTCOME_UNKNOWN, message: DOUBT_TEXT.checking });
    expect(sent.ok ? '' : sent.message).not.toContain('nothing was changed');
    await expect.poll(() => doubt(store)?.state).toBe('applied');
    expect(doubt(store)).toMatchObject({ text: DOUBT_TEXT.applied, kind: 'ok' });
    expect(t.reads).toEqual([at.version]);
    expect(store.getSnapshot().encounter.version).toBe(t.stored!.length);
    // The GM clicks again: held back, said why, nothing sent.
    expect(await store.send(hit)).toMatchObject({ ok: false, code: IN_DOUBT, message: DOUBT_TEXT.again });
    expect(t.sent).toHaveLength(1);
    expect(doubt(store)).toMatchObject({ state: 'applied', kind: 'error', text: DOUBT_TEXT.again });
    // Dismissed, it is the GM's choice: sent as a new command.
    store.dismissDoubt();
    expect(doubt(store)).toBeNull();
    t.answer = { ok: false, code: 'x', message: 'refused' };
    await store.send(hit);
    expect(t.sent).toHaveLength(2);
  });

  it('not applied: "Send again" sends it at the version it was first sent at; another command ends the doubt', async () => {
    const { t, store, at } = await ready();
    t.answer = lost;
    await store.send(hit);
    await expect.poll(() => doubt(store)?.state).toBe('not-applied');
    expect(doubt(store)?.text).toBe(DOUBT_TEXT.notApplied);
    const events = onServer(t, hit);
    t.stored!.splice(at.version);
    t.answer = { ok: true, events };
    expect((await store.sendAgain()).ok).toBe(true);
    expect(t.sent.map((s) => s.expected)).toEqual([at.version, at.version]);
    expect(doubt(store)).toMatchObject({ state: 'applied', text: DOUBT_TEXT.resent });
    expect(store.getSnapshot().encounter.version).toBe(at.version + events.length);
    t.answer = { ok: false, code: 'x', message: 'refused' };
    await store.send({ type: 'end-turn' });
    expect(doubt(store)).toBeNull();
  });

  it('said not applied, it arrived late after all: a re-click is sent at the first version, and its 409 reads as applied', async () => {
    const { t, store, at } = await ready();
    t.answer = lost;
    await store.send(hit);
    await expect.poll(() => doubt(store)?.state).toBe('not-applied');
    onServer(t, hit);
    t.answer = { ok: false, code: 'encounter/version-conflict', message: 'The encounter changed meanwhile.' };
    const again = await store.send(hit);
    expect(again).toMatchObject({ ok: false, code: OUTCOME_UNKNOWN });
    expect(t.sent.map((s) => s.expected)).toEqual([at.version, at.version]);
    await expect.poll(() => doubt(store)?.state).toBe('applied');
  });

  it('another command was applied at that version: not applied, and the screen shows the fight as it is', async () => {
    const { t, store, at } = await ready();
    t.answer = lost;
    const other = onServer(t, { type: 'end-turn' });
    await store.send(hit);
    await expect.poll(() => doubt(store)?.state).toBe('other');
    expect(doubt(store)?.text).toBe(DOUBT_TEXT.other);
    expect(store.getSnapshot().encounter.version).toBe(at.version + other.length);
  });

  it('while the server cannot be read: keeps checking, holds other commands back, and checks at once when the socket is back', async () => {
    const { t, store } = await ready();
    const stored = t.stored;
    t.stored = null;
    t.answer = lost;
    await store.send(hit);
    await expect.poll(() => t.reads.length).toBe(1);
    expect(doubt(store)?.state).toBe('checking');
    expect(await store.send({ type: 'end-turn' })).toMatchObject({ ok: false, code: IN_DOUBT, message: DOUBT_TEXT.busy });
    expect(t.sent).toHaveLength(1);
    t.stored = stored;
    onServer(t, hit);
    t.on!.status('reconnecting');
    t.on!.status('live');
    await expect.poll(() => doubt(store)?.state).toBe('applied');
    store.close();
  });
});
