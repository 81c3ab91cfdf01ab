import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from './index.ts';

const knife = { name: 'Knife', damage: '1d4' };
const rifle = { name: 'Rifle', damage: '1d10', kind: 'ranged' };

/** Lee (Knife) acts first and is in melee; then the Pirate (Cutlass), the Gunner (Rifle only), the Brute (Rifle and Club), Vasquez. */
const fight = () =>
  new Fight([swn], {
    rules: 'swn',
    sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
    combatants: [
      { name: 'Lee', kind: 'pc', side: 'PCs', stats: { hp: 10, ac: 12, skills: { stab: 0 }, weapons: [knife] } },
      { name: 'Pirate', side: 'Pirates', stats: { hp: 8, ac: 12, weapons: [{ name: 'Cutlass', damage: '1d8' }] } },
      { name: 'Gunner', side: 'Pirates', stats: { hp: 8, ac: 12, weapons: [rifle] } },
      { name: 'Brute', side: 'Pirates', stats: { hp: 8, ac: 12, weapons: [rifle, { name: 'Club', damage: '1d6' }] } },
      { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 10, ac: 14, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } },
    ],
    commands: [{ type: 'roll-initiative', dice: { Lee: [8], Pirate: [6], Gunner: [5], Brute: [4], Vasquez: [1] } }, { type: 'start' }],
  });

const free = (actor: string, target: string, weapon?: string, hit = 15) => ({
  type: 'attack',
  actor,
  target,
  free: true,
  ...(weapon ? { weapon } : {}),
  dice: { hit: [hit], damage: [2] },
});

/** The free attacks allowedActions offers a combatant as legal, as "target with weapon". */
const offered = (f: Fight, name: string): string[] =>
  f
    .allowed(name)
    .filter((o) => o.command === 'attack' && o.preset?.free === true && o.legal)
    .map((o) => `${f.name(o.preset?.target as string)} with ${o.preset?.weapon as string}`);

