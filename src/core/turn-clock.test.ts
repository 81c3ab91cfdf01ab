import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engine } from '../rules/index.ts';
import type { Encounter } from './encounter.ts';
import type { CoreEvent, StoredEvent } from './events.ts';
import { runScript } from './script.ts';
import { formatDuration } from './turn-clock.ts';

type Timed = Extract<CoreEvent, { type: 'turn-timed' }>;

/** A game's example fight: its setup run without the time, then its commands each a second apart from T0. */
const T0 = 1_700_000_000_000;

function setup(game: string): { enc: Encounter; commands: unknown[]; events: StoredEvent[] } {
  const script = JSON.parse(readFileSync(new URL(`../rules/${game}/examples/fight.json`, import.meta.url), 'utf8')) as { commands: unknown[] };
  const r = runScript(engine, { ...script, commands: [] }, 1);
  if (!r.ok) throw new Error(r.rejection.message);
  return { enc: r.encounter, commands: script.commands, events: [...r.events] };
}

function send(enc: Encounter, command: unknown, at: number | undefined): { enc: Encounter; events: StoredEvent[] } {
  const d = engine.decide(enc, command, at === undefined ? {} : { at });
  if (!d.ok) throw new Error(`${JSON.stringify(command)}: ${d.rejection.code} ${d.rejection.message}`);
  const r = engine.apply(enc, d.events);
  return { enc: r.encounter, events: [...r.events] };
}

function playExample(game: string): { enc: Encounter; timed: Timed[]; events: StoredEvent[] } {
  const s = setup(game);
  let { enc, events } = s;
  s.commands.forEach((c, i) => {
    const r = send(enc, c, T0 + (i + 1) * 1000);
    enc = r.enc;
    events = [...events, ...r.events];
  });
  return { enc, events, timed: events.map((s) => s.event).filter((e): e is Timed => e.type === 'turn-timed') };
}

/** What every game's timing shares: one event per change of turn, each turn's time from start to end. */
function checkChain(timed: readonly Timed[]): void {
  expect(timed.length).toBeGreaterThan(2);
  expect(timed[0]!.ended).toBeNull();
  expect(timed[0]!.started).not.toBeNull();
  for (let i = 1; i < timed.length; i++) {
    const prev = timed[i - 1]!;
    const e = timed[i]!;
    if (prev.started && e.ended) {
      expect(e.ended.actors).toEqual(prev.started.actors);
      expect(e.ended.took).toBe(e.at - prev.at);
    }
  }
}

