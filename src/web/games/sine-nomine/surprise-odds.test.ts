import { describe, expect, it } from 'vitest';
import { viewOf } from '../../../core/index.ts';
import type { Command, Encounter, Engine } from '../../../core/index.ts';
import { example, idOf } from './example-kit.ts';
import { contestChance, contestText, surpriseCommand, surpriseOddsOf } from './surprise-odds.ts';

/** The chance that 2d6 + a beats 2d6 + b, counted face by face over all 1,296 rolls. */
function counted(a: number, b: number): number {
  let won = 0;
  for (let x1 = 1; x1 <= 6; x1++) for (let x2 = 1; x2 <= 6; x2++) for (let y1 = 1; y1 <= 6; y1++) for (let y2 = 1; y2 <= 6; y2++) if (x1 + x2 + a > y1 + y2 + b) won++;
  return won / 1296;
}

function dryOdds(rules: 'swn' | 'cwn', engine: Engine, enc: Encounter, command: Command) {
  const d = engine.decide(enc, command);
  if (!d.ok) throw new Error(d.rejection.message);
  return surpriseOddsOf(rules, d.events);
}

describe('the odds of an ambush (SWN: "Most ambushes involve a contested Dex/Sneak roll against a target’s Wis/Notice check, with the defender winning ties.")', () => {
  it('the contest of two 2d6 from the dice module’s exact distribution, ties to the defender', () => {
    // Equal modifiers: 146 of the 1,296 rolls tie and go to the defender, so the ambusher wins 575.
    expect(contestChance(0, 0)).toBeCloseTo(575 / 1296, 12);
    for (let a = -3; a <= 5; a++) for (let b = -3; b <= 5; b++) expect(contestChance(a, b)).toBeCloseTo(counted(a, b), 12);
    expect(contestChance(0, 11)).toBe(0);
    expect(contestChance(11, 0)).toBeCloseTo(1, 12);
  });

  it('"NPCs with roles relevant to being vigilant or stealthy would gain their skill bonus to these checks, while others would simply roll an unmodified 2d6": the modifiers are the engine’s', async () => {
    const { engine, enc } = await example('swn');
    const [vasquez, pirate, lookout] = ['Vasquez', 'Pirate', 'Lookout'].map((n) => idOf(enc, n)) as [string, string, string];
    const odds = dryOdds('swn', engine, enc, surpriseCommand({ how: 'roll', ambushers: [vasquez], targets: [pirate, lookout] }));
    // Vasquez: Dex +2, Sneak 1. The Pirate is not vigilant: a plain 2d6. The Lookout is vigilant: Wis +1, Notice 1.
    expect(odds.contests.map((c) => [c.sneak, c.notice])).toEqual([
      [3, 0],
      [3, 2],
    ]);
    expect(odds.targets.map((t) => t.target)).toEqual([pirate, lookout]);
    expect(odds.targets[0]!.p).toBeCloseTo(counted(3, 0), 12);
    expect(odds.targets[1]!.p).toBeCloseTo(counted(3, 2), 12);
    // 2d6 − 2d6 comes to −3 or less in 310 of the 1,296 rolls.
    expect(odds.targets[0]!.p).toBeCloseTo(1 - 310 / 1296, 12);
    expect(odds.side).toBeNull();
    const view = viewOf(engine, enc);
    expect(contestText(view, odds.contests[0]!)).toBe("Vasquez's Dex/Sneak 2d6+3 vs Pirate's Wis/Notice 2d6 (plain: not a vigilant role), Pirate winning ties");
    expect(contestText(view, odds.contests[1]!)).toBe("Vasquez's Dex/Sneak 2d6+3 vs Lookout's Wis/Notice 2d6+2, Lookout winning ties");
  });

  it('"Ambush targets who fail the contested roll are surprised": with two ambushers, only by losing to both (independent rolls)', async () => {
    const { engine, enc } = await example('swn');
    const [vasquez, mara, lookout] = ['Vasquez', 'Mara', 'Lookout'].map((n) => idOf(enc, n)) as [string, string, string];
    const odds = dryOdds('swn', engine, enc, surpriseCommand({ how: 'roll', ambushers: [vasquez, mara], targets: [lookout] }));
    // Mara: Dex +0, no Sneak (an untrained PC: -1).
    expect(odds.contests.map((c) => c.sneak)).toEqual([3, -1]);
    expect(odds.targets[0]!.p).toBeCloseTo(counted(3, 2) * counted(-1, 2), 12);
  });

  it('CWN "If a group is caught entirely unawares they may suffer surprise": the side only if every one checked loses', async () => {
    const { engine, enc } = await example('cwn', [{ type: 'add-combatant', name: 'Doc', kind: 'pc', side: 'Crew', stats: { hp: 8, wisMod: 1, skills: { notice: 2 } } }]);
    const [razor, vasquez, doc] = ['Razor', 'Vasquez', 'Doc'].map((n) => idOf(enc, n)) as [string, string, string];
    const odds = dryOdds('cwn', engine, enc, surpriseCommand({ how: 'roll', ambushers: [razor], targets: [vasquez, doc] }));
    // Razor: an NPC, not vigilant: a plain 2d6. Vasquez: Wis +0, no Notice (-1). Doc: Wis +1, Notice 2.
    expect(odds.contests.map((c) => [c.sneak, c.notice])).toEqual([
      [0, -1],
      [0, 3],
    ]);
    expect(odds.side).toBeCloseTo(counted(0, -1) * counted(0, 3), 12);
  });

  it('builds the command: rolled (with the dice typed in at the table) or declared ("the surprise may be practically inevitable")', () => {
    expect(surpriseCommand({ how: 'roll', ambushers: ['c1'], targets: ['c4'] }, { 'Vasquez vs Pirate': [5, 4] })).toEqual({
      type: 'surprise',
      actors: ['c1'],
      targets: ['c4'],
      dice: { 'Vasquez vs Pirate': [5, 4] },
    });
    expect(surpriseCommand({ how: 'roll', ambushers: ['c1'], targets: ['c4'] }, {})).toEqual({ type: 'surprise', actors: ['c1'], targets: ['c4'] });
    expect(surpriseCommand({ how: 'declare', ambushers: ['c1'], targets: ['c4', 'c5'] })).toEqual({ type: 'surprise', targets: ['c4', 'c5'], declare: true });
  });
});
