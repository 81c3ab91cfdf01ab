import { describe, expect, it } from 'vitest';
import { custom } from '../rules/custom/index.ts';
import { coreEventSchemas } from '../server/transfer/index.ts';
import type { RollResult } from '../dice/index.ts';
import { createEngine } from './engine.ts';
import type { Encounter } from './encounter.ts';
import type { StoredEvent } from './events.ts';
import type { RuleModule } from './rule-module.ts';

const engine = createEngine([custom as RuleModule]);

/** A fresh encounter with commands applied, and every stored event; throws on a rejection. */
function play(commands: unknown[], seed = 7): { enc: Encounter; events: StoredEvent[] } {
  const created = engine.create({ rules: 'custom', seed, title: 'Test' });
  if (!created.ok) throw new Error(created.rejection.message);
  let run = engine.apply(engine.replay([]), created.events);
  const events = [...run.events];
  for (const c of commands) {
    const r = engine.execute(run.encounter, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.rejection.code} ${r.rejection.message}`);
    run = r;
    events.push(...r.events);
  }
  return { enc: run.encounter, events };
}

const goblins = { type: 'add-combatant', name: 'Goblin', count: 2, hp: 20 };
const hp = (enc: Encounter, id: string) => enc.state.combatants[id]!.tracks.hp!.value;
const rollOf = (events: StoredEvent[]) => events.map((s) => (s.event as { roll?: RollResult }).roll).filter((r) => r !== undefined);

describe('damage and heal given as dice', () => {
  it('the engine rolls the notation with the encounter\'s dice; the roll is in the event, once, and in the log', () => {
    const { enc, events } = play([goblins, { type: 'damage', combatants: ['c1', 'c2'], notation: '2d6' }]);
    const rolls = rollOf(events);
    expect(rolls).toHaveLength(1);
    const roll = rolls[0]!;
    expect(roll).toMatchObject({ notation: '2d6', source: 'engine' });
    expect(roll.dice).toHaveLength(2);
    expect(hp(enc, 'c1')).toBe(20 - roll.total);
    expect(hp(enc, 'c2')).toBe(20 - roll.total);
    // The PRNG moved on: the roll is part of the encounter's dice, replayed without rolling.
    expect(events.some((s) => s.event.type === 'rng-advanced')).toBe(true);
    expect(engine.replay(events).state).toEqual(enc.state);
    const line = engine.log(events).find((l) => l.text.includes('damage'))!.text;
    expect(line).toContain(`2d6: [${roll.dice.map((d) => d.face).join(', ')}] = ${roll.total}`);
    expect(line).toContain(`HP 20 → ${20 - roll.total}`);
  });

  it('faces typed in under "damage" or "heal" are used, and checked against the dice', () => {
    const { enc, events } = play([goblins, { type: 'damage', combatants: ['c1'], notation: '2d6', dice: { damage: [6, 5] } }, { type: 'heal', combatants: ['c1'], notation: '1d4', dice: { heal: [3] } }]);
    expect(hp(enc, 'c1')).toBe(20 - 11 + 3);
    expect(rollOf(events).map((r) => [r.total, r.source])).toEqual([
      [11, 'entered'],
      [3, 'entered'],
    ]);
    expect(engine.log(events).map((l) => l.text)).toContain('Goblin heals 3 (1d4: [3] = 3; HP 9 → 12).');
    const bad = engine.decide(play([goblins]).enc, { type: 'damage', combatants: ['c1'], notation: '2d6', dice: { damage: [7, 1] } });
    expect(bad).toMatchObject({ ok: false, rejection: { code: 'dice/entered' } });
  });

  it('a bad notation, or both or neither of amount and dice, is refused', () => {
    const { enc } = play([goblins]);
    expect(engine.decide(enc, { type: 'damage', combatants: ['c1'], notation: '2d' })).toMatchObject({ ok: false, rejection: { code: 'dice/notation' } });
    expect(engine.decide(enc, { type: 'damage', combatants: ['c1'], notation: '2d6', amount: 3 })).toMatchObject({ ok: false });
    expect(engine.decide(enc, { type: 'heal', combatants: ['c1'] })).toMatchObject({ ok: false });
    // An amount is as before, with no roll.
    const plain = play([goblins, { type: 'damage', combatants: ['c1'], amount: 4 }]);
    expect(hp(plain.enc, 'c1')).toBe(16);
    expect(rollOf(plain.events)).toEqual([]);
  });

  it('an imported encounter may hold the roll in its track-changed event', () => {
    const { events } = play([goblins, { type: 'damage', combatants: ['c1'], notation: '1d6+1' }]);
    const changed = events.find((s) => s.event.type === 'track-changed')!.event;
    expect(coreEventSchemas(custom as RuleModule)['track-changed']!.safeParse(changed).success).toBe(true);
  });
});