describe('turn-timed: each game\'s way of passing the turn', () => {
  it('SWN individual initiative: one actor per turn, timed from the start of the fight', () => {
    const { timed, enc } = playExample('swn');
    checkChain(timed);
    const started = timed.filter((e) => e.started && e.started.actors.length > 0);
    for (const e of started) expect(e.started!.actors).toHaveLength(1);
    // Every end-turn passes the turn: as many timed turns as turns ended (plus the start).
    expect(timed.filter((e) => e.ended && e.ended.actors.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(enc.state.clock.turnStartedAt).toBe(timed.at(-1)!.at);
  });

  it('CWN side initiative: a side\'s turn is its members\', timed once, not per member', () => {
    const { timed, enc } = playExample('cwn');
    checkChain(timed);
    const sides = timed.filter((e) => e.started && e.started.actors.length > 1);
    expect(sides.length).toBeGreaterThan(0);
    for (const e of sides) {
      const side = new Set(e.started!.actors.map((id) => enc.state.combatants[id]?.side ?? 'gone'));
      expect(side.size).toBe(1);
    }
  });

  it('Kuro: each phase\'s turn is timed, a new game turn too', () => {
    const { timed } = playExample('kuro');
    checkChain(timed);
    expect(new Set(timed.map((e) => e.started?.round).filter((r) => r !== undefined)).size).toBeGreaterThan(1);
    // end-encounter: the last turn ends, nothing starts.
    const last = timed.at(-1)!;
    expect(last.started).toBeNull();
    expect(last.ended).not.toBeNull();
  });

  it('Fallout: turns and the GM\'s tie decision (no actors) are timed', () => {
    const { timed } = playExample('fallout');
    checkChain(timed);
    expect(timed.some((e) => e.started && e.started.actors.length === 1)).toBe(true);
  });

  it('popcorn: the holder\'s turn runs from the initiative\'s arrival until it is passed on', () => {
    const { timed, events } = playExample('popcorn');
    checkChain(timed);
    // Never a new timed turn for the same holder in the same round: acting then passing is one turn.
    for (let i = 1; i < timed.length; i++) {
      const a = timed[i - 1]!.started;
      const b = timed[i]!.started;
      if (a && b && a.actors.length === 1) expect(b.actors[0] === a.actors[0] && b.round === a.round).toBe(false);
    }
    // A pass makes a turn-timed; an action alone does not.
    const cmds = new Map<number, string[]>();
    for (const s of events) cmds.set(s.cmd, [...(cmds.get(s.cmd) ?? []), s.event.type]);
    const acts = [...cmds.values()].filter((types) => types.includes('popcorn/acted') && !types.some((t) => t.startsWith('popcorn/passed')));
    expect(acts.length).toBeGreaterThan(0);
    for (const types of acts) expect(types).not.toContain('turn-timed');
  });

  it('no time given (a script, an import, a replay): nothing is timed', () => {
    const { enc, commands } = setup('swn');
    let e = enc;
    const all: StoredEvent[] = [];
    for (const c of commands.slice(0, 8)) {
      const r = send(e, c, undefined);
      e = r.enc;
      all.push(...r.events);
    }
    expect(all.some((s) => s.event.type === 'turn-timed')).toBe(false);
    expect(e.state.clock).toEqual({ turnStartedAt: null, pausedAt: null, pausedMs: 0 });
  });
});

describe('pause-clock and resume-clock', () => {
  /** SWN started at T0 (the example's setup and its first four commands: surprise, surprise, roll, start). */
  function started(): Encounter {
    const s = setup('swn');
    let enc = s.enc;
    for (const c of s.commands.slice(0, 4)) enc = send(enc, c, T0).enc;
    expect(enc.state.clock.turnStartedAt).toBe(T0);
    return enc;
  }
  const endTurn = { type: 'end-turn' };

  it('paused time is left out of the turn\'s time', () => {
    let enc = started();
    enc = send(enc, { type: 'pause-clock' }, T0 + 10_000).enc;
    expect(enc.state.clock.pausedAt).toBe(T0 + 10_000);
    enc = send(enc, { type: 'resume-clock' }, T0 + 70_000).enc;
    expect(enc.state.clock).toEqual({ turnStartedAt: T0, pausedAt: null, pausedMs: 60_000 });
    const r = send(enc, endTurn, T0 + 92_000);
    const timed = r.events.map((s) => s.event).find((e): e is Timed => e.type === 'turn-timed')!;
    expect(timed.ended!.took).toBe(32_000);
    expect(r.enc.state.clock).toEqual({ turnStartedAt: T0 + 92_000, pausedAt: null, pausedMs: 0 });
  });

  it('a turn that changes while paused starts paused, and its time excludes the pause', () => {
    let enc = started();
    enc = send(enc, { type: 'pause-clock' }, T0 + 5_000).enc;
    const r = send(enc, endTurn, T0 + 50_000);
    const timed = r.events.map((s) => s.event).find((e): e is Timed => e.type === 'turn-timed')!;
    expect(timed.ended!.took).toBe(5_000);
    expect(r.enc.state.clock).toEqual({ turnStartedAt: T0 + 50_000, pausedAt: T0 + 50_000, pausedMs: 0 });
    const resumed = send(r.enc, { type: 'resume-clock' }, T0 + 80_000).enc;
    const next = send(resumed, endTurn, T0 + 90_000).events.map((s) => s.event).find((e): e is Timed => e.type === 'turn-timed')!;
    expect(next.ended!.took).toBe(10_000);
  });

  it('a clock set back never makes a negative time', () => {
    const enc = started();
    const timed = send(enc, endTurn, T0 - 5_000).events.map((s) => s.event).find((e): e is Timed => e.type === 'turn-timed')!;
    expect(timed.ended!.took).toBe(0);
  });

  it('undo takes the turn-timed event back with its command; the log says the time', () => {
    const enc = started();
    const ended = send(enc, endTurn, T0 + 92_000);
    expect(ended.enc.state.clock.turnStartedAt).toBe(T0 + 92_000);
    const undone = send(ended.enc, { type: 'undo' }, T0 + 95_000);
    expect(undone.events.map((s) => s.event.type)).toEqual(['undone']);
    expect(undone.enc.state.clock.turnStartedAt).toBe(T0);
    const log = engine.log([...setup('swn').events, ...ended.events]).map((l) => l.text);
    expect(log.some((t) => /'s turn: 1:32\.$/.test(t))).toBe(true);
  });

  it('the log: paused and resumed', () => {
    const s = setup('swn');
    let { enc, events } = s;
    for (const c of [...s.commands.slice(0, 4), { type: 'pause-clock' }, { type: 'resume-clock' }]) {
      const r = send(enc, c, T0);
      enc = r.enc;
      events = [...events, ...r.events];
    }
    const texts = engine.log(events).map((l) => l.text);
    expect(texts.slice(-2)).toEqual(['The clock is paused.', 'The clock is resumed.']);
  });

  it('refusals, in GM words, change nothing', () => {
    const enc = started();
    const no = (command: unknown, at: number | undefined, code: string): void => {
      const d = engine.decide(enc, command, at === undefined ? {} : { at });
      expect(d.ok).toBe(false);
      if (!d.ok) expect(d.rejection.code).toBe(code);
    };
    no({ type: 'pause-clock' }, undefined, 'clock/no-time');
    no({ type: 'resume-clock' }, T0, 'clock/not-paused');
    const paused = send(enc, { type: 'pause-clock' }, T0).enc;
    const again = engine.decide(paused, { type: 'pause-clock' }, { at: T0 + 1 });
    expect(again.ok ? '' : again.rejection.message).toMatch(/already paused/);
    const before = setup('swn').enc;
    const notRunning = engine.decide(before, { type: 'pause-clock' }, { at: T0 });
    expect(notRunning.ok ? '' : notRunning.rejection.code).toBe('clock/not-running');
    const d = engine.decide(enc, { type: 'pause-clock', extra: 1 }, { at: T0 });
    expect(d.ok).toBe(false);
  });
});

describe('formatDuration', () => {
  it('reads like a clock', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5_400)).toBe('0:05');
    expect(formatDuration(92_000)).toBe('1:32');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
