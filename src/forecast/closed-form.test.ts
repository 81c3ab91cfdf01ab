/**
 * Forecasts checked against fights whose odds can be worked out by hand: each case's answer must fall
 * within the forecast's 95% interval. Each cites the rule sentence it rests on.
 */
import { describe, expect, it } from 'vitest';
import { forecastOfScript } from './index.ts';
import type { Forecast, ForecastOptions } from './index.ts';

const RUNS = 6_000;

function run(script: unknown, options: ForecastOptions = {}): Forecast {
  const f = forecastOfScript(script, { runs: RUNS, seed: 'closed-form', ...options });
  if (!f.ok) throw new Error(`${f.code}: ${f.message}`);
  expect(f.undecided.runs).toBe(0);
  return f;
}

/** `p` within the side's 95% interval. */
function expectWin(f: Forecast, side: string, p: number): void {
  const s = f.sides.find((x) => x.name === side)!;
  expect(s.low, `${side} wins ${s.p}, expected ${p}`).toBeLessThanOrEqual(p);
  expect(s.high, `${side} wins ${s.p}, expected ${p}`).toBeGreaterThanOrEqual(p);
}

function expectRounds(f: Forecast, mean: number): void {
  expect(f.rounds.low, `rounds ${f.rounds.mean}, expected ${mean}`).toBeLessThanOrEqual(mean);
  expect(f.rounds.high, `rounds ${f.rounds.mean}, expected ${mean}`).toBeGreaterThanOrEqual(mean);
}

