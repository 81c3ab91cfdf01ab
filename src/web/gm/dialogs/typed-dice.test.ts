import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { rollsIn } from '../turn/result-card.tsx';
import { diceHints, diceOf, readTyped, typedRefusal } from './typed-dice.ts';

function example(rules: string, commands: number): Encounter {
  const s = JSON.parse(readFileSync(new URL(`../../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as {
    options?: Record<string, unknown>;
    seed?: number;
    sides?: unknown[];
    combatants: Record<string, unknown>[];
    commands: Record<string, unknown>[];
  };
  const created = engine.create({ rules, ...(s.options ? { options: s.options } : {}), seed: s.seed ?? 1 } as never);
  if (!created.ok) throw new Error(created.rejection.message);
  let enc = engine.apply(engine.replay([]), created.events).encounter;
  const setup = [
    ...(s.sides ?? []).map((side) => ({ type: 'add-side', ...(side as object) })),
    ...s.combatants.map((c) => ({ type: 'add-combatant', ...c })),
    ...s.commands.slice(0, commands),
  ];
  for (const c of setup) {
    const r = engine.execute(enc, c as never);
    if (r.ok) enc = r.encounter;
  }
  return enc;
}

function hintsFor(rules: string, commands: number, command: Record<string, unknown>, keys: string[]) {
  const enc = example(rules, commands);
  const d = engine.decide(enc, command as never);
  if (!d.ok) throw new Error(d.rejection.message);
  const name = (id: string) => enc.state.combatants[id]?.name ?? id;
  return diceHints(rules, keys, rollsIn(d.events, name));
}

describe('typed-in dice: the formula and what to type', () => {
  it('Kuro: the pool of Kuro dice, each typed as it shows, an extra die after each 6', () => {
    const [attack] = hintsFor('kuro', 1, { type: 'attack', actor: 'Kenji', target: 'Goro' }, ['attack', 'damage']);
    expect(attack!.notation).toMatch(/^3dK/);
    expect(attack!.help).toMatch(/after each 6 the extra die/);
    expect(attack!.combat).toBe(false);
  });

  it('Fallout: the d20s of the test, and combat dice typed as read off the die', () => {
    const hints = hintsFor('fallout', 4, { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol' }, ['test', 'location', 'damage']);
    const test = hints.find((h) => h.key === 'test')!;
    expect(test.notation).toBe('2d20');
    const damage = hints.find((h) => h.key === 'damage')!;
    expect(damage.combat).toBe(true);
    expect(damage.help).toMatch(/1, 2, 0 for a blank, E for an Effect/);
    expect(readTyped('1 2 0 E', true)).toEqual({ ok: true, faces: [1, 2, 3, 5] });
    expect(readTyped('1, e, blank', true)).toEqual({ ok: true, faces: [1, 5, 3] });
    expect(readTyped('3', true).ok).toBe(false);
  });

  it('reads plain dice and says what is wrong in words', () => {
    expect(readTyped('5, 4', false)).toEqual({ ok: true, faces: [5, 4] });
    const bad = readTyped('five', false);
    expect(bad.ok).toBe(false);
    expect(diceOf('2d20<=7cs<=1cf>=20')).toBe('2d20');
    expect(diceOf('3dK')).toBe('3dK');
  });
});

/** Issue 21: the hint shows faces the die has; typed-in dice are refused next to their box, in the GM's words. */
describe('typed-in dice: examples the dice can show, refusals in words', () => {
  it("SWN's d8 initiative: the example is a face of a d8, not 14", () => {
    const enc = example('swn', 0);
    const d = engine.decide(enc, { type: 'roll-initiative' } as never);
    if (!d.ok) throw new Error(d.rejection.message);
    const name = (id: string) => enc.state.combatants[id]?.name ?? id;
    const [vasquez] = diceHints('swn', ['Vasquez'], rollsIn(d.events, name));
    expect(vasquez!.notation).toBe('1d8');
    expect(vasquez!.help).toBe('type the die as it shows, e.g. 6');
    expect(vasquez!.example).toBe('6');
    expect(diceHints('custom', ['hit'], [{ key: 'hit', roll: { notation: '1d20+5' } as never }])[0]!.example).toBe('14');
    expect(diceHints('custom', ['damage'], [{ key: 'damage', roll: { notation: '2d4' } as never }])[0]!.example).toBe('3, 2');
  });

  it('plain dice: a face the die does not have, or too many, said before anything is sent', () => {
    expect(readTyped('9', false, '1d8')).toEqual({ ok: false, message: '"9": a d8 shows 1 to 8' });
    expect(readTyped('5 4', false, '1d8')).toEqual({ ok: false, message: '"5 4": 1d8 is one die: type its number' });
    expect(readTyped('5', false, '2d6+1')).toEqual({ ok: false, message: '"5": 2d6+1 is 2 dice: type the number on each' });
    expect(readTyped('5, 4', false, '2d6+1')).toEqual({ ok: true, faces: [5, 4] });
    // Kuro dice explode: their count is the engine's to check.
    expect(readTyped('6 6 2 1', false, '3dK+3')).toEqual({ ok: true, faces: [6, 6, 2, 1] });
  });

  it('Kuro: too few dice typed, said next to the box as the GM counts dice (no "faces", no "die 5 of 4dK")', () => {
    const enc = example('kuro', 1);
    const d = engine.decide(enc, { type: 'attack', actor: 'Kenji', target: 'Goro', kind: 'power', invest: 1, dice: { attack: [6, 2, 1] } } as never);
    if (d.ok) throw new Error('accepted');
    expect(d.rejection).toMatchObject({ code: 'dice/entered', details: { key: 'attack' } });
    expect(typedRefusal(d.rejection.message)).toBe('3dK+3 rolls at least 4 dice (3, and 1 extra die for the one that explodes), and 3 were typed.');
  });
});
