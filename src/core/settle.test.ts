import { describe, expect, it } from 'vitest';
import { custom } from '../rules/custom/index.ts';
import type { RuleModule } from './rule-module.ts';
import { createEngine } from './engine.ts';
import type { Encounter } from './encounter.ts';
import type { StoredEvent } from './events.ts';

const engine = createEngine([custom as RuleModule]);

/** A fresh encounter with commands applied; throws on a rejection. */
function play(commands: unknown[], from?: { enc: Encounter; events: StoredEvent[] }): { enc: Encounter; events: StoredEvent[] } {
  let enc: Encounter;
  const all: StoredEvent[] = [];
  if (from) {
    enc = from.enc;
    all.push(...from.events);
  } else {
    const created = engine.create({ rules: 'custom', seed: 7, title: 'Test' });
    if (!created.ok) throw new Error(created.rejection.message);
    const applied = engine.apply(engine.replay([]), created.events);
    enc = applied.encounter;
    all.push(...applied.events);
  }
  for (const c of commands) {
    const r = engine.execute(enc, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.rejection.code} ${r.rejection.message}`);
    enc = r.encounter;
    all.push(...r.events);
  }
  return { enc, events: all };
}

const fight = [
  { type: 'add-combatant', name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 },
  { type: 'add-combatant', name: 'Goblin', hp: 10, count: 2 },
  { type: 'start', dice: { Vasquez: 15, Goblin: 12, 'Goblin 2': 4 } },
];
/** Goblin (c2) reduced to 0 HP: defeated. */
const downed = (): { enc: Encounter; events: StoredEvent[] } => play([...fight, { type: 'damage', combatants: ['Goblin'], amount: 10 }]);
const log = (events: readonly StoredEvent[]): string[] => engine.log(events).map((l) => l.text);

describe('settle: back in the fight when healed above 0 HP', () => {
  it('a heal from 0 HP brings a defeated combatant back, in the log, and the turn order counts it again', () => {
    const before = downed();
    expect(before.enc.state.combatants.c2!.defeated).toBe(true);
    const after = play([{ type: 'heal', combatants: ['Goblin'], amount: 10 }], before);
    expect(after.enc.state.combatants.c2).toMatchObject({ defeated: false, tracks: { hp: { value: 10, max: 10 } } });
    expect(log(after.events).slice(-2)).toEqual(['Goblin heals 10 (HP 0 → 10).', 'Goblin is back in the fight.']);
    // Vasquez's turn ends: Goblin (12) acts, no longer skipped for Goblin 2 (4).
    const next = play([{ type: 'end-turn' }], after);
    expect(engine.whoMayAct(next.enc)).toMatchObject({ kind: 'actor', actor: 'c2' });
  });

  it('undoing the heal puts the combatant down again', () => {
    const healed = play([{ type: 'heal', combatants: ['Goblin'], amount: 4 }], downed());
    const undone = play([{ type: 'undo' }], healed);
    expect(undone.enc.state.combatants.c2).toMatchObject({ defeated: true, tracks: { hp: { value: 0 } } });
    const skipped = play([{ type: 'end-turn' }], undone);
    expect(engine.whoMayAct(skipped.enc)).toMatchObject({ kind: 'actor', actor: 'c3' });
  });

  it('the GM setting HP above 0 does the same; setting it to 0 again defeats again', () => {
    const set = play([{ type: 'set-track', combatant: 'Goblin', track: 'hp', value: 3 }], downed());
    expect(set.enc.state.combatants.c2!.defeated).toBe(false);
    const again = play([{ type: 'set-track', combatant: 'Goblin', track: 'hp', value: 0 }], set);
    expect(again.enc.state.combatants.c2!.defeated).toBe(true);
  });

  it('a combatant the GM marked defeated above 0 HP (fled, surrendered) stays defeated when healed', () => {
    const marked = play([...fight, { type: 'damage', combatants: ['Goblin'], amount: 4 }, { type: 'set-defeated', combatant: 'Goblin' }, { type: 'heal', combatants: ['Goblin'], amount: 2 }]);
    expect(marked.enc.state.combatants.c2).toMatchObject({ defeated: true, tracks: { hp: { value: 8 } } });
  });

  it('other tracks than HP never bring anyone back', () => {
    const p = play([{ type: 'set-track', combatant: 'Goblin', track: 'luck', value: 0, max: 3 }, { type: 'heal', combatants: ['Goblin'], amount: 2, track: 'luck' }], downed());
    expect(p.enc.state.combatants.c2!.defeated).toBe(true);
  });
});
