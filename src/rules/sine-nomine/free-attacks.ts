import { reject } from '../../core/index.ts';
import type { Combatant, Decision } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { listText, nameOf, possessive } from './query.ts';
import type { OwedAttacks, SnEncounter } from './state.ts';
import { statsOf, unarmed } from './stats.ts';
import type { Weapon } from './stats.ts';

/**
 * "An actor who wants to disengage from an opponent in melee must use their Main Action to perform a
 * Fighting Withdrawal, or else they suffer a free automatic melee attack from any foe engaged with them.
 * There is no need to spend a Main Action disengaging from enemies who are wielding only ranged weapons."
 * A leave-melee without the withdrawal records who is owed a free attack (module state, from events); the
 * attack is made with a melee weapon, once per foe per leaving, until the end of the leaver's turn.
 */

/** Listed weapons, all of them ranged ("enemies who are wielding only ranged weapons"). Unarmed is melee. */
export function wieldsOnlyRanged(c: Combatant): boolean {
  const weapons = statsOf(c).weapons;
  return weapons.length > 0 && weapons.every((w) => w.kind === 'ranged');
}

/** What a free attack may be made with: the melee weapons listed, or Unarmed when none is listed. */
export function meleeWeapons(c: Combatant): Weapon[] {
  const weapons = statsOf(c).weapons;
  return weapons.length === 0 ? [unarmed] : weapons.filter((w) => w.kind === 'melee');
}

/** Who a leave-melee without a Fighting Withdrawal owes a free attack (null: no foe named, so every foe). */
export function owedOnLeaving(state: SnEncounter, named: readonly string[]): { owed: string[] | null; rangedOnly: string[] } {
  if (named.length === 0) return { owed: null, rangedOnly: [] };
  const rangedOnly = named.filter((id) => wieldsOnlyRanged(state.combatants[id]!));
  const owed = named.filter((id) => !rangedOnly.includes(id) && !state.combatants[id]!.defeated);
  return { owed, rangedOnly };
}

const isFoe = (state: SnEncounter, a: string, b: string): boolean => state.combatants[a]?.side !== state.combatants[b]?.side;

/** Whether the record is about this attacker (named, or a foe when nobody was named), taken or not. */
function concerns(state: SnEncounter, r: OwedAttacks, attacker: string): boolean {
  if (r.leaver === attacker) return false;
  return r.foes !== null ? r.foes.includes(attacker) : isFoe(state, attacker, r.leaver);
}

/** The combatants who left melee and still owe this attacker its free attack. */
export function freeAttackTargets(state: SnEncounter, attacker: string): string[] {
  const c = state.combatants[attacker];
  if (!c || wieldsOnlyRanged(c)) return [];
  const open = state.module.freeAttacks.filter((r) => concerns(state, r, attacker) && !r.taken.includes(attacker));
  return [...new Set(open.map((r) => r.leaver))];
}

const rangedOnlyMessage = (name: string): string => `${name} wields only ranged weapons: leaving melee draws no free attack from it.`;
const rangedOnlyRejection = (name: string): Decision<never> => reject('attack/free-ranged-only', rangedOnlyMessage(name));

/** Why this combatant has no free attack to offer (`freeAttackTargets` is empty, or no melee weapon). */
export function noFreeAttack(state: SnEncounter, attacker: string): string {
  const c = state.combatants[attacker]!;
  const mine = state.module.freeAttacks.filter((r) => concerns(state, r, attacker));
  if (mine.length > 0 && wieldsOnlyRanged(c)) return rangedOnlyMessage(c.name);
  const taken = mine.find((r) => r.taken.includes(attacker));
  return taken ? takenMessage(state, c.name, taken.leaver) : noneMessage(c.name);
}

const noneMessage = (name: string): string =>
  `${name} has no free attack to make: a free attack is owed only to a foe engaged with someone who leaves melee without a Fighting Withdrawal (leave-melee).`;

const takenMessage = (state: SnEncounter, name: string, leaver: string): string =>
  `${name} has already made its free attack on ${nameOf(state, leaver)} (one per foe each time ${nameOf(state, leaver)} leaves melee).`;

/** May `attacker` make a free attack on `target` with `weapon` now? Null if so, else the rejection. */
export function checkOwedAttack(state: SnEncounter, attacker: string, target: string, weapon: Weapon): Decision<never> | null {
  const c = state.combatants[attacker]!;
  const name = c.name;
  const them = nameOf(state, target);
  const records = state.module.freeAttacks;
  const mine = records.filter((r) => concerns(state, r, attacker));
  if (mine.length === 0) {
    const onTarget = records.filter((r) => r.leaver === target);
    if (onTarget.length === 0) return reject('attack/no-free-attack', noneMessage(name));
    if (onTarget.some((r) => r.foes === null)) {
      return reject('attack/no-free-attack', `${name} is not a foe of ${them}: only foes engaged with ${them} get a free attack.`);
    }
    if (wieldsOnlyRanged(c)) return rangedOnlyRejection(name);
    return reject('attack/no-free-attack', `${name} was not named among the foes engaged with ${them} when ${them} left melee: no free attack.`);
  }
  if (wieldsOnlyRanged(c)) return rangedOnlyRejection(name);
  const open = mine.filter((r) => !r.taken.includes(attacker));
  if (!open.some((r) => r.leaver === target)) {
    if (mine.some((r) => r.leaver === target) || open.length === 0) return reject('attack/free-taken', takenMessage(state, name, mine.find((r) => r.leaver === target)?.leaver ?? mine[0]!.leaver));
    const leavers = [...new Set(open.map((r) => r.leaver))];
    const attacks = leavers.length > 1 ? 'free attacks are' : 'free attack is';
    return reject('attack/free-wrong-target', `${possessive(name)} ${attacks} on ${listText(leavers.map((id) => nameOf(state, id)))}, who left melee, not on ${them}.`);
  }
  if (weapon.kind !== 'melee') {
    const use = meleeWeapons(c).map((w) => w.name);
    const instead = use.length > 0 ? ` (use ${use.slice(0, -1).join(', ')}${use.length > 1 ? ' or ' : ''}${use[use.length - 1]!})` : '';
    return reject('attack/free-not-melee', `A free attack is a melee attack: ${possessive(name)} ${weapon.name} is a ranged weapon${instead}.`);
  }
  return null;
}

/**
 * At the end of the leaver's turn the free attacks not taken lapse: they are made as the foe leaves, and
 * the tracker waits no longer than the turn it left in. `foes`: the named foes still able who did not
 * take theirs (null: none were named).
 */
export function lapseFreeAttacks(b: Builder, leaver: string): void {
  const records = b.m.freeAttacks.filter((r) => r.leaver === leaver);
  if (records.length === 0) return;
  const s = b.state;
  const able = (id: string): boolean => s.combatants[id] !== undefined && !s.combatants[id]!.defeated;
  const wildcard = records.some((r) => r.foes === null);
  const named = records.flatMap((r) => (r.foes ?? []).filter((id) => !r.taken.includes(id) && able(id)));
  b.emit('free-attacks-lapsed', { actor: leaver, foes: wildcard ? null : [...new Set(named)] });
}
