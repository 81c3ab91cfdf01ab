import { isAboveCurrent, own } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { place } from './placement.ts';
import { awaitingInitiative } from './query.ts';
import { membersFor, sidesOfSlot, slotKeyFor, slotLabel } from './slot-keys.ts';
import { makeSlot, slotWith, withMember, withoutMember } from './slots.ts';
import type { SnSlot } from './state.ts';
import { statsOf } from './stats.ts';

/** The modifier a slot adds to its 1d8, and the combatant it comes from (side slots). */
export function initiativeModifier(b: Builder, key: string): { modifier: number; from?: string; sideModifier: number } {
  const s = b.state;
  if (!key.startsWith('side:')) {
    return { modifier: statsOf(s.combatants[key]!).mods.dex, sideModifier: 0 };
  }
  const sideId = key.slice('side:'.length);
  const players = s.sides[sideId]?.players ?? false;
  const sideModifier = own(b.m.sideModifiers, sideId) ?? 0;
  if (!players) return { modifier: sideModifier, sideModifier };
  const group = b.game.mode(s.options) === 'group';
  // CWN: the group's best Dex modifier (every member, automatic initiative or not); SWN group: the PC with
  // the best Dex modifier rolls for the party, leaving out the surprised ("A surprised target doesn't get to
  // roll initiative until the second round of combat").
  const sides = sidesOfSlot(s, b.game, key);
  const able = s.roster
    .map((id) => s.combatants[id]!)
    .filter((c) => sides.includes(c.side) && !c.defeated && (!group || c.kind === 'pc') && !awaitingInitiative(s, b.game, c.id));
  let best: { id: string; dex: number } | undefined;
  for (const c of able) {
    const dex = statsOf(c).mods.dex;
    if (!best || dex > best.dex) best = { id: c.id, dex };
  }
  return { modifier: (best?.dex ?? 0) + sideModifier, sideModifier, ...(best ? { from: best.id } : {}) };
}

/** A new slot for a key with this total (members: everyone whose key it is, not waiting for surprise). */
export function newSlot(b: Builder, key: string, total: number): SnSlot {
  const s = b.state;
  if (!key.startsWith('side:')) {
    const c = s.combatants[key]!;
    const st = statsOf(c);
    return makeSlot({
      key,
      kind: 'actor',
      members: [key],
      initiative: total,
      tier: b.game.autoInitiative && st.autoInitiative ? 1 : 0,
      pc: c.kind === 'pc',
      dex: st.mods.dex,
      rollOffs: [],
      label: c.name,
    });
  }
  const sideId = key.slice('side:'.length);
  const members = membersFor(s, b.game, key, (id) => awaitingInitiative(s, b.game, id)).map((c) => c.id);
  return makeSlot({
    key,
    kind: 'side',
    members,
    initiative: total,
    tier: 0,
    pc: s.sides[sideId]?.players ?? false,
    dex: 0,
    rollOffs: [],
    side: sideId,
    label: slotLabel(s, b.game, key),
  });
}

/** Roll 1d8 + modifier for a slot (dice key: the combatant's or the side's name) and record it. */
function rollSlot(b: Builder, key: string): SnSlot {
  const label = slotLabel(b.state, b.game, key);
  const { modifier, from, sideModifier } = initiativeModifier(b, key);
  const roll = b.dice.roll(label, '1d8');
  const total = roll.total + modifier;
  if (key.startsWith('side:')) {
    b.emit('side-initiative-rolled', {
      side: key.slice('side:'.length),
      key,
      label,
      die: roll.total,
      modifier,
      sideModifier,
      total,
      ...(from ? { best: from } : {}),
      roll,
    });
  } else {
    b.emit('initiative-rolled', { combatant: key, die: roll.total, modifier, total, roll });
  }
  const slot = newSlot(b, key, total);
  // SWN group initiative: who rolled for the party, so the roll is set aside if that PC becomes surprised.
  return from && b.game.mode(b.state.options) === 'group' ? { ...slot, rolledBy: from } : slot;
}

/**
 * Bring the order in line with the roster: members whose slot changed (side switched, automatic
 * initiative toggled) leave the old one; combatants whose side already has a slot join it; the rest
 * roll (if `roll`, and only those in `only` when given). Late joiners whose slot lies above the
 * current one this round have missed their place: they act from the next round.
 */
export function sync(b: Builder, opts: { roll: boolean; only?: readonly string[] }): void {
  const s = b.state;
  const current = b.m.freeRound ? null : b.m.track.current;
  let order: SnSlot[] = [...b.m.order];
  let changed = false;
  const placed: string[] = [];
  const toRoll: string[] = [];
  const joined: Array<{ combatant: string; key: string; label: string }> = [];
  for (const id of s.roster) {
    const want = slotKeyFor(s, b.game, id);
    const have = slotWith(order, id);
    if (have?.key === want) continue;
    if (have) {
      order = withoutMember(order, id, current);
      changed = true;
    }
    if (awaitingInitiative(s, b.game, id)) continue;
    const there = slotKeyed(order, want);
    if (there) {
      if (there.kind === 'side') {
        order = withMember(order, want, id);
        placed.push(id);
        joined.push({ combatant: id, key: want, label: there.label });
        changed = true;
      }
      continue;
    }
    if (s.combatants[id]!.defeated || (opts.only && !opts.only.includes(id))) continue;
    if (opts.roll && !toRoll.includes(want)) toRoll.push(want);
  }
  for (const key of toRoll) {
    const slot = rollSlot(b, key);
    order = place(b, order, slot);
    placed.push(...slot.members);
    changed = true;
  }
  if (!changed) return;
  b.emit('order-changed', { slots: order });
  for (const j of joined) b.emit('joined-slot', j);
  markLate(b, placed, current);
}

function markLate(b: Builder, placed: readonly string[], current: string | null): void {
  if (b.state.status !== 'running' || current === null) return;
  const track = b.m.track;
  for (const id of placed) {
    const slot = slotWith(track.slots, id);
    if (slot && slot.key !== current && !track.done.includes(id) && isAboveCurrent(track, slot.key)) {
      b.emit('joined-late', { combatant: id, round: b.state.round });
    }
  }
}

/** The slot keyed `key` (a loop, not a closure made for each combatant). */
function slotKeyed(slots: readonly SnSlot[], key: string): SnSlot | undefined {
  for (const o of slots) if (o.key === key) return o;
  return undefined;
}
