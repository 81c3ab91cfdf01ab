import type { RollResult } from '../../../../../src/dice/index.ts';
import type { Slot } from '../../../../../src/core/index.ts';

/** The duel's own events (`<module>/<name>`); rounds and turns are the core's. */
export type DuelEvent =
  | { readonly type: 'duel/initiative-rolled'; readonly combatant: string; readonly roll: RollResult }
  | { readonly type: 'duel/order-set'; readonly slots: readonly Slot[] }
  | { readonly type: 'duel/joined-late'; readonly combatant: string };
