import { describe, expect, it } from 'vitest';
import { engine } from '../../../rules/index.ts';
import { rollWords, rollsIn } from './result-card.tsx';

describe('the dice that came up', () => {
  it('finds every roll in a command’s events, named by whose it is', () => {
    const created = engine.create({ rules: 'swn', seed: 5 });
    if (!created.ok) throw new Error(created.rejection.message);
    let enc = engine.apply(engine.replay([]), created.events).encounter;
    for (const c of [
      { type: 'add-combatant', name: 'Vasquez', kind: 'pc', stats: { hp: 12 } },
      { type: 'add-combatant', name: 'Pirate', stats: { hp: 7, ac: 10 } },
    ]) {
      const r = engine.execute(enc, c);
      if (!r.ok) throw new Error(r.rejection.message);
      enc = r.encounter;
    }
    const init = engine.execute(enc, { type: 'roll-initiative', dice: { Vasquez: [6], Pirate: [2] } });
    if (!init.ok) throw new Error(init.rejection.message);
    const name = (id: string) => init.encounter.state.combatants[id]?.name ?? id;
    const rolls = rollsIn(init.events.map((e) => e.event), name);
    expect(rolls.map((r) => [r.key, r.roll.total])).toEqual([
      ['Vasquez', 6],
      ['Pirate', 2],
    ]);
    const start = engine.execute(init.encounter, { type: 'start' });
    if (!start.ok) throw new Error(start.rejection.message);
    const attack = engine.execute(start.encounter, { type: 'attack', actor: 'Vasquez', target: 'Pirate', dice: { hit: [18], damage: [2] } });
    if (!attack.ok) throw new Error(attack.rejection.message);
    const dice = rollsIn(attack.events.map((e) => e.event), name);
    expect(dice.map((r) => [r.key, r.roll.notation, r.roll.source])).toEqual([
      ['hit', '1d20', 'entered'],
      ['damage', '1d2', 'entered'],
    ]);
  });

  it('heads a roll in words, not in notation', () => {
    expect(rollWords('2d20<=7cs<=1cf>=20')).toBe('2d20, 7 or less (1 counts double, 20 a complication)');
    expect(rollWords('3d20<=10cs<=3cf>=19')).toBe('3d20, 10 or less (1–3 count double, 19–20 a complication)');
    expect(rollWords('1d20')).toBe('1d20');
    expect(rollWords('3dK+3')).toBe('3dK+3');
  });
});
