import { moveSlot, withModule } from '../../core/index.ts';
import type { CombatantChanges, EngineEvent } from '../../core/index.ts';
import { addSpends } from './economy.ts';
import type { Spends } from './economy.ts';
import { ownName } from './game.ts';
import type { SnGame } from './game.ts';
import { annotate, withoutMember } from './slots.ts';
import { noSpend } from './state.ts';
import type { Grapple, OwedAttacks, SnEncounter, SnSlot, SnState, SnTrack } from './state.ts';

type E = Record<string, unknown>;

const set = (state: SnEncounter, m: Partial<SnState>): SnEncounter => withModule(state, { ...state.module, ...m });

/** The order changes; in a normal round the track's slots are the order. */
function withOrder(m: SnState, order: readonly SnSlot[]): Partial<SnState> {
  const annotated = annotate(order);
  return m.freeRound ? { order: annotated } : { order: annotated, track: { ...m.track, slots: annotated } };
}

/** The slots with members, and the one keyed `key` (module-level: tsx's esbuild names each closure it makes). */
function keepNonEmpty(slots: readonly SnSlot[], key: string): SnSlot[] {
  const out: SnSlot[] = [];
  for (const s of slots) if (s.members.length > 0 || s.key === key) out.push(s);
  return out;
}

/** The slot keyed `key` (a loop, not a closure: this runs on every turn). */
function slotKeyed(slots: readonly SnSlot[], key: unknown): SnSlot | undefined {
  for (const s of slots) if (s.key === key) return s;
  return undefined;
}

const addDone = (track: SnTrack, ids: readonly string[]): SnTrack => ({ ...track, done: [...new Set([...track.done, ...ids])] });

export function evolveSn(game: SnGame, state: SnEncounter, event: EngineEvent): SnEncounter {
  const m = state.module;
  const e = event as unknown as E;
  switch (event.type) {
    case 'round-started': {
      const round = e.round as number;
      const surprised = game.surprise === 'combatant' && round >= 2 ? [] : m.surprised;
      if (round === 0) return set(state, { spent: {}, freeAttacks: [] });
      return set(state, { track: { slots: m.order, current: null, active: null, done: [] }, freeRound: false, spent: {}, surprised, freeAttacks: [] });
    }
    case 'turn-started': {
      const slot = slotKeyed(m.track.slots, m.track.current);
      const first = (e.actors as string[])[0] ?? null;
      return slot?.kind === 'side' ? set(state, { track: { ...m.track, active: first } }) : state;
    }
    case 'turn-ended': {
      const actors = e.actors as string[];
      const track = addDone(m.track, actors);
      return set(state, { track: { ...track, active: m.track.active !== null && actors.includes(m.track.active) ? null : m.track.active } });
    }
    case 'combatant-removed':
      return removed(state, e.id as string);
    case 'combatant-updated': {
      const changes = e.changes as CombatantChanges;
      if (changes.name === undefined) return state;
      const relabel = (slots: readonly SnSlot[]): SnSlot[] => slots.map((s) => (s.key === e.id ? { ...s, label: changes.name! } : s));
      const next = withOrder(m, relabel(m.order));
      return set(state, m.freeRound ? { ...next, track: { ...m.track, slots: relabel(m.track.slots) } } : next);
    }
    default:
      return own(game, spend(state, e), e);
  }
}

function removed(state: SnEncounter, id: string): SnEncounter {
  const m = state.module;
  const keep = m.track.current;
  const { [id]: _gone, ...spent } = m.spent;
  const order = withoutMember(m.order, id, m.freeRound ? null : keep);
  const next = set(state, {
    ...withOrder(m, order),
    spent,
    grapples: m.grapples.filter((g) => g.grappler !== id && g.target !== id),
    surprised: m.surprised.filter((x) => x !== id),
    freeAttacks: withoutFreeAttacksOf(m.freeAttacks, id),
  });
  const n = next.module;
  const track = m.freeRound ? { ...n.track, slots: withoutMember(n.track.slots, id, keep) } : n.track;
  return set(next, { track: { ...track, active: track.active === id ? null : track.active, done: track.done.filter((x) => x !== id) } });
}

/** Any own event with an `actor` and `spends` uses up that part of the actor's round. */
function spend(state: SnEncounter, e: E): SnEncounter {
  const spends = e.spends as Spends | undefined;
  const actor = e.actor;
  if (!spends || typeof actor !== 'string' || (spends.main === undefined && spends.move === undefined)) return state;
  const m = state.module;
  return set(state, { spent: { ...m.spent, [actor]: addSpends(m.spent[actor] ?? noSpend, spends) } });
}

const sameGrapple = (g: Grapple, e: E): boolean => g.grappler === e.actor && g.target === e.target;

