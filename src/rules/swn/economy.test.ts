import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from './index.ts';

/** Vasquez acts first, then the Pirate, then Lee. */
const fight = () =>
  new Fight([swn], {
    rules: 'swn',
    sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 10, ac: 14, skills: { shoot: 0 }, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } },
      { name: 'Pirate', side: 'Pirates', stats: { hp: 8, ac: 12, weapons: [{ name: 'Cutlass', damage: '1d8' }] } },
      { name: 'Lee', kind: 'pc', side: 'PCs', stats: { hp: 10, ac: 12 } },
    ],
    commands: [{ type: 'roll-initiative', dice: { Vasquez: [8], Pirate: [5], Lee: [2] } }, { type: 'start' }],
  });

describe('swn action economy', () => {
  it('"Every actor can make one Main Action each round"', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Pirate', dice: { hit: [2] } });
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'main', label: 'bandage' })).toEqual({
      code: 'swn/main-spent',
      message: 'Vasquez has already used the Main action this round (attack).',
    });
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Pirate' })).toMatchObject({ code: 'swn/main-spent' });
  });

  it('"Every actor can make one Move action each round" and "In place of their Main Action, an actor can take a second Move action"', () => {
    const f = fight().do({ type: 'act', actor: 'Vasquez', action: 'move' });
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'move' })).toEqual({
      code: 'swn/move-spent',
      message: 'Vasquez has already used the Move action this round (Move); the Main action can still be spent as a second Move (main-as-move).',
    });
    f.do({ type: 'act', actor: 'Vasquez', action: 'main-as-move' });
    expect(f.last()).toEqual(['Vasquez: Main action spent as a second Move.']);
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Pirate' })).toEqual({
      code: 'swn/main-spent',
      message: 'Vasquez has already used the Main action this round (second Move).',
    });
  });

  // "Every actor can make one Main Action each round": a new round, a new allowance.
  it('the allowance comes back every round', () => {
    const f = fight().do({ type: 'act', actor: 'Vasquez', action: 'move' }, { type: 'act', actor: 'Vasquez', action: 'main' });
    f.do({ type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' });
    expect(f.now()).toMatchObject({ round: 2, actor: f.id('Vasquez') });
    f.do({ type: 'act', actor: 'Vasquez', action: 'move' }, { type: 'act', actor: 'Vasquez', action: 'main' });
  });

  it('"A PC can perform as many On Turn actions as they want in a round" (on their own turn)', () => {
    const f = fight().do(
      { type: 'act', actor: 'Vasquez', action: 'on-turn', label: 'drops prone' },
      { type: 'act', actor: 'Vasquez', action: 'on-turn', label: 'shouts' },
      { type: 'act', actor: 'Vasquez', action: 'on-turn', label: 'draws a knife' },
    );
    expect(f.last()).toEqual(['Vasquez: On Turn action (draws a knife).']);
    expect(f.refuse({ type: 'act', actor: 'Lee', action: 'on-turn' })).toMatchObject({ code: 'turn/not-your-turn' });
  });

  it('"it can be performed even when it\'s not the actor\'s turn" and "they often cost the actor\'s Main Action for the round as well"', () => {
    const f = fight().do({ type: 'act', actor: 'Lee', action: 'instant', label: 'Veteran\'s Luck' });
    f.do({ type: 'act', actor: 'Lee', action: 'instant', label: 'psychic ward', costsMain: true });
    expect(f.last()).toEqual(['Lee: Instant action (psychic ward), costing the Main action.']);
    expect(f.refuse({ type: 'act', actor: 'Lee', action: 'instant', costsMain: true })).toMatchObject({ code: 'swn/main-spent' });
    f.do({ type: 'act', actor: 'Lee', action: 'instant' });
    f.do({ type: 'end-turn' }, { type: 'end-turn' });
    expect(f.acting()).toBe('Lee');
    expect(f.refuse({ type: 'attack', actor: 'Lee', target: 'Pirate' })).toMatchObject({ code: 'swn/main-spent' });
    f.do({ type: 'act', actor: 'Lee', action: 'move' });
  });

  // Issue 20, item 4: "The answer to anything a player sends must not depend on whether a name or id is hidden."
  it('an Instant action a player asked for (a reaction request) records its label as the player\'s words; no command can claim it', () => {
    const f = fight();
    const asked = f.engine.decide(f.enc, { type: 'act', actor: 'Lee', action: 'instant', label: 'I shout at the Pirate' }, { playerWords: true });
    expect(asked.ok && asked.events.find((e) => e.type === 'swn/acted')).toMatchObject({ label: 'I shout at the Pirate', labelBy: 'player' });
    const line = f.engine.log([...f.events, ...f.engine.apply(f.enc, asked.ok ? asked.events : []).events]).at(-1)!;
    expect(line.text).toBe('Lee: Instant action (I shout at the Pirate).');
    expect(line.parts).toContainEqual({ said: 'I shout at the Pirate' });
    f.do({ type: 'act', actor: 'Lee', action: 'instant', label: 'ducks' });
    expect(f.events.at(-1)!.event).not.toHaveProperty('labelBy');
    expect(f.refuse({ type: 'act', actor: 'Lee', action: 'instant', label: 'ducks', labelBy: 'player' })).toMatchObject({ code: 'command/invalid' });
  });

  it('"must use their Main Action to perform a Fighting Withdrawal, or else they suffer a free automatic melee attack": the tracker says so', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Vasquez', targets: ['Pirate'] });
    expect(f.last()).toEqual([
      'Warning: Vasquez leaves melee without a Fighting Withdrawal (Move action): Pirate gets a free automatic melee attack on Vasquez (attack {free: true}).',
    ]);
    // The free attack needs no turn and costs the Pirate nothing.
    f.do({ type: 'attack', actor: 'Pirate', target: 'Vasquez', free: true, dice: { hit: [19], damage: [3] } });
    expect(f.last()[0]).toBe('Pirate: free attack on Vasquez with Cutlass: 19 vs AC 14, hit, 3 damage (1d8: 3).');
    expect(f.m.spent[f.id('Pirate')]).toBeUndefined();
    const unnamed = fight().do({ type: 'leave-melee', actor: 'Vasquez' });
    expect(unnamed.last()[0]).toContain('every foe engaged with Vasquez in melee gets a free automatic melee attack (not those wielding only ranged weapons)');
  });

  it('a Fighting Withdrawal is a Main action: leaving after it draws no free attacks', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Vasquez', withdrawing: true, targets: ['Pirate'] });
    expect(f.last()).toEqual(['Vasquez: Main action, Fighting Withdrawal, then leaves melee (Move action): no free attacks.']);
    expect(f.m.spent[f.id('Vasquez')]).toEqual({ mains: ['Fighting Withdrawal'], moves: ['leave melee'] });
    const g = fight().do({ type: 'act', actor: 'Vasquez', action: 'fighting-withdrawal' }, { type: 'leave-melee', actor: 'Vasquez', withdrawing: true });
    expect(g.last()).toEqual(['Vasquez leaves melee after the Fighting Withdrawal (Move action): no free attacks.']);
    const h = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Pirate', dice: { hit: [1] } });
    expect(h.refuse({ type: 'leave-melee', actor: 'Vasquez', withdrawing: true })).toMatchObject({ code: 'swn/main-spent' });
  });

  it('allowedActions lists every action, legal or not, with the reason', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Pirate', dice: { hit: [1] } });
    const options = f.allowed('Vasquez');
    const byLabel = (label: string) => options.find((o) => o.label === label);
    expect(byLabel('Move (up to 10 m)')).toMatchObject({ command: 'act', preset: { actor: f.id('Vasquez'), action: 'move' }, legal: true, cost: 'Move' });
    expect(byLabel('Attack with Laser pistol')).toMatchObject({ legal: false, reason: 'Vasquez has already used the Main action this round (attack).' });
    expect(byLabel('End the turn')).toMatchObject({ legal: true });
    const lee = f.allowed('Lee');
    expect(lee.find((o) => o.label === 'Move (up to 10 m)')).toMatchObject({ legal: false, reason: "It is not Lee's turn: it is Vasquez's turn." });
    expect(lee.find((o) => o.label === 'Instant action')).toMatchObject({ legal: true });
    expect(lee.find((o) => o.label === 'Attack with Unarmed')).toBeDefined();
  });
});
