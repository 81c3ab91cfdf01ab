import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engine, hp, id, mod, order, play, track } from './test-kit.ts';

const script = JSON.parse(readFileSync(new URL('./examples/fight.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('fallout: the example fight (examples/fight.json), checkable by hand', () => {
  const p = play(script);
  const at = (line: string | RegExp): number => p.log.findIndex((l) => (typeof line === 'string' ? l === line : line.test(l)));

  it('the Raider started the fight: its opening turn comes before round 1', () => {
    expect(p.log.slice(at('Raider started the fight and takes a single turn before round 1.'), at('Round 1.') + 1)).toEqual([
      'Raider started the fight and takes a single turn before round 1.',
      'Before round 1.',
      'Opening turn: Raider acts.',
      'Raider attacks Piper with Machete (major action).',
      "Raider's attack on Piper: difficulty 1 (Defense 1), STR 6 + Melee Weapons 2 = 8, 1 success needed: 64%: [4, 12] = 1 success, success.",
      // 1d20 = 11: left arm; 3 CD [2, 5, 3] are 2 + 1 (Effect) + 0 = 3; Piper has no DR.
      'Raider hits Piper in the left arm (1d20: 11): 3 CD [2, 1:effect, 0] = 3, 1 Effect (piercing 1); DR 0 physical → 3 damage.',
      expect.stringMatching(/^Piper takes 3 damage \(HP 10 → 7/),
      "End of Raider's turn.",
      // Piper (PER 5 + AGI 5) and the Raider (PER 5 + AGI 5) tie at 10: the GM is asked, and answers.
      'Initiative tie at 10: the GM puts Raider before Piper.',
      'Round 1.',
    ]);
  });

  it("Nora's attack: chosen location, range step, extra shot, head DR; then a readied attack on her second major action", () => {
    expect(p.log).toEqual(
      expect.arrayContaining([
        // Defense 1 + chosen location 1 + medium range (pistol: close) 1 = 3; [1, 2] are both crits (tag Small Guns 3): 4 successes, 1 AP.
        "Nora's attack on Raider: difficulty 3 (Defense 1, chosen location +1, medium range, 1 step from close +1), AGI 7 + Small Guns 3 = 10, tag: 1-3 count double, 3 successes needed: 13%: [1*, 2*] = 4 successes, success, 1 AP.",
        'Nora generates 1 AP: the party pool 3 → 4.',
        // 4 CD + 1 extra shot = 5 CD: 1 + 2 + 1 + 0 + 0 = 4; head DR 2 → 2.
        'Nora hits Raider in the head (chosen): 5 CD [1, 2, 1:effect, 0, 0] = 4, 1 Effect; DR 2 physical → 2 damage.',
        expect.stringMatching(/^Nora: 10mm ammo 8 → 6\b/),
        'Nora readies an attack for when "the ghoul charges" (second major action, 2 AP; its test will be 1 harder).',
        'The party pool: 4 → 2 AP (a second major action, Nora).',
      ]),
    );
  });

  it('Piper spends Luck to act before the Raider, buys a d20 and extra damage, and is skipped at her place', () => {
    const from = at(/^Piper: Luck points 2 → 1/);
    expect(from).toBeGreaterThan(at("End of Nora's turn."));
    expect(p.log.slice(from + 1, at("End of Piper's turn.") + 1)).toEqual([
      'Piper spends a Luck point to take its turn now, ahead of the initiative order.',
      'Luck: Piper acts.',
      'Piper attacks Raider with Frag grenade (major action).',
      'The party pool: 2 → 1 AP (buying 1 d20, Piper).',
      "Piper's attack on Raider: difficulty 1 (Defense 1), AGI 5 + Throwing 2 = 7, 1 bought d20, 1 success needed: 73%: [1*, 3, 5] = 4 successes, success, 3 AP.",
      'Piper generates 3 AP: the party pool 1 → 4.',
      // 5 CD + 1 for the AP = 6 CD: 1 + 1 + 2 + 0 + 1 + 1 = 6; torso DR 1 → 5.
      'Piper hits Raider in the torso (1d20: 4): 6 CD [1, 1, 2, 0, 1:effect, 1:effect] = 6, 2 Effects; DR 1 physical → 5 damage.',
      'The party pool: 4 → 3 AP (extra damage (+1 CD), Piper).',
      expect.stringMatching(/^Raider takes 5 damage \(HP 8 → 3/),
      expect.stringMatching(/^Piper: Frag grenade \(carried\) 2 → 1\b/),
      "End of Piper's turn.",
    ]);
    // After the Raider, Piper's normal place is skipped: the Ghoul acts.
    expect(p.log[p.log.lastIndexOf("End of Raider's turn.") + 1]).toBe('Ghoul acts.');
    expect(p.log.filter((l) => l === 'Piper acts.')).toEqual([]);
  });

  it("the Ghoul's charge triggers Nora's readied attack (1 harder), then the Ghoul's turn resumes", () => {
    expect(p.log.slice(at('Ghoul: Move (minor action, movement).'), at("End of Ghoul's turn.") + 1)).toEqual([
      'Ghoul: Move (minor action, movement).',
      '"the ghoul charges" happens: Nora acts now, interrupting Ghoul.',
      'Nora attacks Ghoul with 10mm pistol (readied action).',
      "Nora's attack on Ghoul: difficulty 2 (Defense 1, second major action +1), AGI 7 + Small Guns 3 = 10, tag: 1-3 count double, 2 successes needed: 40%: [5, 9] = 2 successes, success.",
      'Nora hits Ghoul in the head (1d20: 1): 4 CD [2, 2, 1, 1:effect] = 6, 1 Effect; DR 0 physical → 6 damage.',
      expect.stringMatching(/^Ghoul takes 6 damage \(HP 8 → 2/),
      expect.stringMatching(/^Nora: 10mm ammo 6 → 5\b/),
      "Nora's readied action is done; Ghoul's turn resumes.",
      'Ghoul attacks Nora with Claws (major action).',
      "Ghoul's attack on Nora: difficulty 1 (Defense 1), BODY 6 + Melee 2 = 8, 1 success needed: 64%: [7, 20:complication] = 1 success, success, 1 complication.",
      // 2 CD, both Effects: 2, and Vicious adds 1 per Effect.
      'Ghoul hits Nora in the torso (1d20: 5): 2 CD [1:effect, 1:effect] = 2, 2 Effects (vicious), Vicious +2; DR 0 physical → 4 damage.',
      expect.stringMatching(/^Nora takes 4 damage \(HP 12 → 8/),
      "End of Ghoul's turn.",
    ]);
  });

  it('ends at the start of round 2 with the numbers a GM would have', () => {
    expect(p.enc.state.round).toBe(2);
    expect(order(p)).toEqual(['Nora', 'Raider', 'Piper', 'Ghoul']);
    expect([hp(p, 'Nora'), hp(p, 'Piper'), hp(p, 'Raider'), hp(p, 'Ghoul')]).toEqual([8, 7, 3, 2]);
    expect(track(p, 'Nora', 'ammo:10mm')).toBe(5);
    expect(track(p, 'Piper', 'thrown:Frag grenade')).toBe(1);
    expect(track(p, 'Piper', 'luck')).toBe(1);
    expect(mod(p).pools).toEqual({ party: 3, gm: 0 });
    expect(engine.whoMayAct(p.enc)).toEqual({
      kind: 'actor',
      round: 2,
      actor: id(p, 'Nora'),
      label: 'Next: Nora: the turn begins with its first action, or with Begin the turn (begin-turn)',
      interrupts: [{ combatant: id(p, 'Piper'), command: 'luck-interrupt', label: 'Spend a Luck point to act before Nora (1 left)' }],
    });
  });

  it('replays to the same state, and undo takes back the last command whole', () => {
    const replayed = engine.replay(JSON.parse(JSON.stringify(p.events)));
    expect(replayed.state).toEqual(p.enc.state);
    const undone = engine.execute(p.enc, { type: 'undo' });
    expect(undone.ok && undone.encounter.state.round).toBe(1);
  });
});
