import { describe, expect, it } from 'vitest';
import { attempt, cast, run } from './testing.ts';

const kenji = { ...cast.Kenji, stats: { ...cast.Kenji.stats, other: { PER: 2 }, skills: { Kenjutsu: 2, Notice: 1 } } };

describe('kuro: checks outside attacks', () => {
  // Rules README: "A characteristic check adds twice the characteristic; an action check adds the skill instead."
  it('a characteristic check: PER 2 rolls 2dK + 4', () => {
    const { log, s } = run({ combatants: [kenji], commands: [{ type: 'check', combatant: 'Kenji', characteristic: 'per', tn: 9, dice: { check: [5, 1] } }] });
    expect(log.at(-1)).toBe('Kenji: PER 2 characteristic check: 2dK+4: [5, 1] + 4 = 10 vs TN 9: success.');
    expect(s.module.declared).toEqual({});
  });
  it('an action check: PER + Notice rolls 2dK + 1', () => {
    const { log } = run({ combatants: [kenji], commands: [{ type: 'check', combatant: 'Kenji', characteristic: 'PER', skill: 'notice', dice: { check: [3, 3] } }] });
    expect(log.at(-1)).toBe('Kenji: PER + Notice 1 action check: 2dK+1: [3, 3] + 1 = 7.');
  });
  // Rules README: "a check rolls a pool of d6 equal to the characteristic": there must be one.
  it('an unknown characteristic is refused', () => {
    expect(attempt({ combatants: [kenji] }, { type: 'check', combatant: 'Kenji', characteristic: 'WIL' })).toMatchObject({
      ok: false,
      rejection: { code: 'kuro/unknown-characteristic', message: 'Kenji has no characteristic WIL (REA, REF, DEX, STR, PER).' },
    });
  });
});
