import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from './index.ts';

const setup = () =>
  new Fight([swn], {
    rules: 'swn',
    sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 10, dexMod: 2, wisMod: 1, skills: { sneak: 1, notice: 0 } } },
      { name: 'Lee', kind: 'pc', side: 'PCs', stats: { hp: 10, wisMod: -1 } },
      { name: 'Pirate', side: 'Pirates', stats: { hp: 6, dexMod: 2, wisMod: 2, skills: { sneak: 2, notice: 2 } } },
      { name: 'Lookout', side: 'Pirates', stats: { hp: 6, wisMod: 1, vigilant: true, skills: { notice: 1 } } },
    ],
  });

describe('swn surprise', () => {
  it('"a contested Dex/Sneak roll against a target\'s Wis/Notice check, with the defender winning ties"', () => {
    // Vasquez: 2d6 + 2 Dex + 1 Sneak; Lookout (vigilant): 2d6 + 1 Wis + 1 Notice.
    const f = setup().do({ type: 'surprise', actors: ['Vasquez'], targets: ['Lookout'], dice: { 'Vasquez vs Lookout': [3, 3], 'Lookout vs Vasquez': [4, 5] } });
    expect(f.log()).toContain("Surprise check: Vasquez's Dex/Sneak 9 (2d6: 3, 3 + 3) vs Lookout's Wis/Notice 11 (2d6: 4, 5 + 2): Lookout notices Vasquez.");
    expect(f.m.surprised).toEqual([]);
    const tie = setup().do({ type: 'surprise', actors: ['Vasquez'], targets: ['Lookout'], dice: { 'Vasquez vs Lookout': [4, 4], 'Lookout vs Vasquez': [4, 5] } });
    expect(tie.m.surprised).toEqual([]);
    const won = setup().do({ type: 'surprise', actors: ['Vasquez'], targets: ['Lookout'], dice: { 'Vasquez vs Lookout': [5, 4], 'Lookout vs Vasquez': [3, 4] } });
    expect(won.m.surprised).toEqual([won.id('Lookout')]);
    expect(won.c('Lookout').conditions.map((k) => k.name)).toEqual(['Surprised']);
  });

  it('"NPCs with roles relevant to being vigilant ... would gain their skill bonus ..., while others would simply roll an unmodified 2d6"', () => {
    // The Pirate has Wis +2 and Notice 2 but no relevant role: a plain 2d6.
    const f = setup().do({ type: 'surprise', actors: ['Lee'], targets: ['Pirate'], dice: { 'Lee vs Pirate': [4, 4], 'Pirate vs Lee': [4, 4] } });
    expect(f.log()).toContain("Surprise check: Lee's Dex/Sneak 7 (2d6: 4, 4 - 1) vs Pirate's Wis/Notice 8 (2d6: 4, 4): Pirate notices Lee.");
  });

  it('PCs always add attribute and skill (an untrained PC -1), NPC ambushers too only when vigilant', () => {
    const f = setup().do({ type: 'surprise', actors: ['Pirate'], targets: ['Lee'], dice: { 'Pirate vs Lee': [4, 4], 'Lee vs Pirate': [4, 4] } });
    expect(f.log()).toContain("Surprise check: Pirate's Dex/Sneak 8 (2d6: 4, 4) vs Lee's Wis/Notice 6 (2d6: 4, 4 - 2): Lee is caught off guard.");
  });

  it('"In other cases the surprise may be practically inevitable": the GM declares it', () => {
    const f = setup().do({ type: 'surprise', targets: ['Pirate', 'Lookout'] });
    expect(f.log()).toContain('Surprised (declared by the GM): Pirate and Lookout. No initiative and only Instant actions in round 1; they roll at the start of round 2.');
    expect(f.refuse({ type: 'surprise', targets: ['Pirate'] })).toMatchObject({ code: 'surprise/already' });
  });

  it('"A surprised target doesn\'t get to roll initiative until the second round of combat"', () => {
    const f = setup().do({ type: 'roll-initiative', dice: { Vasquez: [1], Lee: [2], Pirate: [3], Lookout: [4] } });
    f.do({ type: 'surprise', targets: ['Pirate'] });
    expect(f.last()[0]).toMatch(/Initiative already rolled by Pirate is set aside\.$/);
    expect(f.order()).toEqual(['Lookout 4', 'Vasquez 3', 'Lee 2']);
    expect(f.refuse({ type: 'roll-initiative', combatants: ['Pirate'] })).toMatchObject({ code: 'swn/surprised' });
    f.do({ type: 'start' }, { type: 'end-turn' }, { type: 'end-turn' });
    // The end of round 1 rolls for the surprised: its dice are typed in with that end-turn.
    f.do({ type: 'end-turn', dice: { Pirate: [8] } });
    expect(f.last()).toEqual([
      "End of Lee's turn.",
      'Round 2.',
      'Pirate: Surprised expired.',
      'Initiative: Pirate 10 (1d8: 8 + 2).',
      'Initiative order: Pirate 10, Lookout 4, Vasquez 3, Lee 2.',
      'Pirate acts.',
    ]);
  });

  it('"can perform only Instant actions while surprised" (round 1)', () => {
    const f = setup().do({ type: 'surprise', targets: ['Pirate'] }, { type: 'start', dice: { Vasquez: [5], Lee: [4], Lookout: [1] } });
    expect(f.refuse({ type: 'act', actor: 'Pirate', action: 'move' })).toEqual({
      code: 'swn/surprised',
      message: 'Pirate is surprised: only Instant actions in round 1.',
    });
    // A free attack (someone left melee) is not an Instant action either.
    expect(f.refuse({ type: 'attack', actor: 'Pirate', target: 'Lee', free: true })).toMatchObject({ code: 'swn/surprised' });
    f.do({ type: 'act', actor: 'Pirate', action: 'instant', label: 'shouts a warning' });
    expect(f.last()).toEqual(['Pirate: Instant action (shouts a warning).']);
    expect(f.allowed('Pirate').filter((a) => a.legal).map((a) => a.label)).toEqual(['Instant action', 'Instant action that costs the Main action']);
  });

  it('the GM can take the surprise back by removing the Surprised condition; the combatant then rolls like a late joiner', () => {
    const f = setup().do({ type: 'surprise', targets: ['Pirate'] }, { type: 'start', dice: { Vasquez: [5], Lee: [4], Lookout: [1] } });
    f.do({ type: 'remove-condition', combatant: 'Pirate', condition: 'Surprised' });
    expect(f.last()).toEqual(['Pirate: Surprised removed.', 'Pirate is no longer surprised (the GM took it off): it may roll initiative (roll-initiative).']);
    f.do({ type: 'roll-initiative', combatants: ['Pirate'], dice: { Pirate: [1] } });
    expect(f.order()).toEqual(['Vasquez 7', 'Lee 4', 'Pirate 3', 'Lookout 1']);
    f.do({ type: 'end-turn' }, { type: 'end-turn' });
    expect(f.acting()).toBe('Pirate');
  });

  it('surprise is settled before the fight starts', () => {
    const f = setup().do({ type: 'start' });
    expect(f.refuse({ type: 'surprise', targets: ['Pirate'] })).toMatchObject({ code: 'surprise/started' });
  });
});