describe('closed-form fights', () => {
  it('custom: a duel of 1 HP, the first hitting on 50% and the second on 25%', () => {
    // Custom README: "A combatant brought to 0 HP is defeated and skipped"; "end-turn: the next in the order".
    // Asha (initiative 20) always acts first: 1d20 >= 11 hits, 10/20 = 1/2; Brom: 1d20 >= 16, 5/20 = 1/4.
    // A round ends undecided with (1 - 1/2)(1 - 1/4) = 3/8, so P(Asha) = (1/2) / (1 - 3/8) = 0.8,
    // P(Brom) = (1/2)(1/4) / (5/8) = 0.2, and the rounds are geometric: 1 / (5/8) = 1.6.
    const f = run({
      rules: 'custom',
      sides: [{ name: 'Party', players: true }, { name: 'Foes' }],
      combatants: [
        { name: 'Asha', kind: 'pc', side: 'Party', hp: 1, stats: { defense: 16, attacks: [{ name: 'Sword', hit: '+0', damage: '1d1' }] } },
        { name: 'Brom', side: 'Foes', hp: 1, stats: { defense: 11, attacks: [{ name: 'Club', hit: '+0', damage: '1d1' }] } },
      ],
      commands: [{ type: 'set-initiative', combatant: 'Asha', total: 20 }, { type: 'set-initiative', combatant: 'Brom', total: 1 }],
    });
    expectWin(f, 'Party', 0.8);
    expectWin(f, 'Foes', 0.2);
    expectRounds(f, 1.6);
    const asha = f.combatants.find((c) => c.name === 'Asha')!;
    expect(asha.down.low).toBeLessThanOrEqual(0.2);
    expect(asha.down.high).toBeGreaterThanOrEqual(0.2);
    // Asha's damage: 1 HP lost in the runs she goes down, 0 otherwise.
    expect(asha.damage!.histogram.map((h) => h.value)).toEqual([0, 1]);
  });

  it('kuro: simultaneous blows both land', () => {
    // kuro-combat.txt: "In the case of a tie, all characters with the same initiative act at the same
    // time (simultaneous actions)." REA 0: initiative 0 for both, a tie every game turn; REF 1: one
    // action. Plain d6 (no exploding 6, no unlucky 4): Kenji's 1d6 + 0 >= Defence 4 hits 1/2, Goro's
    // 1d6 >= 6 hits 1/6; damage 1 on 1 HP. Per game turn: both hit 1/12 (both down: a draw), Kenji only
    // 5/12, Goro only 1/12, neither 5/12. So Kenji 5/7 = 0.714, Goro 1/7, a draw 1/7, and 12/7 = 1.714
    // game turns. (STR 0: no Power Attack; a Fast Attack's damage 1 - 2 does nothing: Normal is best.)
    const sheet = { REA: 0, REF: 1, DEX: 1, STR: 0, hp: 1, weapons: [{ name: 'Stick', damage: 1, skill: 'Bo' }] };
    const f = run({
      rules: 'kuro',
      options: { explodingSixes: false, unluckyFours: false },
      sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
      combatants: [
        { name: 'Kenji', kind: 'pc', side: 'Party', stats: { ...sheet, defence: 6 } },
        { name: 'Goro', side: 'Bandits', stats: { ...sheet, defence: 4 } },
      ],
    });
    expectWin(f, 'Party', 5 / 7);
    expectWin(f, 'Bandits', 1 / 7);
    expect(f.draw.low).toBeLessThanOrEqual(1 / 7);
    expect(f.draw.high).toBeGreaterThanOrEqual(1 / 7);
    expectRounds(f, 12 / 7);
  });

  it('swn: Shock damage on a miss', () => {
    // swn-rounds-actions-attacks.txt: "a primitive knife with a Shock score of “1 point/AC 15” would
    // always do at least 1 point of damage whenever its wielder attacks a target with AC 15 or less,
    // whether they hit or miss." Vasquez (initiative 20) deals exactly 1 a swing (1d2-1 on a hit, at
    // least the Shock 1; the Shock 1 on a miss), so the Pirate's 2 HP fall on her second swing, in round
    // 2. The Pirate (1d20 + 0 >= AC 11: 1/2) must drop her (1 HP) in round 1: P(Pirate) = 1/2,
    // P(Vasquez) = 1/2, rounds 1 × 1/2 + 2 × 1/2 = 1.5. Without Shock her misses would do nothing.
    const f = run({
      rules: 'swn',
      sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
      combatants: [
        { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 1, ac: 11, skills: { stab: 0 }, weapons: [{ name: 'Knife', damage: '1d2-1', shock: { damage: 1, ac: 15 } }] } },
        { name: 'Pirate', side: 'Pirates', stats: { hp: 2, ac: 15, weapons: [{ name: 'Cutlass', damage: '1d8' }] } },
      ],
      commands: [{ type: 'set-initiative', combatant: 'Vasquez', total: 20 }, { type: 'set-initiative', combatant: 'Pirate', total: 1 }],
    });
    expectWin(f, 'PCs', 0.5);
    expectWin(f, 'Pirates', 0.5);
    expectRounds(f, 1.5);
  });

  it("fallout: the initiator's opening turn", () => {
    // fallout-2d20-initiative-actions.txt: "When combat begins, the player who initiated the combat takes
    // a turn immediately. Once this is done, the gamemaster ranks the combatants in order of their
    // initiative statistic". Nora starts it (first in the roster), in round 0; Raider (PER + AGI 12 > 8)
    // goes first from round 1: Nora, Raider, Nora, Raider...
    // Nora: 2d20 <= STR 4 + Melee Weapons 1 = 5, one success needed (Defense 1): 1 - (15/20)^2 = 7/16;
    // one combat die does 1 or more on 1, 2, 5, 6: 2/3; so a = 7/16 × 2/3 = 7/24 per attack on 1 HP.
    // Raider: 2d20 <= 6 + 2 = 8: 1 - (12/20)^2 = 16/25; b = 16/25 × 2/3 = 32/75.
    // P(Nora) = a + (1 - a)(1 - b) a / (1 - (1 - a)(1 - b)) = 0.2917 + 0.1184 / 0.5939 = 0.4911;
    // rounds (round 0 counts): 1 + (1 - a) / (1 - (1 - a)(1 - b)) = 1 + 0.7083 / 0.5939 = 2.1927.
    const a = 7 / 24;
    const b = 32 / 75;
    const q = 1 - (1 - a) * (1 - b);
    const f = run({
      rules: 'fallout',
      sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
      combatants: [
        { name: 'Nora', kind: 'pc', side: 'Vault', stats: { per: 4, agi: 4, str: 4, skills: { 'melee weapons': 1 }, hp: 1, weapons: [{ name: 'Bat', type: 'melee', damage: 1 }] } },
        { name: 'Raider', side: 'Raiders', stats: { per: 6, agi: 6, str: 6, skills: { 'melee weapons': 2 }, hp: 1, weapons: [{ name: 'Machete', type: 'melee', damage: 1 }] } },
      ],
    });
    expectWin(f, 'Vault', a + ((1 - a) * (1 - b) * a) / q);
    expectRounds(f, 1 + (1 - a) / q);
  });

  it('popcorn: the initiative passes to a foe, every action dealing the policy damage', () => {
    // popcorn-initiative.txt: "Once the character has completed their action, they pass the initiative
    // to any other character who can still act". One each side, 2 HP, 1d2 damage (the policy's: the
    // text has none). The starter's blow rolls 2 (1/2): it wins in round 1. Else the foe, on 1 HP, rolls
    // 2 (1/2 of the rest): the foe wins in round 1. Else both are on 1 HP and round 2 is opened by the
    // starter (the foe, last to act, passes to it): the starter wins. P(starter) = 1/2 + 1/4 = 3/4, and
    // each side starts half the time (the d20 roll): 1/2 each. Rounds: 1 × 3/4 + 2 × 1/4 = 1.25.
    const f = run(
      {
        rules: 'popcorn',
        sides: [{ name: 'Party', players: true }, { name: 'Orcs' }],
        combatants: [
          { name: 'Mira', kind: 'pc', side: 'Party', hp: 2, stats: { heroDice: 1 } },
          { name: 'Orc', side: 'Orcs', hp: 2, stats: { heroDice: 1 } },
        ],
      },
      { policy: { damage: '1d2' } },
    );
    expectWin(f, 'Party', 0.5);
    expectRounds(f, 1.25);
  });
});
