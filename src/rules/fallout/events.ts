import type { RollResult } from '../../dice/index.ts';
import type { Slot } from '../../core/index.ts';
import type { ActionName, Pool, Readied } from './state.ts';
import type { DamageType, Range } from './stat-enums.ts';
import type { TestResult } from './tests.ts';

/** How an action was taken: on one's turn, as a readied action, or by a commanded NPC. */
export type ActMode = 'turn' | 'readied' | 'commanded';

export interface DamageResult {
  readonly roll: RollResult;
  readonly dice: number;
  readonly effects: number;
  readonly effectNames: readonly string[];
  readonly vicious: number;
  readonly dr: number;
  readonly piercing: number;
  readonly damageType: DamageType;
  readonly dealt: number;
}

/** The Fallout module's events. */
export type FalloutEvent =
  | { readonly type: 'fallout/fight-started'; readonly initiator: string }
  | { readonly type: 'fallout/order-set'; readonly slots: readonly Slot[] }
  | { readonly type: 'fallout/tie-decided'; readonly first: string; readonly among: readonly string[]; readonly initiative: number }
  | { readonly type: 'fallout/joined-late'; readonly combatant: string }
  | {
      readonly type: 'fallout/acted';
      readonly actor: string;
      readonly action: ActionName;
      readonly mode: ActMode;
      /** minor or major: the slot the action used (none for readied and commanded actions). */
      readonly cost: 'minor' | 'major' | 'none';
      /** The second minor (1 AP) or second major (2 AP). */
      readonly second: boolean;
      readonly movement: boolean;
      readonly detail?: string;
      readonly target?: string;
    }
  | { readonly type: 'fallout/ap-spent'; readonly pool: Pool; readonly amount: number; readonly by: string | null; readonly for: string }
  | { readonly type: 'fallout/ap-gained'; readonly pool: Pool; readonly amount: number; readonly saved: number; readonly by: string }
  | { readonly type: 'fallout/ap-set'; readonly pool: Pool; readonly value: number }
  | { readonly type: 'fallout/tested'; readonly actor: string; readonly action: ActionName; readonly label?: string; readonly test: TestResult; readonly outcome?: string }
  | {
      readonly type: 'fallout/attack-rolled';
      readonly actor: string;
      readonly target: string;
      readonly weapon: string;
      readonly location: string | null;
      readonly range: Range;
      readonly extraDamageAp: number;
      readonly extraShots: number;
      readonly test: TestResult;
      /** The difficulty's parts, for the log: "Defense 1", "chosen location +1"... */
      readonly why: readonly string[];
      /** True: the attacker aimed and may re-roll one d20 before the attack is resolved. */
      readonly awaitingAim: boolean;
    }
  | { readonly type: 'fallout/rerolled'; readonly actor: string; readonly die: number; readonly from: number; readonly test: TestResult }
  | {
      readonly type: 'fallout/attack-resolved';
      readonly actor: string;
      readonly target: string;
      readonly weapon: string;
      readonly hit: boolean;
      readonly location?: string;
      readonly locationRoll?: RollResult;
      readonly chosenLocation: boolean;
      readonly damage?: DamageResult;
    }
  | { readonly type: 'fallout/luck-spent'; readonly actor: string }
  | { readonly type: 'fallout/readied'; readonly readied: Readied }
  | { readonly type: 'fallout/trigger-marked'; readonly trigger: string; readonly fired: readonly string[]; readonly interrupted: string | null }
  | { readonly type: 'fallout/readied-done'; readonly id: string; readonly actor: string; readonly used: boolean; readonly reason?: string }
  | { readonly type: 'fallout/ready-lapsed'; readonly id: string; readonly actor: string }
  | { readonly type: 'fallout/assist-declared'; readonly actor: string; readonly target: string; readonly attribute?: string; readonly skill?: string }
  | { readonly type: 'fallout/assist-lapsed'; readonly actor: string; readonly target: string }
  | { readonly type: 'fallout/turn-given-up'; readonly actor: string; readonly to: string }
  | { readonly type: 'fallout/npc-commanded'; readonly actor: string; readonly target: string }
  | { readonly type: 'fallout/information'; readonly actor: string; readonly question?: string };
