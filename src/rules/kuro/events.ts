import type { RollResult } from '../../dice/index.ts';
import type { PendingHit } from './state.ts';

export type AttackKind = 'normal' | 'power' | 'fast';
export type DefenceChoice = 'none' | 'parry' | 'dodge';

/** One side of a check as it was rolled: what was added up, for the log. */
export interface CheckPart {
  readonly characteristic: string;
  readonly value: number;
  readonly skill?: string;
  readonly level?: number;
  readonly specialisation?: string;
  readonly bonus?: number;
  readonly untrained?: boolean;
  readonly roll: RollResult;
}

export type AttackedEvent = {
  readonly type: 'kuro/attacked';
  readonly actor: string;
  readonly target: string;
  readonly round: number;
  readonly phase: number;
  readonly kind: AttackKind;
  readonly invest: number;
  readonly weapon: string | null;
  readonly label?: string;
  readonly attack: CheckPart;
  /** The target's Defence used (stat or "vs"). */
  readonly defenceValue: number;
  /** +invest (Power), -invest (Fast), 0. */
  readonly tnModifier: number;
  readonly defence: 'none' | 'parry' | 'dodge';
  /** The defender's opposed check (parry or dodge). */
  readonly opposed?: CheckPart;
  /** The number the attack had to reach (unopposed) or beat (opposed). */
  readonly tn: number;
  readonly hit: boolean;
  /** Damage dealt (after modifiers and armour), when the attack hit. */
  readonly damage?: number;
  readonly damageRoll?: RollResult;
  readonly damageModifier: number;
  readonly armour: number;
  /** In a simultaneous slot the damage waits for the slot to resolve. */
  readonly pending: boolean;
  /** The defender spent one of his actions of this game turn to parry or dodge. */
  readonly defenceCost: boolean;
};

/** The Kuro module's events. */
export type KuroEvent =
  | { readonly type: 'kuro/initiative-rolled'; readonly combatant: string; readonly round: number; readonly roll: RollResult; readonly total: number }
  | { readonly type: 'kuro/initiative-set'; readonly combatant: string; readonly round: number; readonly total: number }
  | {
      readonly type: 'kuro/order-set';
      readonly combatant: string;
      readonly total: number;
      readonly shift: number;
      readonly anchor: string;
      readonly where: 'before' | 'after';
    }
  | {
      readonly type: 'kuro/phase-started';
      readonly round: number;
      readonly phase: number;
      readonly phases: number;
      /** The phase's order as it stood when it began, for the log. */
      readonly order: readonly { readonly initiative: number; readonly members: readonly string[] }[];
      /** Everyone in the order (so the log line is GM-only when one of them is hidden). */
      readonly combatants: readonly string[];
    }
  | { readonly type: 'kuro/game-turn-ended'; readonly round: number }
  | { readonly type: 'kuro/joined-late'; readonly combatant: string; readonly phase: number }
  | { readonly type: 'kuro/actions-set'; readonly combatant: string; readonly from: number; readonly to: number; readonly reason: string }
  | { readonly type: 'kuro/acted'; readonly actor: string; readonly phase: number; readonly label: string }
  | { readonly type: 'kuro/passed'; readonly actor: string; readonly phase: number }
  | AttackedEvent
  | { readonly type: 'kuro/slot-resolved'; readonly actors: readonly string[]; readonly phase: number; readonly hits: readonly PendingHit[] }
  | {
      readonly type: 'kuro/checked';
      readonly combatant: string;
      readonly label?: string;
      readonly check: CheckPart;
      readonly tn?: number;
      readonly success?: boolean;
    };
