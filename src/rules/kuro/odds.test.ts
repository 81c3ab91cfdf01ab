import { describe, expect, it } from 'vitest';
import { runOdds } from '../../cli/index.ts';
import type { CliIo } from '../../cli/index.ts';
import { parseDice, rollEntered } from '../../dice/index.ts';
import { actionCheckOdds, attackOdds, characteristicCheckOdds, checkOdds, opposedOdds } from './odds.ts';
import { characteristicCheck, checkNotation, kuroDie } from './dice.ts';
import { cast, run } from './testing.ts';

const faces = (notation: string, typed: number[]): number => {
  const r = rollEntered(parseDice(notation), typed);
  if (!r.ok) throw new Error(r.message);
  return r.result.total;
};

describe('kuro dice (rules README: "a check rolls a pool of d6 equal to the characteristic; each 6 explodes (roll again and add); each 4 counts as 0")', () => {
  it('both rules on by default: the Kuro die dK', () => {
    expect(kuroDie({ explodingSixes: true, unluckyFours: true })).toBe('dK');
    // 6 explodes into a 3, the 4 counts 0: 6 + 3 + 0 + 2 = 11.
    expect(faces('3dK', [6, 3, 4, 2])).toBe(11);
  });
  it('each rule can be switched off per encounter ("Make both the exploding 6 and the unlucky 4 options of the module")', () => {
    expect(faces(checkNotation(3, 0, { explodingSixes: false, unluckyFours: true }), [6, 4, 2])).toBe(8);
    expect(faces(checkNotation(3, 0, { explodingSixes: true, unluckyFours: false }), [6, 1, 4, 2])).toBe(13);
    expect(checkNotation(3, 0, { explodingSixes: false, unluckyFours: false })).toBe('3d6');
  });
  it('"A characteristic check adds twice the characteristic; an action check adds the skill instead"', () => {
    expect(characteristicCheck(3, { explodingSixes: true, unluckyFours: true })).toBe('3dK+6');
    expect(checkNotation(3, 2, { explodingSixes: true, unluckyFours: true })).toBe('3dK+2');
    expect(checkNotation(0, 4, { explodingSixes: true, unluckyFours: true })).toBe('4');
  });
});

describe('kuro odds API', () => {
  it('one Kuro die: P(>= 5) = 2/6 (a 5 or a 6), P(>= 7) = 1/6 x 5/6 (a 6, then anything but the unlucky 4)', () => {
    expect(checkOdds({ pool: 1, bonus: 0, tn: 5 }).p).toBeCloseTo(2 / 6, 12);
    expect(checkOdds({ pool: 1, bonus: 0, tn: 7 }).p).toBeCloseTo(5 / 36, 12);
    expect(checkOdds({ pool: 1, bonus: 0, tn: 1 }).p).toBeCloseTo(5 / 6, 12);
  });
  it('without the options it is plain d6: P(2d6 + 4 >= 11) = 21/36', () => {
    const o = checkOdds({ pool: 2, bonus: 4, tn: 11, options: { explodingSixes: false, unluckyFours: false } });
    expect(o.notation).toBe('2d6+4');
    expect(o.p).toBeCloseTo(21 / 36, 12);
  });
  it('characteristic and action checks, with the mean of a Kuro die (3.4)', () => {
    const c = characteristicCheckOdds({ characteristic: 3, tn: 12 });
    expect(c.notation).toBe('3dK+6');
    expect(c.distribution.mean).toBeCloseTo(16.2, 5);
    const a = actionCheckOdds({ characteristic: 3, skill: 2, specialisation: 1, tn: 12 });
    expect(a.notation).toBe('3dK+3');
  });
  it('agrees with `turnkeeper odds` for the same notation', () => {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
    expect(runOdds(['3dK+6', '--at-least', '12', '--json'], io satisfies CliIo)).toBe(0);
    const json = JSON.parse(out.join('\n')) as { atLeast: { p: number } };
    expect(json.atLeast.p).toBeCloseTo(characteristicCheckOdds({ characteristic: 3, tn: 12 }).p, 12);
  });
  it('an opposed check in `turnkeeper odds`: attack minus defence at least 1 (here 3dK+2 against 2dK+1)', () => {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
    expect(runOdds(['3dK+2-2dK-1', '--at-least', '1', '--json'], io satisfies CliIo)).toBe(0);
    const json = JSON.parse(out.join('\n')) as { atLeast: { p: number } };
    expect(json.atLeast.p).toBeCloseTo(opposedOdds({ attack: { pool: 3, bonus: 2 }, defence: { pool: 2, bonus: 1 } }).p, 10);
  });
  it('opposed checks: the attacker must beat the defender, a tie goes to the defender', () => {
    expect(opposedOdds({ attack: { pool: 0, bonus: 5 }, defence: { pool: 0, bonus: 5 } }).p).toBe(0);
    expect(opposedOdds({ attack: { pool: 0, bonus: 6 }, defence: { pool: 0, bonus: 5 } }).p).toBe(1);
    // 1 plain d6 against 3: beats it on 4, 5, 6.
    expect(opposedOdds({ attack: { pool: 1, bonus: 0 }, defence: { pool: 0, bonus: 3 }, options: { explodingSixes: false, unluckyFours: false } }).p).toBeCloseTo(0.5, 12);
  });
  it('attack odds for an attack command: Power Attack investing 2 against Defence 8 needs 10', () => {
    const { s } = run({ combatants: [cast.Kenji, cast.Goro] });
    const odds = attackOdds(s, { actor: 'c1', target: 'c2', kind: 'power', invest: 2 });
    expect(odds.ok).toBe(true);
    if (!odds.ok) return;
    expect(odds.attack).toBe('3dK+2');
    expect(odds.tn).toBe(10);
    expect(odds.pHit).toBeCloseTo(checkOdds({ pool: 3, bonus: 2, tn: 10 }).p, 12);
    // Katana 2d6 + 4: mean 11.
    expect(odds.damage.meanOnHit).toBeCloseTo(11, 10);
    expect(odds.expectedDamage).toBeCloseTo(odds.pHit * 11, 10);
  });
  it('attack odds refuse what the attack would refuse', () => {
    const { s } = run({ combatants: [cast.Kenji, cast.Goro] });
    expect(attackOdds(s, { actor: 'c1', target: 'c2', kind: 'power', invest: 4 })).toMatchObject({ ok: false, rejection: { code: 'kuro/invest-too-high' } });
  });
  it('opposed attack odds use the defender\'s check plus the investment', () => {
    const { s } = run({ combatants: [cast.Kenji, cast.Goro] });
    const odds = attackOdds(s, { actor: 'c1', target: 'c2', kind: 'fast', invest: 1, defence: 'parry' });
    expect(odds).toMatchObject({ ok: true, attack: '3dK+2', defence: '2dK+1', tnModifier: -1 });
    if (odds.ok) expect(odds.pHit).toBeCloseTo(opposedOdds({ attack: { pool: 3, bonus: 2 }, defence: { pool: 2, bonus: 1 }, modifier: -1 }).p, 12);
  });
});
