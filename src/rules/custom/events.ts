import type { RollResult } from '../../dice/index.ts';
import type { Slot } from '../../core/index.ts';

/** The custom module's events. */
export type CustomEvent =
  | { readonly type: 'custom/initiative-rolled'; readonly combatant: string; readonly roll: RollResult; readonly total: number }
  | { readonly type: 'custom/initiative-set'; readonly combatant: string; readonly total: number }
  | { readonly type: 'custom/roll-off'; readonly combatant: string; readonly roll: RollResult }
  | { readonly type: 'custom/order-set'; readonly slots: readonly Slot[] }
  | { readonly type: 'custom/joined-late'; readonly combatant: string }
  | { readonly type: 'custom/acted'; readonly actor: string; readonly label: string }
  | {
      readonly type: 'custom/attacked';
      readonly actor: string;
      readonly target: string;
      readonly label?: string;
      readonly hit: RollResult;
      readonly vs: number;
      readonly hits: boolean;
      readonly damage?: RollResult;
    };
