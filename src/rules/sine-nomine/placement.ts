import { compareSortKeys } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { sameFooting, withRollOff } from './slots.ts';
import type { SnSlot } from './state.ts';

/** Roll-offs stop after this many levels of equal dice; then the earlier arrival goes first. */
export const MAX_ROLL_OFF_LEVELS = 5;

/** The dice key of a roll-off: "roll-off:Vasquez", then "roll-off:Vasquez:2" if it ties again. */
export function rollOffKey(label: string, level: number): string {
  return level === 0 ? `roll-off:${label}` : `roll-off:${label}:${level + 1}`;
}

function samePrefix(a: readonly number[], b: readonly number[], n: number): boolean {
  if (a.length < n || b.length < n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Put a slot into the order by its numbers without moving anyone else. A tie on total, PC-ness and
 * Dex modifier is broken by a recorded 1d8 roll-off: the newcomer rolls, and so does any slot it ties
 * with that has no roll-off at that level yet; ties again go to the next level.
 */
export function place(b: Builder, order: readonly SnSlot[], slot: SnSlot): SnSlot[] {
  let s = slot;
  let rest = order.filter((o) => o.key !== slot.key);
  for (let level = 0; level < MAX_ROLL_OFF_LEVELS; level++) {
    const tied = rest.filter((o) => sameFooting(o, s) && samePrefix(o.rollOffs, s.rollOffs, level));
    if (tied.length === 0) break;
    const rolled: Array<{ key: string; label: string; die: number }> = [];
    const roll = (x: SnSlot): SnSlot => {
      const die = b.dice.roll(rollOffKey(x.label, level), '1d8').total;
      rolled.push({ key: x.key, label: x.label, die });
      return withRollOff(x, die);
    };
    if (s.rollOffs.length === level) s = roll(s);
    const keys = new Set(tied.filter((o) => o.rollOffs.length === level).map((o) => o.key));
    rest = rest.map((o) => (keys.has(o.key) ? roll(o) : o));
    if (rolled.length > 0) {
      const combatants = rolled.map((r) => r.key).filter((k) => !k.startsWith('side:'));
      b.emit('rolled-off', { initiative: s.initiative, level: level + 1, rolls: rolled, combatants });
    }
  }
  let at = rest.length;
  for (let i = 0; i < rest.length; i++) {
    if (compareSortKeys(s.sortKey, rest[i]!.sortKey) < 0) {
      at = i;
      break;
    }
  }
  return [...rest.slice(0, at), s, ...rest.slice(at)];
}
