import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { rollsIn } from './result-card.tsx';
import { diceHints, diceOf, readTyped } from './typed-dice.ts';

function example(rules: string, commands: number): Encounter {
  const s = JSON.parse(readFileSync(new URL(`../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as {
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
