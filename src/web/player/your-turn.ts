/**
 * "Is it my turn?" for the phone of the character its player chose ("Who do you play?"), read from the
 * player projection only (so a hidden combatant, absent from it, is never inferred). Pure.
 *
 * - `up`: the rules let me act now: my own turn, my side's turn while I am still to act (any member
 *   may take it), my place in a simultaneous slot (Kuro), or Fallout's gap before my turn (`next`).
 * - `holds`: popcorn, I acted and hold the initiative: I pass it on.
 * - `interrupt`: an interrupt the rules give me now (Fallout's Luck, a readied or conditional action
 *   that may go off, a delayed action due). Instant actions and reactions are open all the time, so
 *   they do not make a banner.
 * - `on-deck`: in a game with an order, the next slot still to act holds me (or my side's member acts
 *   and I still may after). Popcorn has no "on deck": it says who holds the initiative instead.
 * - `waiting`: the fight runs, it is someone else's turn. `none`: no character, setup, the GM
 *   deciding, or the fight over.
 */
import type { PlayerNow, PlayerSlot, PlayerView } from '../../server/players/index.ts';

export type TurnKind = 'up' | 'on-deck' | 'holds' | 'interrupt' | 'waiting' | 'none';

export interface Turn {
  readonly kind: TurnKind;
  /** The banner's words ('' for `none`). */
  readonly words: string;
  /** Which turn it is ("round:phase"), so the page alerts once per turn however often views arrive. */
  readonly at?: string;
}

const name = (view: PlayerView, id: string | null): string => view.combatants.find((c) => c.id === id)?.name ?? 'someone';
const list = (view: PlayerView, ids: readonly string[]): string => ids.map((id) => name(view, id)).join(' and ');

/** Who acts now, as ids: the slot that holds them is the current one. */
function acting(now: PlayerNow): readonly string[] {
  if (now.kind === 'actor') return [now.actor];
  if (now.kind === 'group') return now.actors;
  if (now.kind === 'side') return [...(now.active ? [now.active] : []), ...now.waiting];
  return [];
}

/**
 * The slot after the current one that is still to act this round, as an index of `view.order` (-1 for
 * none). The current slot is the one holding who acts now (Fallout's gap marks no slot current yet).
 * No wrap into the next round: its order may change (Kuro re-rolls every game turn, a newcomer joins),
 * so the last slot of a round has nobody after it. Kuro's order is the current phase's: the next
 * phase is not looked into either.
 */
export function nextSlot(view: PlayerView): number {
  if (view.status !== 'running') return -1;
  const ids = acting(view.now);
  const holds = (s: PlayerSlot) => s.members.some((m) => ids.includes(m));
  let i = view.order.findIndex((s) => s.current && holds(s));
  if (i < 0) i = view.order.findIndex(holds);
  if (i < 0) return -1;
  for (let j = i + 1; j < view.order.length; j++) if (!view.order[j]!.done) return j;
  return -1;
}

function interruptWords(view: PlayerView, me: string): string | null {
  const now = view.now;
  for (const i of now.interrupts ?? []) {
    if (i.combatant !== me) continue;
    if (i.command === 'luck-interrupt') {
      const left = /\((\d+) left\)/.exec(i.label)?.[1];
      return `You may spend Luck to act now${now.kind === 'actor' ? `, before ${name(view, now.actor)}` : ''}${left ? ` (${left} Luck left)` : ''}`;
    }
    if (i.command === 'trigger') return view.rules === 'popcorn' ? 'Your conditional action may go off: tell the GM when its trigger comes' : 'Your readied action goes off when its trigger comes: tell the GM';
    if (i.command === 'complete-delayed') return 'Your delayed action is due now';
  }
  return null;
}

/** What `me` (a player id, or null before the player chose) reads on the banner now. */
export function turnFor(view: PlayerView, me: string | null): Turn {
  const now = view.now;
  const mine = view.combatants.find((c) => c.id === me);
  if (!mine || mine.defeated || view.status !== 'running' || now.kind === 'setup' || now.kind === 'decision' || now.kind === 'ended') return { kind: 'none', words: '' };
  const at = `${now.round}:${'phase' in now ? (now.phase ?? '') : ''}`;
  const up = (words: string): Turn => ({ kind: 'up', words, at });
  const id = mine.id;
  if (now.kind === 'actor' && now.actor === id) return up(now.next ? "You're next: your turn begins with your first action" : "You're up");
  if (now.kind === 'group' && now.actors.includes(id)) return up(`You're up, at the same time as ${list(view, now.actors.filter((a) => a !== id))}`);
  if (now.kind === 'side') {
    if (now.active === id) return up("You're up: you act for your side");
    if (now.waiting.includes(id)) return now.active === null ? up('Your side is up: you may take its turn') : { kind: 'on-deck', words: `${name(view, now.active)} acts for your side: you may act after` };
  }
  if (now.kind === 'pass' && now.from === id) return { kind: 'holds', words: 'You hold the initiative: pass it on' };
  const interrupt = interruptWords(view, id);
  if (interrupt) return { kind: 'interrupt', words: interrupt };
  // Popcorn: no "on deck", whoever acts or passes holds the initiative.
  if (now.kind === 'pass' || view.rules === 'popcorn') {
    const holder = now.kind === 'pass' ? now.from : now.kind === 'actor' ? now.actor : null;
    const toMe = now.kind === 'pass' && now.candidates.includes(id);
    if (holder === null) return { kind: 'waiting', words: toMe ? 'The initiative may go to you' : 'Nobody holds the initiative yet' };
    return { kind: 'waiting', words: `${name(view, holder)} holds the initiative${toMe ? ': it may pass to you' : ''}` };
  }
  const next = view.order[nextSlot(view)];
  if (next?.members.includes(id)) return { kind: 'on-deck', words: next.kind === 'side' ? 'On deck: your side acts next' : 'On deck: you act next' };
  return { kind: 'waiting', words: 'Waiting for your turn' };
}
