import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { swn } from '../swn/index.ts';
import { Fight } from '../sine-nomine/testing.ts';
import { cwn } from './index.ts';

const script = JSON.parse(readFileSync(new URL('./examples/fight.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/**
 * examples/fight.json, checkable by hand: a side modifier, a rolled surprise with an immune PC, the free
 * round, side initiative with automatic initiative, the worst cover only, shove, grapple, break-free,
 * maintaining, less-lethal knock-out, a late joiner, a defeat that ends a grapple, undo/redo.
 */
describe('cwn: the example fight (turnkeeper play src/rules/cwn/examples/fight.json)', () => {
  const f = new Fight([swn, cwn], script);

  it('plays out line by line as a GM would write it', () => {
    expect(f.log()).toEqual([
      "Encounter \"The Razor Gang at the noodle bar\" created (cwn rules).",
      "Side added: Crew (players).",
      "Side added: Razors.",
      "Vasquez joins the fight (PC, Crew).",
      "Jin joins the fight (PC, Crew).",
      "Razor joins the fight (NPC, Razors).",
      "Razor 2 joins the fight (NPC, Razors).",
      "Boss joins the fight (NPC, Razors).",
      "The Razors: initiative modifier +1.",
      "Surprise check: Razor's Dex/Sneak 11 (2d6: 6, 5) vs Vasquez's Wis/Notice 4 (2d6: 2, 3 - 1): Vasquez is caught off guard.",
      "The Crew are surprised: their enemies get a full free round before initiative is rolled. Immune to surprise: Jin (acting in the free round).",
      "Vasquez: Surprised for 1 round.",
      "Before round 1.",
      "Surprise! The Crew are caught unawares: their enemies get a free round before initiative is rolled.",
      "Razors' turn (free round): Razor, Razor 2 and Boss act in the order they choose (begin-turn).",
      "Boss acts.",
      "Boss: Main action, attack on Vasquez with SMG: 18 - 1 vs AC 14 (three-quarter cover -4; half cover ignored: only the worst cover or positioning penalty applies), hit, 6 damage (1d8: 5 + 1).",
      "Vasquez takes 6 damage (HP 12 → 6).",
      "End of Boss's turn.",
      "Razor acts.",
      "Razor: Main action, shove on Vasquez: Str/Exert 11 (2d6: 5, 5 + 1) vs 6 (2d6: 2, 2 + 2): Vasquez is knocked prone.",
      "Vasquez: Prone until removed.",
      "End of Razor's turn.",
      "End of the Razors' turn. Razor 2 did not act this round.",
      "Crew's turn (free round): Jin acts (begin-turn).",
      "Jin acts.",
      "Jin: Main action, attack on Razor with Monoblade: 6 + 2 vs AC 12, miss, Shock: 4 damage.",
      "Razor takes 4 damage (HP 6 → 2).",
      "End of Jin's turn.",
      "End of the Crew's turn.",
      "Round 1.",
      "Vasquez: Surprised expired.",
      "Initiative: Crew 5 (1d8: 3, +2 Dex of Jin).",
      "Initiative: Jin 6 (1d8: 4 + 2).",
      "Initiative: Razors 3 (1d8: 2, +1 side modifier).",
      "Initiative: Boss 6 (1d8: 5 + 1).",
      "Initiative order: Jin 6, Boss 6 (tied with Jin: PCs win ties), Crew 5, Razors 3.",
      "Jin acts.",
      "Jin: Main action, attack on Boss with Monoblade: 15 + 2 vs AC 13, hit, 6 damage (1d6: 4 + 2).",
      "Boss takes 6 damage (HP 10 → 4).",
      "End of Jin's turn.",
      "Boss acts.",
      "Boss: Main action, attack on Vasquez with SMG: 10 + 1 vs AC 14 (shooting at a distant prone foe -2), miss.",
      "End of Boss's turn.",
      "Crew's turn (initiative 5): Vasquez acts (begin-turn).",
      "Vasquez acts.",
      "Vasquez: Move action (stands up).",
      "Vasquez: Prone removed.",
      "Vasquez: Main action, grapple on Razor 2: Str/Exert 9 (2d6: 4, 3 + 2) vs 7 (2d6: 3, 3 + 1): Razor 2 is grappled (cannot move or use actions that need free hands).",
      "Razor 2: Grappled until removed.",
      "End of Vasquez's turn.",
      "End of the Crew's turn.",
      "Razors' turn (initiative 3): Razor and Razor 2 act in the order they choose (begin-turn).",
      "Razor 2 acts.",
      "Razor 2: Main action, break free from Vasquez: Str/Exert 9 (2d6: 4, 4 + 1) vs 10 (2d6: 5, 3 + 2): Razor 2 is still grappled.",
      "End of Razor 2's turn.",
      "Razor acts.",
      "Razor: Main action, attack on Vasquez with Blade: 12 + 2 vs AC 14, hit, 4 damage (1d6: 3 + 1).",
      "Vasquez takes 4 damage (HP 6 → 2).",
      "End of Razor's turn.",
      "End of the Razors' turn.",
      "Round 2.",
      "Jin acts.",
      "Jin: Main action, attack on Razor with Monoblade: 13 + 2 vs AC 12, hit, 4 damage (1d6: 1 + 2, raised to Shock 4).",
      "Razor takes 2 damage (HP 2 → 0).",
      "Razor is defeated (reduced to 0 HP).",
      "End of Jin's turn.",
      "Boss acts.",
      "Razor 3 joins the fight (NPC, Razors).",
      "Razor 3 joins the Razors' turn.",
      "End of Boss's turn.",
      "Crew's turn (initiative 5): Vasquez acts (begin-turn).",
      "Vasquez acts.",
      "Vasquez maintains the grapple on Razor 2 (Move action).",
      "Vasquez: Main action, attack on Razor 3 with Stun baton: 14 vs AC 12 (no stab skill -2), hit, 7 less-lethal damage (1d6: 6 + 1).",
      "Razor 3: less-lethal damage 0 → 7.",
      "Razor 3 falls unconscious: 7 less-lethal damage has reached current HP 6 (not in danger of death).",
      "Razor 3: Unconscious until removed.",
      "End of Vasquez's turn.",
      "End of the Crew's turn.",
      "Razors' turn (initiative 3): Razor 2 acts (begin-turn).",
      "Razor 2 acts.",
      "Razor 2: Main action, attack on Vasquez with Blade: 20 + 2 vs AC 14, hit, 3 damage (1d6: 2 + 1) [Razor 2 is grappled: no actions that need free hands].",
      "Vasquez takes 2 damage (HP 2 → 0).",
      "Vasquez is defeated (reduced to 0 HP).",
      "Vasquez's grapple on Razor 2 lapses: Vasquez is down.",
      "Razor 2: Grappled removed.",
      "Undo: Razor 2 acts.",
      "Redo: Razor 2 acts.",
      "End of Razor 2's turn.",
      "End of the Razors' turn.",
      "Round 3.",
      "Jin acts.",
      "End of Jin's turn.",
      "Boss acts.",
      "End of Boss's turn.",
      "Razors' turn (initiative 3): Razor 2 acts (begin-turn).",
      "End of the Razors' turn. Razor 2 did not act this round.",
      "Round 4.",
      "Jin acts.",
    ]);
  });

  it('ends where a GM would expect: round 4, Jin to act, the numbers on the sheet', () => {
    expect(f.now()).toMatchObject({ kind: 'actor', round: 4, actor: f.id('Jin') });
    expect(f.order()).toEqual(['Jin 6', 'Boss 6 (tied with Jin: PCs win ties)', 'Crew 5', 'Razors 3']);
    expect([f.hp('Vasquez'), f.hp('Jin'), f.hp('Razor'), f.hp('Razor 2'), f.hp('Boss'), f.hp('Razor 3')]).toEqual([0, 9, 0, 6, 4, 6]);
    expect(f.c('Razor 3').tracks.lessLethal).toEqual({ value: 7, min: 0, rising: true, label: 'less-lethal damage' });
    expect(f.c('Razor 3').conditions.map((k) => k.name)).toEqual(['Unconscious']);
    expect(['Vasquez', 'Razor'].map((n) => f.c(n).defeated)).toEqual([true, true]);
    expect(f.m.grapples).toEqual([]);
  });

  it('replays to the same state', () => {
    expect(JSON.stringify(f.engine.replay(JSON.parse(JSON.stringify(f.events))).state)).toBe(JSON.stringify(f.enc.state));
  });
});
