import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cwn } from '../cwn/index.ts';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from './index.ts';

const script = JSON.parse(readFileSync(new URL('./examples/fight.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/**
 * examples/fight.json, checkable by hand: surprise (rolled and declared), ties broken by PC, Dex and a
 * roll-off, every kind of action, a late joiner, a defeat, undo/redo, a GM removing the acting NPC.
 */
describe('swn: the example fight (turnkeeper play src/rules/swn/examples/fight.json)', () => {
  const f = new Fight([swn, cwn], script);

  it('plays out line by line as a GM would write it', () => {
    expect(f.log()).toEqual([
      "Encounter \"Ambush in the cargo bay\" created (swn rules).",
      "Side added: PCs (players).",
      "Side added: Pirates.",
      "Vasquez joins the fight (PC, PCs).",
      "Kade joins the fight (PC, PCs).",
      "Mara joins the fight (PC, PCs).",
      "Pirate joins the fight (NPC, Pirates).",
      "Pirate 2 joins the fight (NPC, Pirates).",
      "Lookout joins the fight (NPC, Pirates).",
      "Surprise check: Vasquez's Dex/Sneak 12 (2d6: 5, 4 + 3) vs Pirate's Wis/Notice 11 (2d6: 6, 5): Pirate is caught off guard.",
      "Surprise check: Vasquez's Dex/Sneak 9 (2d6: 3, 3 + 3) vs Lookout's Wis/Notice 10 (2d6: 4, 4 + 2): Lookout notices Vasquez.",
      "Surprised: Pirate. No initiative and only Instant actions in round 1; it rolls at the start of round 2.",
      "Pirate: Surprised for 1 round.",
      "Surprised (declared by the GM): Pirate 2. No initiative and only Instant actions in round 1; it rolls at the start of round 2.",
      "Pirate 2: Surprised for 1 round.",
      "Initiative: Vasquez 5 (1d8: 3 + 2).",
      "Initiative: Kade 5 (1d8: 5).",
      "Initiative: Mara 5 (1d8: 5).",
      "Roll-off for the tie at 5: Kade 7, Mara 2.",
      "Initiative: Lookout 5 (1d8: 5).",
      "Initiative order: Vasquez 5, Kade 5 (tied with Vasquez: higher Dex modifier (+2 vs +0)), Mara 5 (tied with Kade: roll-off 7 vs 2), Lookout 5 (tied with Mara: PCs win ties).",
      "Round 1.",
      "Vasquez acts.",
      "Vasquez: Main action, attack on Pirate with Laser pistol: 11 + 6 vs AC 13 (prepared firing position +2), hit, 6 damage (1d6: 4 + 2).",
      "Pirate takes 6 damage (HP 7 → 1).",
      "Pirate 2: Instant action (shouts a warning).",
      "Vasquez: Move action (ducks behind the crates).",
      "End of Vasquez's turn.",
      "Kade acts.",
      "Kade: Main action, attack on Pirate 2 with Knife: 4 + 3 vs AC 13, miss, Shock: 2 damage.",
      "Pirate 2 takes 2 damage (HP 7 → 5).",
      "Kade: On Turn action (yells to Mara).",
      "End of Kade's turn.",
      "Mara acts.",
      "Mara: Move action (runs for the hatch).",
      "Mara: Main action spent as a second Move (keeps running).",
      "End of Mara's turn.",
      "Lookout acts.",
      "Lookout: Main action, attack on Vasquez with Snub pistol: 15 - 2 vs AC 14 (half cover -2), miss.",
      "End of Lookout's turn.",
      "Round 2.",
      "Pirate: Surprised expired.",
      "Pirate 2: Surprised expired.",
      "Initiative: Pirate 6 (1d8: 6).",
      "Initiative: Pirate 2 1 (1d8: 1).",
      "Initiative order: Pirate 6, Vasquez 5, Kade 5 (tied with Vasquez: higher Dex modifier (+2 vs +0)), Mara 5 (tied with Kade: roll-off 7 vs 2), Lookout 5 (tied with Mara: PCs win ties), Pirate 2 1.",
      "Pirate acts.",
      "Pirate 3 joins the fight (NPC, Pirates).",
      "Initiative: Pirate 3 8 (1d8: 8).",
      "Initiative order: Pirate 3 8, Pirate 6, Vasquez 5, Kade 5 (tied with Vasquez: higher Dex modifier (+2 vs +0)), Mara 5 (tied with Kade: roll-off 7 vs 2), Lookout 5 (tied with Mara: PCs win ties), Pirate 2 1.",
      "Pirate 3's place in round 2 has passed: it acts from round 3.",
      "Pirate: Main action, attack on Kade with Cutlass: 14 + 1 vs AC 13, hit, 8 damage (1d8: 8).",
      "Kade takes 8 damage (HP 10 → 2).",
      "End of Pirate's turn.",
      "Vasquez acts.",
      "Vasquez: Main action, attack on Pirate with Laser pistol: 9 + 4 vs AC 13, hit, 4 damage (1d6: 2 + 2).",
      "Pirate takes 1 damage (HP 1 → 0).",
      "Pirate is defeated (reduced to 0 HP).",
      "Undo: Vasquez: Main action, attack on Pirate with Laser pistol: 9 + 4 vs AC 13, hit, 4 damage (1d6: 2 + 2).",
      "Redo: Vasquez: Main action, attack on Pirate with Laser pistol: 9 + 4 vs AC 13, hit, 4 damage (1d6: 2 + 2).",
      "End of Vasquez's turn.",
      "Kade acts.",
      "Kade: Main action, Fighting Withdrawal, then leaves melee (Move action): no free attacks.",
      "End of Kade's turn.",
      "Mara acts.",
      "Mara: Main action, attack on Pirate 2 with Unarmed: 17 + 1 vs AC 13, hit, 3 damage (1d2: 2 + 1).",
      "Pirate 2 takes 3 damage (HP 5 → 2).",
      "End of Mara's turn.",
      "Lookout acts.",
      "End of Lookout's turn.",
      "Lookout leaves the fight.",
      "Pirate 2 acts.",
      "Warning: Pirate 2 leaves melee without a Fighting Withdrawal (Move action): Mara gets a free automatic melee attack on Pirate 2 (attack {free: true}).",
      "Mara: free attack on Pirate 2 with Unarmed: 2 + 1 vs AC 13, miss.",
      "End of Pirate 2's turn.",
      "Round 3.",
      "Pirate 3 acts.",
      "Pirate 3: Instant action (dives for cover), costing the Main action.",
      "Pirate 3: Move action.",
      "End of Pirate 3's turn.",
      "Vasquez acts.",
    ]);
  });

  it('ends where a GM would expect: round 3, Vasquez to act, the numbers on the sheet', () => {
    expect(f.now()).toMatchObject({ kind: 'actor', round: 3, actor: f.id('Vasquez') });
    expect(f.order()).toEqual([
      'Pirate 3 8',
      'Pirate 6',
      'Vasquez 5',
      'Kade 5 (tied with Vasquez: higher Dex modifier (+2 vs +0))',
      'Mara 5 (tied with Kade: roll-off 7 vs 2)',
      'Pirate 2 1',
    ]);
    expect([f.hp('Vasquez'), f.hp('Kade'), f.hp('Mara'), f.hp('Pirate'), f.hp('Pirate 2'), f.hp('Pirate 3')]).toEqual([12, 2, 8, 0, 2, 7]);
    expect(f.c('Pirate').defeated).toBe(true);
    expect(f.enc.state.roster.map((id) => f.name(id))).not.toContain('Lookout');
    expect(f.m.spent).toEqual({ [f.id('Pirate 3')]: { mains: ['Instant action'], moves: ['Move'] } });
  });

  it('replays to the same state', () => {
    expect(JSON.stringify(f.engine.replay(JSON.parse(JSON.stringify(f.events))).state)).toBe(JSON.stringify(f.enc.state));
  });
});
