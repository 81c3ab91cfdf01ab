import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { cwn } from './index.ts';

const fight = () =>
  new Fight([cwn], {
    rules: 'cwn',
    options: { initiative: 'individual' },
    sides: [{ name: 'Crew', players: true }, { name: 'Razors' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 10, strMod: 1, skills: { stab: 0, shoot: 0 }, weapons: [{ name: 'Stun baton', damage: '1d6', lessLethal: true }, { name: 'Pistol', damage: '1d6', kind: 'ranged' }] } },
      { name: 'Razor', side: 'Razors', stats: { hp: 8, ac: 10 } },
    ],
    commands: [{ type: 'roll-initiative', dice: { Vasquez: [8], Razor: [5] } }, { type: 'start' }],
  });

describe('cwn less-lethal damage', () => {
  it('"Non-lethal damage is tracked separately from normal damage"', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Razor', dice: { hit: [15], damage: [3] } });
    expect(f.last()).toEqual([
      'Vasquez: Main action, attack on Razor with Stun baton: 15 + 1 vs AC 10, hit, 4 less-lethal damage (1d6: 3 + 1).',
      'Razor: less-lethal damage 0 → 4.',
    ]);
    expect(f.c('Razor').tracks).toEqual({ hp: { value: 8, max: 8 }, lessLethal: { value: 4, min: 0, rising: true, label: 'less-lethal damage' } });
  });

  it('"Less-lethal attacks use the same rules as normal attacks": any weapon can be used less-lethally', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Razor', weapon: 'Pistol', lessLethal: true, dice: { hit: [15], damage: [3] } });
    expect(f.c('Razor').tracks.lessLethal!.value).toBe(3);
    expect(f.hp('Razor')).toBe(8);
  });

  it('"When a character takes non-lethal damage equal to their current hit points, they fall unconscious but are not in danger of death"', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Razor', dice: { hit: [15], damage: [6] } });
    expect(f.last().slice(1)).toEqual(['Razor: less-lethal damage 0 → 7.']);
    f.do({ type: 'end-turn' }, { type: 'end-turn' }, { type: 'attack', actor: 'Vasquez', target: 'Razor', dice: { hit: [15], damage: [1] } });
    expect(f.last().slice(1)).toEqual([
      'Razor: less-lethal damage 7 → 9.',
      'Razor falls unconscious: 9 less-lethal damage has reached current HP 8 (not in danger of death).',
      'Razor: Unconscious until removed.',
    ]);
    expect(f.c('Razor').defeated).toBe(false);
    // Unconscious, it takes no turns: round 3 goes from Vasquez straight back to Vasquez.
    f.do({ type: 'end-turn' });
    expect(f.now()).toMatchObject({ round: 3, actor: f.id('Vasquez') });
    expect(f.refuse({ type: 'act', actor: 'Razor', action: 'instant' })).toMatchObject({ code: 'cwn/unconscious' });
  });

  it('assumption: lethal damage that brings current HP down to the less-lethal total knocks out too', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Razor', dice: { hit: [15], damage: [3] } }, { type: 'end-turn' }, { type: 'end-turn' });
    f.do({ type: 'attack', actor: 'Vasquez', target: 'Razor', weapon: 'Pistol', dice: { hit: [15], damage: [4] } });
    expect(f.last()).toEqual([
      'Vasquez: Main action, attack on Razor with Pistol: 15 vs AC 10, hit, 4 damage (1d6: 4).',
      'Razor takes 4 damage (HP 8 → 4).',
      'Razor falls unconscious: 4 less-lethal damage has reached current HP 4 (not in danger of death).',
      'Razor: Unconscious until removed.',
    ]);
  });

  it('assumption: at 0 HP lethal damage defeats as usual, whatever the less-lethal total', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Razor', weapon: 'Pistol', dice: { hit: [15], damage: [6] } }, { type: 'end-turn' }, { type: 'end-turn' });
    f.do({ type: 'attack', actor: 'Vasquez', target: 'Razor', weapon: 'Pistol', dice: { hit: [15], damage: [6] } });
    expect(f.c('Razor').defeated).toBe(true);
    expect(f.c('Razor').conditions).toEqual([]);
  });

  it('the GM\'s damage and heal commands on the lessLethal track add and take away less-lethal damage', () => {
    const f = fight().do({ type: 'damage', combatants: ['Razor'], track: 'lessLethal', amount: 8 });
    expect(f.last()).toEqual([
      'Razor: less-lethal damage 0 → 8.',
      'Razor falls unconscious: 8 less-lethal damage has reached current HP 8 (not in danger of death).',
      'Razor: Unconscious until removed.',
    ]);
    f.do({ type: 'heal', combatants: ['Razor'], track: 'lessLethal', amount: 5 }, { type: 'remove-condition', combatant: 'Razor', condition: 'Unconscious' });
    expect(f.c('Razor').tracks.lessLethal!.value).toBe(3);
    expect(f.c('Razor').conditions).toEqual([]);
  });
});
