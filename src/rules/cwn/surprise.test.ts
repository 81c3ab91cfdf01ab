import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { cwn } from './index.ts';

const fight = (commands: unknown[] = [], options: Record<string, unknown> = {}) =>
  new Fight([cwn], {
    rules: 'cwn',
    options,
    sides: [{ name: 'Crew', players: true }, { name: 'Razors' }, { name: 'Cops' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 10, wisMod: 1, skills: { notice: 1 } } },
      { name: 'Jin', kind: 'pc', side: 'Crew', stats: { hp: 10, surpriseImmune: true } },
      { name: 'Razor', side: 'Razors', stats: { hp: 6, dexMod: 1, vigilant: true, skills: { sneak: 1 } } },
      { name: 'Cop', side: 'Cops', stats: { hp: 6 } },
    ],
    commands,
  });

describe('cwn surprise', () => {
  it('"automatically granting their enemies a full free round of action before initiative can be rolled"', () => {
    const f = fight([{ type: 'surprise', side: 'Crew' }]).do({ type: 'start' });
    expect(f.last()).toEqual([
      'Before round 1.',
      'Surprise! The Crew are caught unawares: their enemies get a free round before initiative is rolled.',
      "Razors' turn (free round): Razor acts (begin-turn).",
    ]);
    expect(f.now()).toMatchObject({ kind: 'side', round: 0, side: 'razors', label: 'Free round (surprise)' });
    expect(f.order()).toEqual([]);
    // The free round, documented: unsurprised sides in the order they were added, then the immune.
    expect(f.m.track.slots.map((s) => `${s.label}: ${s.members.map((id) => f.name(id)).join(', ')}`)).toEqual(['Razors: Razor', 'Cops: Cop', 'Crew: Jin']);
    f.do({ type: 'attack', actor: 'Razor', target: 'Vasquez', dice: { hit: [1] } }, { type: 'end-turn' }, { type: 'end-turn' });
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'move' })).toEqual({ code: 'cwn/surprised', message: 'Vasquez is surprised: only Instant actions during the free round.' });
    f.do({ type: 'act', actor: 'Jin', action: 'move' });
    // Initiative is rolled when the free round ends: the dice come with that end-turn.
    f.do({ type: 'end-turn', dice: { Crew: [2], Razors: [5], Cops: [1] } });
    expect(f.last()).toEqual([
      "End of Jin's turn.",
      "End of the Crew's turn.",
      'Round 1.',
      'Vasquez: Surprised expired.',
      'Initiative: Crew 2 (1d8: 2, +0 Dex of Vasquez).',
      'Initiative: Razors 5 (1d8: 5).',
      'Initiative: Cops 1 (1d8: 1).',
      'Initiative order: Razors 5, Crew 2, Cops 1.',
      "Razors' turn (initiative 5): Razor acts (begin-turn).",
    ]);
  });

  it('"possibly calling for an opposed Dex/Sneak skill check versus the target\'s Wis/Notice": every target must lose to be caught "entirely unawares"', () => {
    const f = fight().do({ type: 'surprise', actors: ['Razor'], side: 'Crew', dice: { 'Razor vs Vasquez': [4, 4], 'Vasquez vs Razor': [3, 4] } });
    expect(f.last()).toEqual([
      "Surprise check: Razor's Dex/Sneak 10 (2d6: 4, 4 + 2) vs Vasquez's Wis/Notice 9 (2d6: 3, 4 + 2): Vasquez is caught off guard.",
      'The Crew are surprised: their enemies get a full free round before initiative is rolled. Immune to surprise: Jin (acting in the free round).',
      'Vasquez: Surprised for 1 round.',
    ]);
    const noticed = fight().do({ type: 'surprise', actors: ['Razor'], side: 'Crew', dice: { 'Razor vs Vasquez': [4, 4], 'Vasquez vs Razor': [4, 4] } });
    expect(noticed.last()[1]).toBe('The Crew are not surprised: Vasquez noticed the ambush.');
    expect(noticed.m.surprised).toEqual([]);
  });

  it('"Groups cannot be surprised if they are actively anticipating the possibility of combat"', () => {
    const f = fight([{ type: 'set-side', side: 'Crew', anticipating: true }]);
    expect(f.refuse({ type: 'surprise', side: 'Crew' })).toEqual({
      code: 'cwn/anticipating',
      message: 'The Crew were anticipating combat and cannot be surprised; the GM may give them an initiative penalty instead (set-side with a modifier).',
    });
    // "at most, they might suffer an initiative penalty at the GM's discretion"
    f.do({ type: 'set-side', side: 'Crew', modifier: -2 }, { type: 'roll-initiative', dice: { Crew: [5], Razors: [4], Cops: [1] } });
    expect(f.order()).toEqual(['Razors 4', 'Crew 3', 'Cops 1']);
    const byOption = fight([], { anticipating: ['Cops'] });
    expect(byOption.refuse({ type: 'surprise', side: 'Cops' })).toMatchObject({ code: 'cwn/anticipating' });
  });

  it('"A PC with certain Foci or cyberware may be immune to surprise"; a side of only immune members cannot be surprised', () => {
    const f = fight();
    expect(f.refuse({ type: 'surprise', targets: ['Jin'], actors: ['Razor'] })).toMatchObject({ code: 'surprise/immune' });
  });

  it('surprise is settled before the fight, and someone must be left to take the free round', () => {
    const f = fight([{ type: 'surprise', side: 'Crew' }, { type: 'surprise', side: 'Cops' }]);
    expect(f.refuse({ type: 'surprise', side: 'Razors' })).toMatchObject({ code: 'surprise/no-enemies' });
    f.do({ type: 'start' });
    expect(f.refuse({ type: 'surprise', side: 'Razors' })).toMatchObject({ code: 'surprise/started' });
  });
});
