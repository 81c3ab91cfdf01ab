import { describe, expect, it } from 'vitest';
import { parseDice, rollEntered } from '../../dice/index.ts';
import { attackOdds, falloutTestOdds } from './odds.ts';
import { boughtCost } from './prepare.ts';
import { mod, noraTurn, refuse, step } from './test-kit.ts';
import { oddsKey, oddsText, score, testNotation, testOdds, testOddsFor } from './tests.ts';
import type { Roller, TestSpec } from './tests.ts';

const roller = (target: number, critAt = 1): Roller => ({ actor: 'c1', attribute: 'agi', skill: 'athletics', target, critAt });
const spec = (dice: number, target: number, critAt: number, difficulty: number, helpers: Roller[] = []): TestSpec => ({ ...roller(target, critAt), dice, bought: 0, difficulty, helpers });

/** Every face combination, counted the way the rules count (through the dice engine's typed-in rolls). */
function brute(s: TestSpec): number {
  const n = s.dice + s.helpers.length;
  let hits = 0;
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    const lead = rollEntered(parseDice(testNotation(s.dice, s)), faces.slice(0, s.dice));
    const helpers = s.helpers.map((h, i) => {
      const r = rollEntered(parseDice(testNotation(1, h)), [faces[s.dice + i]!]);
      if (!r.ok) throw new Error(r.message);
      return { actor: h.actor, roll: r.result };
    });
    if (!lead.ok) throw new Error(lead.message);
    if (score(s, lead.result, helpers).passed) hits++;
    let i = 0;
    while (i < n && faces[i] === 20) faces[i++] = 1;
    if (i === n) break;
    faces[i]!++;
  }
  return hits / 20 ** n;
}

