import type { Combatant } from '../../core/index.ts';
import type { SnGame } from './game.ts';
import { sideName } from './query.ts';
import type { SnEncounter } from './state.ts';
import { statsOf } from './stats.ts';

/**
 * The key of the slot a combatant acts in. Individual initiative and automatic initiative (CWN): its
 * own (its id). CWN side initiative: `side:<side id>`. SWN group initiative: one slot for all PC sides
 * and one for all NPC sides, keyed by the first side of each kind.
 */
export function slotKeyFor(state: SnEncounter, game: SnGame, id: string): string {
  const c = state.combatants[id]!;
  if (game.autoInitiative && statsOf(c).autoInitiative) return id;
  const mode = game.mode(state.options);
  if (mode === 'individual') return id;
  if (mode === 'side') return `side:${c.side}`;
  return `side:${campOf(state, c.side)}`;
}

function isPlayers(state: SnEncounter, sideId: string): boolean {
  return state.sides[sideId]?.players ?? false;
}

/** SWN group initiative: the first side (in the order sides were added) of the same kind. */
function campOf(state: SnEncounter, sideId: string): string {
  const players = isPlayers(state, sideId);
  return state.sideOrder.find((s) => isPlayers(state, s) === players) ?? sideId;
}

/** The side ids whose members act in a side slot. */
export function sidesOfSlot(state: SnEncounter, game: SnGame, key: string): string[] {
  const sideId = key.slice('side:'.length);
  if (game.mode(state.options) !== 'group') return [sideId];
  const players = isPlayers(state, sideId);
  return state.sideOrder.filter((s) => isPlayers(state, s) === players);
}

/** A side slot's name: the side's, or in SWN group initiative "PCs" / "NPCs" when several sides share it. */
export function slotLabel(state: SnEncounter, game: SnGame, key: string): string {
  if (!key.startsWith('side:')) return state.combatants[key]?.name ?? key;
  const sideId = key.slice('side:'.length);
  if (game.mode(state.options) !== 'group') return sideName(state, sideId);
  const withMembers = sidesOfSlot(state, game, key).filter((s) => state.roster.some((id) => state.combatants[id]!.side === s));
  if (withMembers.length <= 1) return sideName(state, withMembers[0] ?? sideId);
  return isPlayers(state, sideId) ? 'PCs' : 'NPCs';
}

/** Members that go in a slot now: those whose key it is (not defeated ones for the roll's best Dex). */
export function membersFor(state: SnEncounter, game: SnGame, key: string, waiting: (id: string) => boolean): Combatant[] {
  return state.roster
    .filter((id) => !waiting(id) && slotKeyFor(state, game, id) === key)
    .map((id) => state.combatants[id]!);
}
