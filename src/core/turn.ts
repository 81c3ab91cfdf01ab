/**
 * "Who may act now". The current turn is never an index into a sorted list: it is one of these shapes,
 * computed by the rule module from its state, so adding, removing or reordering combatants cannot move
 * it to someone else.
 */
export type Now =
  /**
   * Nobody can act until the GM does something: the fight has not started, or (with `round`) a new
   * round needs its initiative rolled. `needs` says what, e.g. "Roll initiative (roll-initiative)".
   */
  | { readonly kind: 'setup'; readonly needs: string; readonly round?: number }
  /** One combatant acts. */
  | { readonly kind: 'actor'; readonly round: number; readonly phase?: number; readonly actor: string; readonly label?: string }
  /** A side acts, its members in any order they choose: `active` is acting, `waiting` have yet to. */
  | {
      readonly kind: 'side';
      readonly round: number;
      readonly phase?: number;
      readonly side: string;
      readonly active: string | null;
      readonly waiting: readonly string[];
      readonly label?: string;
    }
  /**
   * A tied group acts at the same time: actions declared in any order, resolved together. `waiting`: the
   * members still to declare an action (or pass), when the game keeps count (Kuro).
   */
  | {
      readonly kind: 'group';
      readonly round: number;
      readonly phase?: number;
      readonly actors: readonly string[];
      readonly waiting?: readonly string[];
      readonly label?: string;
    }
  /** Someone must choose who acts next (popcorn passing; the last actor choosing the next round's first). */
  | {
      readonly kind: 'pass';
      readonly round: number;
      readonly from: string | null;
      readonly candidates: readonly string[];
      readonly label?: string;
    }
  /** The engine will not guess: the GM decides (e.g. a Fallout initiative tie). */
  | { readonly kind: 'decision'; readonly round: number; readonly decision: PendingDecision }
  | { readonly kind: 'ended' };

export interface PendingDecision {
  readonly id: string;
  readonly question: string;
  /** The command that answers it, and the field to fill with one of the options' values. */
  readonly command: string;
  readonly field: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
}

/** Out-of-turn possibilities: Instant actions, Luck interrupts, readied or conditional actions. */
export interface Interrupt {
  readonly combatant: string;
  readonly command: string;
  readonly label: string;
  /** The command's fields that take it as offered (Fallout's trigger text); without it, `{ actor: combatant }`. */
  readonly preset?: Readonly<Record<string, unknown>>;
}

export type WhoMayAct = Now & { readonly interrupts?: readonly Interrupt[] };

/** What a combatant may still do: an interface shows the legal ones as buttons, the rest with a reason. */
export interface ActionOption {
  /** The command type to send, e.g. `swn/attack`. */
  readonly command: string;
  /** Extra fields the command needs preset (e.g. `{ action: 'move' }`). */
  readonly preset?: Readonly<Record<string, unknown>>;
  readonly label: string;
  /** The economy slot it uses, in the game's words (Main, Move, minor, major, phase action...). */
  readonly cost?: string;
  readonly legal: boolean;
  /** Why it is not legal now. */
  readonly reason?: string;
}

/** The combatant ids that act in a Now. */
export function actorsOf(now: Now): readonly string[] {
  switch (now.kind) {
    case 'actor':
      return [now.actor];
    case 'side':
      return now.active ? [now.active] : [];
    case 'group':
      return now.actors;
    default:
      return [];
  }
}
