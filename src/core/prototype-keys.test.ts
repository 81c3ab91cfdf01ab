import { describe, expect, it } from 'vitest';
import { custom } from '../rules/custom/index.ts';
import { createEngine } from './engine.ts';
import type { Encounter } from './encounter.ts';
import type { StoredEvent } from './events.ts';
import type { RuleModule } from './rule-module.ts';

/**
 * Issue 10, item 9: names that every JavaScript object inherits (`toString`, `valueOf`, `constructor`,
 * `__proto__`) are names like any other: as references they name nobody (unless a combatant has that
 * name), and as names they work.
 */
const engine = createEngine([custom as RuleModule]);
const PROTO = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty', 'isPrototypeOf'];

function play(commands: unknown[]): { enc: Encounter; events: StoredEvent[] } {
  const created = engine.create({ rules: 'custom', seed: 3, title: 'Proto' });
  if (!created.ok) throw new Error(created.rejection.message);
  const applied = engine.apply(engine.replay([]), created.events);
  let enc = applied.encounter;
  const events = [...applied.events];
  for (const c of commands) {
    const r = engine.execute(enc, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.rejection.code} ${r.rejection.message}`);
    enc = r.encounter;
    events.push(...r.events);
  }
  return { enc, events };
}

const party = [
  { type: 'add-combatant', name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 },
  { type: 'add-combatant', name: 'Goblin', hp: 5 },
];

describe('prototype names as references name nobody', () => {
  const { enc } = play(party);
  const commands = (ref: string): unknown[] => [
    { type: 'set-defeated', combatant: ref },
    { type: 'damage', combatants: [ref], amount: 3 },
    { type: 'heal', combatants: ['Vasquez', ref], amount: 1 },
    { type: 'remove-combatant', combatant: ref },
    { type: 'update-combatant', combatant: ref, notes: 'x' },
    { type: 'add-condition', combatants: [ref], name: 'Dazed' },
    { type: 'add-condition', combatants: ['Vasquez'], name: 'Dazed', duration: { until: 'turn-end', of: ref } },
    { type: 'reorder', combatant: 'Vasquez', before: ref },
    { type: 'set-track', combatant: ref, track: 'hp', value: 1 },
    { type: 'roll-initiative', combatants: [ref] },
    { type: 'set-initiative', combatant: ref, total: 4 },
  ];
  for (const ref of PROTO) {
    it.each(commands(ref).map((c) => [JSON.stringify(c), c]))(`%s is refused: no combatant "${ref}"`, (_, command) => {
      const r = engine.decide(enc, command);
      expect(r).toMatchObject({ ok: false, rejection: { code: 'combatant/unknown' } });
      if (!r.ok) expect(r.rejection.message).toContain(`"${ref}"`);
    });
  }
  it('engine.allowedActions knows no such combatant', () => {
    for (const ref of PROTO) expect(engine.allowedActions(enc, ref)).toBeUndefined();
  });
});

describe('prototype names as names work like any other', () => {
  for (const name of PROTO) {
    it(`a combatant called "${name}" is added, referred to, and rolls with the dice typed in under its name`, () => {
      const dice = JSON.parse(`{${JSON.stringify(name)}: [17], "Goblin": [3]}`) as Record<string, number[]>;
      const { enc, events } = play([...party, { type: 'add-combatant', name, hp: 6 }, { type: 'damage', combatants: [name], amount: 2 }, { type: 'roll-initiative', dice }]);
      const id = enc.state.roster[2]!;
      expect(enc.state.combatants[id]).toMatchObject({ id: 'c3', name });
      expect(enc.state.combatants[id]!.tracks.hp!.value).toBe(4);
      const rolled = events.filter((s) => s.event.type === 'custom/initiative-rolled').map((s) => s.event as unknown as { combatant: string; total: number; roll: { source: string } });
      expect(rolled.find((e) => e.combatant === 'c3')).toMatchObject({ total: 17, roll: { source: 'entered' } });
      const log = engine.log(events).map((l) => l.text);
      expect(log.join('\n')).not.toMatch(/undefined|\[object|function|Object\)/);
    });
    it(`a combatant called "${name}" with no dice typed in rolls with the encounter's dice`, () => {
      const { enc } = play([{ type: 'add-combatant', name, hp: 6 }, { type: 'start' }]);
      expect(enc.state.status).toBe('running');
    });
  }
  it('a side called "Constructor" is a side of its own, named in the log', () => {
    const { enc, events } = play([{ type: 'add-combatant', name: 'Orc', side: 'Constructor', hp: 5 }]);
    expect(Object.hasOwn(enc.state.sides, 'constructor')).toBe(true);
    expect(enc.state.sides.constructor).toMatchObject({ id: 'constructor', name: 'Constructor', players: false });
    expect(enc.state.combatants.c1!.side).toBe('constructor');
    expect(engine.log(events).map((l) => l.text)).toContain('Orc joins the fight (NPC, Constructor).');
    const again = engine.decide(enc, { type: 'add-side', name: 'constructor' });
    expect(again).toMatchObject({ ok: false, rejection: { code: 'side/exists' } });
  });
  it('add-side "Constructor" then a combatant on it; update-combatant moves to a side "toString"', () => {
    const { enc } = play([
      { type: 'add-side', name: 'Constructor' },
      { type: 'add-combatant', name: 'Orc', side: 'Constructor', hp: 5 },
      { type: 'update-combatant', combatant: 'Orc', side: 'toString' },
    ]);
    expect(Object.keys(enc.state.sides)).toEqual(['constructor', 'tostring']);
    expect(enc.state.combatants.c1!.side).toBe('tostring');
  });
});

describe('prototype names as track names', () => {
  const { enc } = play(party);
  for (const track of PROTO) {
    it(`damage to a "${track}" track Vasquez does not have is refused`, () => {
      const r = engine.decide(enc, { type: 'damage', combatants: ['Vasquez'], amount: 1, track });
      expect(r).toMatchObject({ ok: false, rejection: { code: 'track/unknown' } });
    });
    it(`set-track "${track}" makes a track of that name, which replays from JSON`, () => {
      const { enc: after, events } = play([...party, { type: 'set-track', combatant: 'Vasquez', track, value: 2, max: 5 }]);
      const tracks = after.state.combatants.c1!.tracks;
      expect(Object.hasOwn(tracks, track)).toBe(true);
      expect(tracks[track]).toEqual({ value: 2, max: 5 });
      const replayed = engine.replay(JSON.parse(JSON.stringify(events)) as StoredEvent[]);
      expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(after.state));
    });
  }
});
