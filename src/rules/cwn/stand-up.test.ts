import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from '../swn/index.ts';
import { cwn } from './index.ts';

/** Individual initiative: Vasquez acts, then Razor (knocked prone by Vasquez's shove), then Lee. */
const fight = () =>
  new Fight([cwn], {
    rules: 'cwn',
    options: { initiative: 'individual' },
    sides: [{ name: 'Crew', players: true }, { name: 'Razors' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 10, strMod: 1, skills: { exert: 1 } } },
      { name: 'Razor', side: 'Razors', stats: { hp: 8, strMod: 1, skills: { exert: 0 } } },
      { name: 'Lee', kind: 'pc', side: 'Crew', stats: { hp: 10 } },
    ],
    commands: [
      { type: 'roll-initiative', dice: { Vasquez: [8], Razor: [5], Lee: [1] } },
      { type: 'start' },
      { type: 'shove', actor: 'Vasquez', target: 'Razor', effect: 'prone', dice: { Vasquez: [3, 4], Razor: [2, 3] } },
      { type: 'end-turn' },
    ],
  });

const standUp = (f: Fight, name: string) => f.allowed(name).find((o) => o.command === 'act' && o.preset?.action === 'stand-up');

describe('cwn: standing up from prone', () => {
  // "Some actions that are too complex for On Turn actions but not demanding enough for Main actions might also be Moves,
  //  such as picking up an object or standing up from prone."
  it('standing up is a Move action that takes the Prone condition off, and is offered to a prone combatant', () => {
    const f = fight();
    expect(f.c('Razor').conditions.map((k) => k.name)).toEqual(['Prone']);
    expect(standUp(f, 'Razor')).toMatchObject({ label: 'Stand up from prone', cost: 'Move', legal: true });
    f.do({ type: 'act', actor: 'Razor', action: 'stand-up' });
    expect(f.last()).toEqual(['Razor stands up from prone (Move action).', 'Razor: Prone removed.']);
    expect(f.c('Razor').conditions).toEqual([]);
    expect(f.m.spent[f.id('Razor')]).toEqual({ mains: [], moves: ['stand up'] });
    // The Move is spent: moving on takes the Main action as a second Move.
    expect(f.refuse({ type: 'act', actor: 'Razor', action: 'move' })).toMatchObject({ code: 'cwn/move-spent' });
  });

  // "A combatant gets one Move action each round, but can spend their Main action as an additional Move if they wish."
  it('with the Move gone, standing up takes the Main action as a second Move', () => {
    const f = fight().do({ type: 'act', actor: 'Razor', action: 'move' });
    expect(standUp(f, 'Razor')).toMatchObject({ legal: true });
    f.do({ type: 'act', actor: 'Razor', action: 'stand-up' });
    expect(f.last()).toEqual(['Razor stands up from prone (Main action as a second Move).', 'Razor: Prone removed.']);
    expect(f.c('Razor').conditions).toEqual([]);
  });

  it('only a prone combatant stands up, on its own turn', () => {
    const f = fight();
    expect(f.refuse({ type: 'act', actor: 'Lee', action: 'stand-up' })).toMatchObject({ code: 'turn/not-your-turn' });
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'stand-up' })).toMatchObject({ code: 'turn/already-acted' });
    f.do({ type: 'act', actor: 'Razor', action: 'stand-up' });
    expect(f.refuse({ type: 'act', actor: 'Razor', action: 'stand-up' })).toEqual({ code: 'cwn/not-prone', message: 'Razor is not prone.' });
    expect(standUp(f, 'Razor')).toMatchObject({ legal: false, reason: 'Razor is not prone.' });
  });

  it('SWN: its text has no rule for standing up, so no such action (the GM takes Prone off with remove-condition)', () => {
    const f = new Fight([swn], {
      rules: 'swn',
      sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
      combatants: [{ name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 10 } }],
      commands: [
        { type: 'roll-initiative', dice: { Vasquez: [8] } },
        { type: 'start' },
        { type: 'add-condition', combatants: ['Vasquez'], name: 'Prone', duration: 'until-removed' },
      ],
    });
    expect(standUp(f, 'Vasquez')).toBeUndefined();
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'stand-up' }).code).toBe('command/invalid');
  });
});
