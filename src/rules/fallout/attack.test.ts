import { describe, expect, it } from 'vitest';
import { HUMANOID, locationAt } from './hit-location.ts';
import { engine, hp, id, mod, noraTurn, refuse, since, step, track } from './test-kit.ts';
import type { Played } from './test-kit.ts';

const rolledLine = (p: Played): string => p.log.find((l) => l.startsWith("Nora's attack on")) ?? '';

describe('fallout: making an attack', () => {
  // "Ranged Weapon: Roll an AGI + Small Guns [...] test (based on the ranged weapon you're using), with a difficulty equal to your target's Defense."
  it("the difficulty is the target's Defense; the test is the weapon's attribute + skill", () => {
    const p = step(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', dice: { test: [12, 13] } });
    expect(since(noraTurn(), p)).toEqual([
      'Nora attacks Raider with 10mm pistol (major action).',
      "Nora's attack on Raider: difficulty 1 (Defense 1), AGI 7 + Small Guns 3 = 10, tag: 1-3 count double, 1 success needed: 75%: [12, 13] = 0 successes, failure.",
      'Nora misses Raider.',
      expect.stringMatching(/^Nora: 10mm ammo 8 → 7\b/),
    ]);
  });

  // "You may choose to target a specific part of a target creature or character. This increases the difficulty of the attack by 1."
  // "If you choose a specific hit location already, you hit the chosen location instead."
  it('a chosen hit location: +1 difficulty, and the hit lands there (no location roll)', () => {
    const p = step(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', location: 'Head', dice: { test: [4, 5], damage: [2, 2, 3, 3] } });
    expect(rolledLine(p)).toContain('difficulty 2 (Defense 1, chosen location +1)');
    // "Resistances: The target reduces the total damage inflicted by their Damage Resistance against the attack's damage type, on the location hit."
    expect(p.log).toContain('Nora hits Raider in the head (chosen): 4 CD [2, 2, 0, 0] = 4; DR 2 physical → 2 damage.');
    expect(hp(p, 'Raider')).toBe(8);
    expect(refuse(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', location: 'tail' }).code).toBe('fallout/unknown-location');
  });

  // "If you passed your test, roll 1d20 or a hit location die to determine the part of the target you hit."
  it('otherwise the location is 1d20 on the humanoid table: 1-2 head, 3-8 torso, 9-11 left arm, 12-14 right arm, 15-17 left leg, 18-20 right leg', () => {
    const table = [1, 2, 3, 8, 9, 11, 12, 14, 15, 17, 18, 20].map((f) => locationAt(HUMANOID, f));
    expect(table).toEqual(['head', 'head', 'torso', 'torso', 'left-arm', 'left-arm', 'right-arm', 'right-arm', 'left-leg', 'left-leg', 'right-leg', 'right-leg']);
    const p = step(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', dice: { test: [4, 5], location: 16, damage: [1, 1, 1, 1] } });
    expect(p.log).toContain('Nora hits Raider in the left leg (1d20: 16): 4 CD [1, 1, 1, 1] = 4; DR 1 physical → 3 damage.');
  });

  it('other bodies use their own table (stats.hitLocations)', () => {
    const handy = { name: 'Mr Handy', side: 'Raiders', stats: { type: 'creature', body: 4, mind: 4, hp: 10, hitLocations: [{ location: 'optics', from: 1, to: 2 }, { location: 'main-body', from: 3, to: 12 }, { location: 'arms', from: 13, to: 18 }, { location: 'thruster', from: 19, to: 20 }], dr: { optics: { energy: 3 } } } };
    const laser = { name: 'Laser pistol', type: 'ranged', damage: 3, damageType: 'energy', range: 'close' };
    const nora = { type: 'update-combatant', combatant: 'Nora', stats: { weapons: [laser] } };
    const p = step(noraTurn({}, [handy], [nora]), { type: 'attack', actor: 'Nora', target: 'Mr Handy', weapon: 'Laser pistol', dice: { test: [4, 5], location: 2, damage: [2, 2, 2] } });
    expect(p.log).toContain('Nora hits Mr Handy in the optics (1d20: 2): 3 CD [2, 2, 2] = 6; DR 3 energy → 3 damage.');
    expect(() => noraTurn({}, [{ ...handy, name: 'Bad', stats: { ...handy.stats, hitLocations: [{ location: 'all', from: 1, to: 19 }] } }])).toThrow(/face 20 of the d20 belongs to no location/);
  });

  // "Characters and creatures have different DRs for different types of damage: physical, energy, radiation, and poison."
  it('DR is per damage type: physical DR does not stop energy damage', () => {
    const laser = { name: 'Laser pistol', type: 'ranged', damage: 2, damageType: 'energy', range: 'close' };
    const p = step(noraTurn({}, [], [{ type: 'update-combatant', combatant: 'Nora', stats: { weapons: [laser] } }]), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: 'Laser pistol', location: 'head', dice: { test: [4, 5], damage: [2, 2] } });
    expect(p.log).toContain('Nora hits Raider in the head (chosen): 2 CD [2, 2] = 4; DR 0 energy → 4 damage.');
  });

  // "This is modified by the range to the target." (weapon range steps: +1 per range band away from the weapon's own range)
  it('ranged attacks: +1 difficulty per range band away from the weapon\'s range', () => {
    const p = step(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', range: 'long', dice: { test: [12, 13] } });
    expect(rolledLine(p)).toContain('difficulty 3 (Defense 1, long range, 2 steps from close +2)');
    expect(refuse(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: 'Combat knife', range: 'medium' }).code).toBe('fallout/melee-range');
  });

  // "While you're prone, enemies at Medium range or further add +1 to the difficulty of any attacks against you."
  // "While you're prone, enemies at Close range reduce the difficulty of attacks (including melee attacks) by 1, to a minimum of 0."
  it('a prone target: +1 at Medium range or further, -1 at Close range and in melee (minimum 0)', () => {
    const prone = [{ type: 'add-condition', combatants: ['Raider'], name: 'Prone' }];
    const far = step(noraTurn({}, [], prone), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', range: 'medium', dice: { test: [12, 13] } });
    expect(rolledLine(far)).toContain('difficulty 3 (Defense 1, medium range, 1 step from close +1, prone target at Medium range or further +1)');
    const near = step(noraTurn({}, [], prone), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: 'Combat knife', dice: { test: [12, 13] } });
    expect(near.log.find((l) => l.startsWith("Nora's attack"))).toContain('difficulty 0 (Defense 1, prone target at Close range -1), STR 5 + Melee Weapons 1 = 6, no success needed: 100%');
  });

  // "Roll a number of Combat Dice (CD) listed by the weapon's damage rating, plus any bonuses [...] from AP or ammo spent. Reduce the target's health points by the total rolled."
  // "If you made a ranged attack, remove one shot of ammunition, plus any additional shots of ammunition spent on the attack."
  it('extra shots add 1 CD each (up to the Fire Rate) and are spent with the first shot on a hit; a miss spends one', () => {
    const p = step(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', location: 'torso', extraShots: 2, dice: { test: [4, 5], damage: [1, 1, 1, 1, 1, 1] } });
    expect(p.log).toContain('Nora hits Raider in the torso (chosen): 6 CD [1, 1, 1, 1, 1, 1] = 6; DR 1 physical → 5 damage.');
    expect(track(p, 'Nora', 'ammo:10mm')).toBe(5);
    const miss = step(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', extraShots: 2, dice: { test: [14, 15], location: 3, damage: [1, 1, 1, 1, 1, 1] } });
    expect(track(miss, 'Nora', 'ammo:10mm')).toBe(7);
    expect(refuse(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', extraShots: 3 })).toEqual({ code: 'fallout/fire-rate', message: '10mm pistol has Fire Rate 2: at most 2 extra shots.' });
    const empty = noraTurn({}, [], [{ type: 'set-track', combatant: 'Nora', track: 'ammo:10mm', value: 0 }]);
    expect(refuse(empty, { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol' })).toEqual({ code: 'fallout/no-ammo', message: 'Nora has 0 10mm rounds; this attack fires 1.' });
  });

  // "If you made a thrown weapon attack, remove the thrown weapon from your inventory."
  // "Add Extra Damage (1-3 AP): On a successful melee attack or thrown weapon attack you can spend AP to add 1 CD per AP spent, up to a maximum of +3 CD for 3 AP."
  it('a thrown weapon leaves the inventory; extra damage AP add CD on a melee or thrown hit only', () => {
    let p = noraTurn({ partyPoolStart: 3 });
    p = step(p, { type: 'end-turn' });
    const hit = step(p, { type: 'attack', actor: 'Piper', target: 'Raider', weapon: 'Frag grenade', extraDamageAp: 2, dice: { test: [3, 9], location: 5, damage: [2, 2, 2, 2, 2, 2, 2] } });
    expect(since(p, hit).slice(3)).toEqual([
      'Piper hits Raider in the torso (1d20: 5): 7 CD [2, 2, 2, 2, 2, 2, 2] = 14; DR 1 physical → 13 damage.',
      'The party pool: 3 → 1 AP (extra damage (+2 CD), Piper).',
      expect.stringMatching(/^Raider takes 10 damage \(HP 10 → 0/),
      'Raider is defeated (reduced to 0 HP).',
      expect.stringMatching(/^Piper: Frag grenade \(carried\) 2 → 1\b/),
    ]);
    const miss = step(p, { type: 'attack', actor: 'Piper', target: 'Raider', weapon: 'Frag grenade', extraDamageAp: 2, dice: { test: [13, 19] } });
    expect(mod(miss).pools.party).toBe(3);
    expect(track(miss, 'Piper', 'thrown:Frag grenade')).toBe(1);
    expect(refuse(p, { type: 'attack', actor: 'Piper', target: 'Raider', weapon: 'Frag grenade', buyDice: 1, extraDamageAp: 3 })).toEqual({
      code: 'fallout/ap-short',
      message: 'The party pool has 3 AP; buying 1 d20 costs 1, extra damage (+3 CD) costs 3: 4 in all.',
    });
    expect(refuse(noraTurn({ partyPoolStart: 3 }), { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', extraDamageAp: 1 }).code).toBe('fallout/extra-damage-melee');
    expect(refuse(p, { type: 'attack', actor: 'Piper', target: 'Raider', weapon: 'Frag grenade', extraDamageAp: 4 }).code).toBe('command/invalid');
  });

  it('Vicious adds 1 damage per Effect, Piercing X ignores X DR per Effect (weaponEffects: list only reports them)', () => {
    const ghoul = (options: Record<string, unknown>) => {
      let p = noraTurn(options, [], [{ type: 'update-combatant', combatant: 'Nora', stats: { dr: { all: { physical: 2 } } } }]);
      for (let i = 0; i < 3; i++) p = step(p, { type: 'end-turn' });
      return step(p, { type: 'attack', actor: 'Ghoul', target: 'Nora', weapon: 'Claws', dice: { test: [2, 3], location: 4, damage: [5, 6] } });
    };
    expect(ghoul({}).log).toContain('Ghoul hits Nora in the torso (1d20: 4): 2 CD [1:effect, 1:effect] = 2, 2 Effects (vicious), Vicious +2; DR 2 physical → 2 damage.');
    expect(ghoul({ weaponEffects: 'list' }).log).toContain('Ghoul hits Nora in the torso (1d20: 4): 2 CD [1:effect, 1:effect] = 2, 2 Effects (vicious); DR 2 physical → 0 damage.');
    let p = noraTurn({}, [], [{ type: 'update-combatant', combatant: 'Nora', stats: { dr: { all: { physical: 2 } } } }]);
    p = step(step(p, { type: 'end-turn' }), { type: 'end-turn' });
    const r = step(p, { type: 'attack', actor: 'Raider', target: 'Nora', weapon: 'Machete', dice: { test: [2, 3], location: 4, damage: [2, 5, 3] } });
    expect(r.log).toContain('Raider hits Nora in the torso (1d20: 4): 3 CD [2, 1:effect, 0] = 3, 1 Effect (piercing 1); DR 2 physical, Piercing ignores 1 → 2 damage.');
  });

  // "Aim: Re-roll 1d20 on the first attack roll you make this turn."
  it('Aim: the first attack roll waits; re-roll one d20 (key "reroll") or keep it, then the attack resolves', () => {
    let p = step(noraTurn(), { type: 'act', actor: 'Nora', action: 'aim' });
    expect(refuse(p, { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', dice: { test: [15, 16], location: 3 } }).code).toBe('fallout/aim-dice-later');
    p = step(p, { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', dice: { test: [15, 16] } });
    expect(p.log.at(-1)).toContain('[15, 16] = 0 successes, failure (Aim: one d20 may be re-rolled before it counts).');
    expect(engine.whoMayAct(p.enc)).toMatchObject({ actor: id(p, 'Nora'), label: expect.stringContaining('Aim') });
    expect(refuse(p, { type: 'end-turn' }).code).toBe('fallout/aim-pending');
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'interact' }).code).toBe('fallout/aim-pending');
    expect(refuse(p, { type: 'reroll', actor: 'Nora', die: 3 }).code).toBe('fallout/no-such-die');
    const q = step(p, { type: 'reroll', actor: 'Nora', die: 2, dice: { reroll: 2, location: 1, damage: [1, 1, 1, 1] } });
    expect(since(p, q).slice(0, 3)).toEqual([
      'Nora re-rolls die 2 (Aim): 16 → 2; now 2 successes, success.',
      'Nora generates 1 AP: the party pool 0 → 1.',
      'Nora hits Raider in the head (1d20: 1): 4 CD [1, 1, 1, 1] = 4; DR 2 physical → 2 damage.',
    ]);
    expect(track(q, 'Nora', 'ammo:10mm')).toBe(7);
    const kept = step(p, { type: 'reroll', actor: 'Nora', keep: true });
    expect(since(p, kept)[0]).toBe('Nora misses Raider.');
    expect(refuse(kept, { type: 'reroll', actor: 'Nora', keep: true }).code).toBe('fallout/nothing-to-reroll');
    expect(refuse(kept, { type: 'act', actor: 'Nora', action: 'aim' })).toMatchObject({ code: 'fallout/aim-too-late' });
  });

  it('the second attack of an aimed turn is not held for a re-roll', () => {
    let p = noraTurn({ partyPoolStart: 2 });
    p = step(p, { type: 'act', actor: 'Nora', action: 'aim' });
    p = step(p, { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', dice: { test: [15, 16] } });
    p = step(p, { type: 'reroll', actor: 'Nora', keep: true });
    p = step(p, { type: 'attack', actor: 'Nora', target: 'Raider', weapon: '10mm pistol', dice: { test: [15, 16] } });
    expect(mod(p).pendingAttack).toBeNull();
    expect(p.log.find((l) => l.includes('difficulty 2 (Defense 1, second major action +1)'))).toBeDefined();
  });

  it('HP reduced to 0 defeats the target, who is then skipped', () => {
    let p = step(noraTurn(), { type: 'attack', actor: 'Nora', target: 'Piper', weapon: '10mm pistol', location: 'head', extraShots: 2, dice: { test: [1, 1], damage: [2, 2, 2, 2, 2, 2] } });
    expect(hp(p, 'Piper')).toBe(0);
    expect(p.log).toContain('Piper is defeated (reduced to 0 HP).');
    p = step(p, { type: 'end-turn' });
    expect(engine.whoMayAct(p.enc)).toMatchObject({ actor: id(p, 'Raider') });
    expect(refuse(p, { type: 'attack', actor: 'Raider', target: 'Piper', weapon: 'Machete' }).code).toBe('fallout/target-defeated');
    expect(refuse(p, { type: 'attack', actor: 'Raider', target: 'Raider', weapon: 'Machete' }).code).toBe('fallout/self-target');
    expect(refuse(p, { type: 'attack', actor: 'Raider', target: 'Nora', weapon: 'Rifle' })).toEqual({ code: 'fallout/unknown-weapon', message: 'Raider has no weapon called "Rifle" (weapons: Machete).' });
  });
});
