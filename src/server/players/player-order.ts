/**
 * The initiative order players see, read from the module state without shipping it: the games that
 * keep an order hold it as a core `RoundTrack` under `track` (Sine Nomine, Kuro per phase, Fallout,
 * custom); popcorn keeps who has acted under `acted`. Slots keep only visible members, by the ids players
 * know them by; a slot of hidden combatants disappears, and a tied group with one visible member left
 * reads as that member's own slot; slot keys (which may hold ids) are not sent. Pure.
 */
import type { EncounterState, RoundTrack, Slot } from '../../core/index.ts';
import type { Secrets } from './secrets.ts';

export interface PlayerSlot {
  readonly kind: 'actor' | 'side' | 'group';
  readonly members: readonly string[];
  readonly initiative: number | null;
  /** The side's name for a side slot, the members' names otherwise. */
  readonly label: string;
  /** It is this slot's turn. */
  readonly current: boolean;
  /** Every visible member has acted this round. */
  readonly done: boolean;
  /** Why it sits where it does against a tied neighbour, when that names nobody hidden. */
  readonly tieBreak?: string;
}

function isSlot(x: unknown): x is Slot {
  const s = x as Slot;
  return typeof s === 'object' && s !== null && typeof s.key === 'string' && typeof s.kind === 'string' && Array.isArray(s.members);
}

function roundTrackOf(module: unknown): RoundTrack | undefined {
  const t = (module as { track?: unknown } | null)?.track as RoundTrack | undefined;
  if (typeof t !== 'object' || t === null || !Array.isArray(t.slots) || !t.slots.every(isSlot)) return undefined;
  return { slots: t.slots, current: typeof t.current === 'string' ? t.current : null, active: null, done: Array.isArray(t.done) ? t.done : [] };
}

function strings(x: unknown): string[] {
  return Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : [];
}

export function orderOf(
  state: EncounterState,
  visible: (id: string) => boolean,
  playerId: (id: string) => string,
  secrets: Secrets,
): { slots: PlayerSlot[]; initiative: Map<string, number>; done: Set<string> } {
  const m = state.module as Record<string, unknown> | null;
  const track = roundTrackOf(m);
  const done = new Set([...(track?.done ?? []), ...strings(m?.acted)].filter(visible));
  const initiative = new Map<string, number>();
  const slots: PlayerSlot[] = [];
  for (const slot of track?.slots ?? []) {
    const members = slot.members.filter(visible);
    if (members.length === 0) continue;
    const sideId = slot.key.startsWith('side:') ? slot.key.slice('side:'.length) : state.combatants[members[0]!]?.side;
    const label =
      slot.kind === 'side' && sideId !== undefined && state.sides[sideId]
        ? state.sides[sideId]!.name
        : members.map((id) => state.combatants[id]?.name ?? '').join(' and ');
    const total = typeof slot.initiative === 'number' ? slot.initiative : null;
    if (total !== null) for (const id of members) if (!initiative.has(id)) initiative.set(id, total);
    slots.push({
      kind: slot.kind === 'side' || (slot.kind === 'group' && members.length > 1) ? slot.kind : 'actor',
      members: members.map(playerId),
      initiative: total,
      label,
      current: track?.current === slot.key,
      done: members.every((id) => done.has(id)),
      ...(typeof slot.tieBreak === 'string' && !secrets.mentions(slot.tieBreak) ? { tieBreak: slot.tieBreak } : {}),
    });
  }
  // Games that keep every total beside a per-phase order (Kuro, custom): `initiative: {id: {total}}`.
  const totals = m?.initiative;
  if (typeof totals === 'object' && totals !== null && !Array.isArray(totals)) {
    for (const [id, v] of Object.entries(totals as Record<string, unknown>)) {
      const total = (v as { total?: unknown } | null)?.total;
      if (visible(id) && typeof total === 'number' && !initiative.has(id)) initiative.set(id, total);
    }
  }
  return { slots, initiative, done };
}