describe('fallout: 2d20 tests', () => {
  // Rules README: "roll 2d20 [...] each die <= attribute + skill is a success; a 1, or a die <= the skill's rank when it is a tag skill, is two
  // successes; each 20 is a complication. Pass when successes >= difficulty; every success over the difficulty is an Action Point."
  it('counts successes, crits (1, or up to the rank of a tag skill) and complications', () => {
    const r = rollEntered(parseDice(testNotation(3, roller(12))), [1, 20, 12]);
    expect(r.ok && score(spec(3, 12, 1, 2), r.result, [])).toMatchObject({ successes: 3, passed: true, complications: 1, ap: 1 });
    const tag = rollEntered(parseDice(testNotation(2, roller(10, 3))), [3, 4]);
    expect(tag.ok && score(spec(2, 10, 3, 4), tag.result, [])).toMatchObject({ successes: 3, passed: false, ap: 0 });
  });

  it('tag skills count double up to their rank, in a real test', () => {
    const p = step(noraTurn(), { type: 'act', actor: 'Nora', action: 'test', attribute: 'agi', skill: 'small guns', difficulty: 2, dice: { test: [3, 11] } });
    expect(p.log.at(-1)).toBe('Nora: Test test, AGI 7 + Small Guns 3 = 10, tag: 1-3 count double, 2 successes needed: 40%: [3*, 11] = 2 successes, success.');
  });

  it('the odds are exact: they match every face combination, assistants included', () => {
    for (const s of [spec(2, 12, 1, 1), spec(2, 12, 1, 3), spec(3, 11, 1, 3), spec(2, 8, 3, 2), spec(2, 9, 1, 2, [roller(7, 2)]), spec(3, 6, 1, 4)]) {
      expect(testOdds(s)).toBeCloseTo(brute(s), 12);
    }
    expect(testOdds(spec(2, 1, 1, 0))).toBe(1);
  });

  it('remembered odds (testOddsFor) are the odds worked out afresh, whatever was asked before with the same stats', () => {
    const owner = { agi: 6 };
    const specs: TestSpec[] = [];
    for (const dice of [2, 3, 4, 5]) {
      for (const difficulty of [0, 1, 2, 3, 4]) {
        specs.push(spec(dice, 9, 1, difficulty), spec(dice, 9, 3, difficulty), spec(dice, 12, 1, difficulty));
        specs.push(spec(dice, 9, 1, difficulty, [roller(8)]), spec(dice, 9, 1, difficulty, [roller(8, 2), roller(11)]), spec(dice, 9, 1, difficulty, [roller(11), roller(8, 2)]));
      }
    }
    // Twice over, and once through score: the second time every answer is a remembered one.
    for (const s of [...specs, ...specs]) expect(testOddsFor(owner, s)).toBe(testOdds(s));
    expect(new Set(specs.map(oddsKey)).size).toBe(specs.length);
    const lead = rollEntered(parseDice(testNotation(3, specs[0]!)), [1, 5, 20]);
    if (!lead.ok) throw new Error(lead.message);
    expect(score(specs[7]!, lead.result, [], owner)).toEqual(score(specs[7]!, lead.result, []));
  });

  it('odds read "3 successes needed: 24%" before rolling', () => {
    const p = testOdds(spec(3, 11, 1, 3));
    expect(p).toBeCloseTo(0.23725, 10);
    expect(oddsText(3, p)).toBe('3 successes needed: 24%');
    expect(oddsText(1, 0.5)).toBe('1 success needed: 50%');
    expect(oddsText(0, 1)).toBe('no success needed: 100%');
    expect(oddsText(5, 0.0001)).toBe('5 successes needed: <1%');
  });

  it('falloutTestOdds and attackOdds give the odds of a test or an attack before it is made', () => {
    const p = noraTurn();
    expect(falloutTestOdds(p.enc.state, { actor: 'c1', attribute: 'int', skill: 'medicine', difficulty: 3, buyDice: 1 })).toEqual({
      ok: true,
      difficulty: 3,
      dice: 3,
      p: testOdds(spec(3, 8, 1, 3)),
      text: `3 successes needed: ${Math.round(testOdds(spec(3, 8, 1, 3)) * 100)}%`,
    });
    expect(attackOdds(p.enc.state, { actor: 'c1', target: 'c3', weapon: '10mm pistol', location: 'head', range: 'medium' })).toMatchObject({
      ok: true,
      difficulty: 3,
      text: '3 successes needed: 13%',
      why: ['Defense 1', 'chosen location +1', 'medium range, 1 step from close +1'],
    });
    expect(attackOdds(p.enc.state, { actor: 'c1', target: 'c3', weapon: 'Railgun' })).toMatchObject({ ok: false, code: 'fallout/unknown-weapon' });
  });

  // "Buy d20s (1–6 AP): [...] the first d20 costs 1 AP, the second costs 2, and the third costs 3. No more than three bonus d20s may be rolled for a single test, including any d20s from perks or traits."
  it('bought d20s cost 1, 2 and 3 AP; no more than three bonus d20s, perks and assistants included', () => {
    expect([1, 2, 3].map(boughtCost)).toEqual([1, 3, 6]);
    let p = noraTurn({ partyPoolStart: 6 });
    p = step(p, { type: 'act', actor: 'Nora', action: 'test', attribute: 'per', skill: 'sneak', difficulty: 2, buyDice: 3, dice: { test: [1, 2, 3, 4, 5] } });
    expect(p.log).toContain('The party pool: 6 → 0 AP (buying 3 d20s, Nora).');
    expect(mod(p).pools.party).toBe(4);
    const q = noraTurn({ partyPoolStart: 2 });
    expect(refuse(q, { type: 'act', actor: 'Nora', action: 'rally', buyDice: 2 })).toEqual({ code: 'fallout/ap-short', message: 'The party pool has 2 AP; buying 2 d20s costs 3.' });
    expect(refuse(q, { type: 'act', actor: 'Nora', action: 'rally', buyDice: 4 }).code).toBe('command/invalid');
    expect(refuse(q, { type: 'act', actor: 'Nora', action: 'rally', buyDice: 1, bonusDice: 1, helpers: [{ actor: 'Piper' }, { actor: 'Piper' }] }).code).toBe('fallout/cannot-assist');
    expect(refuse(q, { type: 'act', actor: 'Nora', action: 'rally', buyDice: 2, bonusDice: 1, helpers: [{ actor: 'Piper' }] })).toEqual({
      code: 'fallout/too-many-dice',
      message: 'No more than three bonus d20s on one test (bought, from perks and traits, or from assistants): this asks for 4.',
    });
  });

  it('a test names an attribute the combatant has and a skill of its kind', () => {
    const p = noraTurn();
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'test', attribute: 'body', skill: 'athletics', difficulty: 1 }).code).toBe('fallout/character-attribute');
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'test', attribute: 'agi', skill: 'hacking', difficulty: 1 }).code).toBe('fallout/unknown-skill');
  });
});
