/**
 * What the stream overlay shows, as data from the server's player projection only (so nothing hidden can
 * reach a stream): the round, who is up, and the order as names and HP the way the player view shows
 * them (a bar and "5/12", an NPC's band such as "Hurt", or "Down"), the current slot and the next one
 * marked. Nothing else: no log, no conditions, no notes. Pure, tested; overlay.ts draws it.
 */
import type { PlayerCombatant, PlayerSlot, PlayerView } from '../../server/players/index.ts';
import { playerGame } from './games.ts';
import { actingIds, nowText, rowParts } from './render.ts';
import type { RowParts } from './render.ts';
import { nextSlot } from './your-turn.ts';

export interface OverlayMember {
  readonly name: string;
  readonly pc: boolean;
  /** Acts now (the ▶). */
  readonly acting: boolean;
  readonly done: boolean;
  /** "Down" when defeated, else null. */
  readonly status: string | null;
  readonly hp: RowParts['hp'];
  /** An NPC's HP band ("Hurt") when the GM shows bands. */
  readonly health: string | null;
}

export interface OverlaySlot {
  /** A side's name for a side slot (CWN's side initiative, popcorn's sides), else null. */
  readonly label: string | null;
  readonly current: boolean;
  readonly next: boolean;
  readonly done: boolean;
  readonly members: readonly OverlayMember[];
}

export interface OverlayParts {
  /** "Round 2" ("Game turn 2" in Kuro), "Before the fight" or "Ended". */
  readonly round: string;
  /** Who is up and what they do: "Vasquez" / "acts now". */
  readonly who: string;
  readonly detail: string;
  readonly slots: readonly OverlaySlot[];
}

/** What the game calls a round, capitalised ("Game turn" for Kuro). */
export function roundWord(rules: string): string {
  const w = playerGame(rules)?.roundWord ?? 'round';
  return w[0]!.toUpperCase() + w.slice(1);
}

function member(c: PlayerCombatant, acting: boolean): OverlayMember {
  const p = rowParts(c, acting);
  return { name: c.name, pc: c.kind === 'pc', acting, done: c.done, status: p.status, hp: c.defeated ? null : p.hp, health: p.health };
}

export function overlayParts(view: PlayerView): OverlayParts {
  const acting = new Set(actingIds(view.now));
  const running = view.status !== 'ended';
  const next = nextSlot(view);
  const of = (ids: readonly string[]) => ids.map((id) => view.combatants.find((c) => c.id === id)).filter((c): c is PlayerCombatant => c !== undefined);
  const slot = (s: PlayerSlot, i: number): OverlaySlot => ({
    label: s.kind === 'side' ? s.label : null,
    current: s.current && running,
    next: i === next,
    done: s.done,
    members: of(s.members).map((c) => member(c, running && acting.has(c.id))),
  });
  const bySide = (): OverlaySlot[] =>
    view.sides
      .map((side) => ({
        label: side.name,
        current: false,
        next: false,
        done: false,
        members: view.combatants.filter((c) => c.side === side.id).map((c) => member(c, running && acting.has(c.id))),
      }))
      .filter((s) => s.members.length > 0);
  const now = nowText(view);
  return {
    round: view.status === 'setup' ? 'Before the fight' : view.status === 'ended' ? 'Ended' : `${roundWord(view.rules)} ${view.round}`,
    who: now.who,
    detail: now.detail,
    slots: view.order.length > 0 ? view.order.map(slot) : bySide(),
  };
}

/** The most slots the card lists: a stream's overlay stays compact however long the order. */
export const OVERLAY_MAX_SLOTS = 10;

/**
 * The slots the card shows when the order is longer than `max`: from the one before the current slot
 * (or the next one, before anyone acts) on, so who acts and who is next are always in it, and how many
 * are left out ("+4 more").
 */
export function overlayWindow(slots: readonly OverlaySlot[], max = OVERLAY_MAX_SLOTS): { readonly slots: readonly OverlaySlot[]; readonly more: number } {
  if (slots.length <= max) return { slots, more: 0 };
  const current = slots.findIndex((s) => s.current);
  const at = current >= 0 ? current : Math.max(0, slots.findIndex((s) => s.next));
  const start = Math.max(0, Math.min(at - 1, slots.length - max));
  return { slots: slots.slice(start, start + max), more: slots.length - max };
}