describe('swn free melee attacks: "or else they suffer a free automatic melee attack from any foe engaged with them"', () => {
  it('nobody has a free attack until someone leaves melee without a Fighting Withdrawal', () => {
    const f = fight();
    expect(f.refuse(free('Pirate', 'Lee'))).toEqual({
      code: 'attack/no-free-attack',
      message: 'Pirate has no free attack to make: a free attack is owed only to a foe engaged with someone who leaves melee without a Fighting Withdrawal (leave-melee).',
    });
    expect(offered(f, 'Pirate')).toEqual([]);
    expect(f.allowed('Pirate').find((o) => o.command === 'attack' && o.preset?.free === true)).toMatchObject({ legal: false });
  });

  it('"from any foe engaged with them": only the foes named, only against the one who left, once each', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Lee', targets: ['Pirate', 'Brute'] });
    expect(f.last()).toEqual([
      'Warning: Lee leaves melee without a Fighting Withdrawal (Move action): Pirate and Brute each get a free automatic melee attack on Lee (attack {free: true}).',
    ]);
    expect(offered(f, 'Pirate')).toEqual(['Lee with Cutlass']);
    expect(offered(f, 'Gunner')).toEqual([]);
    expect(offered(f, 'Vasquez')).toEqual([]);
    expect(f.refuse(free('Gunner', 'Lee'))).toMatchObject({ code: 'attack/free-ranged-only' });
    expect(f.refuse(free('Pirate', 'Vasquez'))).toEqual({
      code: 'attack/free-wrong-target',
      message: "Pirate's free attack is on Lee, who left melee, not on Vasquez.",
    });
    f.do(free('Pirate', 'Lee'));
    expect(f.last()[0]).toBe('Pirate: free attack on Lee with Cutlass: 15 vs AC 12, hit, 2 damage (1d8: 2).');
    // The free attack needs no turn and costs the Pirate nothing.
    expect(f.m.spent[f.id('Pirate')]).toBeUndefined();
    expect(f.refuse(free('Pirate', 'Lee'))).toEqual({
      code: 'attack/free-taken',
      message: 'Pirate has already made its free attack on Lee (one per foe each time Lee leaves melee).',
    });
    expect(offered(f, 'Pirate')).toEqual([]);
    expect(offered(f, 'Brute')).toEqual(['Lee with Club']);
  });

  it('"There is no need to spend a Main Action disengaging from enemies who are wielding only ranged weapons"', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Lee', targets: ['Gunner', 'Pirate'] });
    expect(f.last()).toEqual([
      'Warning: Lee leaves melee without a Fighting Withdrawal (Move action): Pirate gets a free automatic melee attack on Lee (attack {free: true}); Gunner wields only ranged weapons: no free attack.',
    ]);
    expect(f.refuse(free('Gunner', 'Lee'))).toEqual({
      code: 'attack/free-ranged-only',
      message: 'Gunner wields only ranged weapons: leaving melee draws no free attack from it.',
    });
    expect(offered(f, 'Gunner')).toEqual([]);
  });

  it('"such weapons aren\'t as effectively threatening as true melee weapons": the free attack is made with a melee weapon', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Lee', targets: ['Brute'] });
    expect(f.refuse(free('Brute', 'Lee', 'Rifle'))).toEqual({
      code: 'attack/free-not-melee',
      message: "A free attack is a melee attack: Brute's Rifle is a ranged weapon (use Club).",
    });
    expect(offered(f, 'Brute')).toEqual(['Lee with Club']);
    f.do(free('Brute', 'Lee', 'Club'));
    expect(f.last()[0]).toBe('Brute: free attack on Lee with Club: 15 vs AC 12, hit, 2 damage (1d6: 2).');
  });

  it('a Fighting Withdrawal draws no free attack', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Lee', withdrawing: true, targets: ['Pirate'] });
    expect(f.refuse(free('Pirate', 'Lee'))).toMatchObject({ code: 'attack/no-free-attack' });
    expect(offered(f, 'Pirate')).toEqual([]);
  });

  it('no foes named: every foe with a melee weapon may take one, never an ally nor a foe wielding only ranged weapons', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Lee' });
    expect(f.last()[0]).toBe(
      'Warning: Lee leaves melee without a Fighting Withdrawal (Move action): every foe engaged with Lee in melee gets a free automatic melee attack (not those wielding only ranged weapons) (attack {free: true}).',
    );
    expect(offered(f, 'Pirate')).toEqual(['Lee with Cutlass']);
    expect(offered(f, 'Brute')).toEqual(['Lee with Club']);
    expect(offered(f, 'Gunner')).toEqual([]);
    expect(f.refuse(free('Vasquez', 'Lee', 'Unarmed'))).toEqual({
      code: 'attack/no-free-attack',
      message: 'Vasquez is not a foe of Lee: only foes engaged with Lee get a free attack.',
    });
    f.do(free('Pirate', 'Lee'));
    expect(f.refuse(free('Pirate', 'Lee'))).toMatchObject({ code: 'attack/free-taken' });
  });

  it('the free attacks are owed as the foe leaves: those not taken lapse at the end of its turn', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Lee', targets: ['Pirate', 'Brute'] }, free('Pirate', 'Lee'), { type: 'end-turn' });
    expect(f.last()).toEqual(["End of Lee's turn.", "Lee's turn is over: the free attack on Lee lapses for Brute.", 'Pirate acts.']);
    expect(f.refuse(free('Brute', 'Lee', 'Club'))).toMatchObject({ code: 'attack/no-free-attack' });
    expect(f.m.freeAttacks).toEqual([]);
  });

  it('the owed attacks are module state built from events: undo gives them back or takes them away', () => {
    const f = fight().do({ type: 'leave-melee', actor: 'Lee', targets: ['Pirate'] }, free('Pirate', 'Lee'));
    expect(offered(f, 'Pirate')).toEqual([]);
    f.do({ type: 'undo' });
    expect(offered(f, 'Pirate')).toEqual(['Lee with Cutlass']);
    f.do({ type: 'undo' });
    expect(offered(f, 'Pirate')).toEqual([]);
    expect(f.m.freeAttacks).toEqual([]);
    f.do({ type: 'redo' });
    expect(offered(f, 'Pirate')).toEqual(['Lee with Cutlass']);
  });
});