/** A combatant gone: no free attacks on it, nor by it. */
function withoutFreeAttacksOf(records: readonly OwedAttacks[], id: string): OwedAttacks[] {
  return records
    .filter((r) => r.leaver !== id)
    .map((r) => (r.foes?.includes(id) ? { ...r, foes: r.foes.filter((x) => x !== id), taken: r.taken.filter((x) => x !== id) } : r));
}

/** leave-melee without a Fighting Withdrawal: who is owed a free attack (events before `owed` existed: the targets). */
function leftMelee(m: SnState, e: E): Partial<SnState> {
  if (e.withdrawing === true) return {};
  const targets = (e.targets ?? []) as string[];
  const foes = e.owed !== undefined ? (e.owed as string[] | null) : targets.length > 0 ? targets : null;
  if (foes !== null && foes.length === 0) return {};
  return { freeAttacks: [...m.freeAttacks, { leaver: e.actor as string, foes, taken: [] }] };
}

/** A free attack made: the first record that still owes it to the attacker is used up for it. */
function freeAttackTaken(state: SnEncounter, e: E): Partial<SnState> {
  const m = state.module;
  const attacker = e.actor as string;
  const i = m.freeAttacks.findIndex(
    (r) =>
      r.leaver === e.target &&
      !r.taken.includes(attacker) &&
      (r.foes !== null ? r.foes.includes(attacker) : state.combatants[attacker]?.side !== state.combatants[r.leaver]?.side),
  );
  if (i < 0) return {};
  const r = m.freeAttacks[i]!;
  return { freeAttacks: m.freeAttacks.map((x, j) => (j === i ? { ...r, taken: [...r.taken, attacker] } : x)) };
}

function own(game: SnGame, state: SnEncounter, e: E): SnEncounter {
  const name = ownName(game, e.type as string);
  if (name === null) return state;
  const m = state.module;
  switch (name) {
    case 'order-changed':
      return set(state, withOrder(m, e.slots as SnSlot[]));
    case 'slot-moved': {
      const moved = moveSlot({ ...m.track, slots: m.order }, e.key as string, e.anchor as string, e.where as 'before' | 'after');
      return set(state, withOrder(m, moved.slots as SnSlot[]));
    }
    case 'slot-started': {
      const key = e.key as string;
      const next = m.freeRound ? {} : withOrder(m, keepNonEmpty(m.order, key));
      const slots = m.freeRound ? keepNonEmpty(m.track.slots, key) : (next.order ?? m.order);
      return set(state, { ...next, track: { ...m.track, slots, current: key, active: null } });
    }
    case 'side-turn-ended': {
      const slot = slotKeyed(m.track.slots, e.key);
      return set(state, { track: { ...addDone(m.track, slot?.members ?? []), active: null } });
    }
    case 'joined-late':
      return set(state, { track: addDone(m.track, [e.combatant as string]) });
    case 'free-round-started':
      return set(state, { freeRound: true, track: { slots: e.slots as SnSlot[], current: null, active: null, done: [] } });
    case 'surprised': {
      const ids = e.combatants as string[];
      const setAside = ((e.setAside ?? []) as Array<{ key: string }>).map((x) => x.key);
      let order = m.order.filter((o) => !setAside.includes(o.key));
      for (const id of ids) order = withoutMember(order, id, null);
      return set(state, { ...withOrder(m, order), surprised: [...new Set([...m.surprised, ...ids])] });
    }
    case 'surprise-ended':
      return set(state, { surprised: m.surprised.filter((x) => x !== e.combatant) });
    case 'side-surprised':
      return set(state, { surprised: [...new Set([...m.surprised, e.side as string])] });
    case 'side-set': {
      const side = e.side as string;
      const anticipating =
        e.anticipating === undefined ? m.anticipating : e.anticipating ? [...new Set([...m.anticipating, side])] : m.anticipating.filter((x) => x !== side);
      const sideModifiers = e.modifier === undefined ? m.sideModifiers : { ...m.sideModifiers, [side]: e.modifier as number };
      return set(state, { anticipating, sideModifiers });
    }
    case 'left-melee':
      return set(state, leftMelee(m, e));
    case 'attacked':
      return e.free === true ? set(state, freeAttackTaken(state, e)) : state;
    case 'free-attacks-lapsed':
      return set(state, { freeAttacks: m.freeAttacks.filter((r) => r.leaver !== e.actor) });
    case 'grappled':
      if (e.success !== true) return state;
      return set(state, {
        grapples: [...m.grapples, { grappler: e.actor as string, target: e.target as string, since: e.round as number, maintained: -1 }],
      });
    case 'grapple-maintained':
      return set(state, { grapples: m.grapples.map((g) => (sameGrapple(g, e) ? { ...g, maintained: e.round as number } : g)) });
    case 'grapple-lapsed':
    case 'grapple-released':
    case 'grapple-ended':
      return set(state, { grapples: m.grapples.filter((g) => !sameGrapple(g, e)) });
    default:
      return state;
  }
}
