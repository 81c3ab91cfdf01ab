import type { RollResult } from '../../dice/index.ts';

/** How someone came to have the initiative without a pass. */
export type InitiativeHow = 'gm' | 'pick' | 'round';

/** The popcorn module's events. Every one is past tense and carries its dice. */
export type PopcornEvent =
  | { readonly type: 'popcorn/scene-started'; readonly how: 'named' | 'side' | 'roll' }
  | {
      readonly type: 'popcorn/sides-rolled';
      readonly attempt: number;
      readonly rolls: readonly { readonly side: string; readonly roll: RollResult }[];
      /** The side with the single highest roll, or null on a tie (the tied sides roll again). */
      readonly winner: string | null;
    }
  | { readonly type: 'popcorn/luck-rolled'; readonly combatant: string; readonly roll: RollResult }
  | { readonly type: 'popcorn/pools-set-aside'; readonly pools: readonly { readonly combatant: string; readonly size: number }[] }
  | { readonly type: 'popcorn/side-picks'; readonly side: string; readonly how: 'gm' | 'roll' }
  | { readonly type: 'popcorn/initiative'; readonly to: string; readonly how: InitiativeHow; readonly by?: string | null; readonly side?: string }
  | { readonly type: 'popcorn/passed'; readonly from: string | null; readonly to: string }
  | { readonly type: 'popcorn/held'; readonly actor: string; readonly to: string; readonly toAlly: boolean }
  | {
      readonly type: 'popcorn/first-chosen';
      readonly from: string | null;
      readonly to: string | null;
      /** The round that starts with `to`. */
      readonly round: number;
      /** The chooser still has the initiative reserved for a conditional action it keeps waiting on. */
      readonly waiting?: boolean;
    }
  | {
      readonly type: 'popcorn/segment-ended';
      readonly segment: number;
      readonly ticks: readonly { readonly actor: string; readonly left: number }[];
    }
  | { readonly type: 'popcorn/acted'; readonly actor: string; readonly label?: string; readonly roll?: RollResult }
  | {
      readonly type: 'popcorn/delayed';
      readonly actor: string;
      readonly label: string;
      readonly timing: 'segments' | 'discretion';
      readonly segments?: number;
      readonly segment: number;
      readonly round: number;
    }
  | {
      readonly type: 'popcorn/delayed-completed';
      readonly actor: string;
      readonly label: string;
      readonly roll?: RollResult;
      /** Carried from an earlier round: the actor's initiative refreshes now. */
      readonly refreshed: boolean;
      readonly early?: boolean;
      /** Completed before this combatant declared its action, or after it resolved its action. */
      readonly before?: string;
      readonly after?: string;
      readonly atRoundEnd?: boolean;
    }
  | {
      readonly type: 'popcorn/conditional';
      readonly actor: string;
      readonly label: string;
      readonly trigger: string;
      readonly segment: number;
      readonly round: number;
    }
  | {
      readonly type: 'popcorn/conditional-fired';
      readonly actor: string;
      readonly label: string;
      readonly trigger: string;
      readonly roll?: RollResult;
      readonly note?: string;
      /** Carried from an earlier round: taking effect uses this round's initiative. */
      readonly usesInitiative: boolean;
      /** It went off before this combatant's action (the one with the initiative). */
      readonly before?: string;
    }
  | {
      readonly type: 'popcorn/abandoned';
      readonly actor: string;
      readonly kind: 'delayed' | 'conditional';
      readonly label: string;
      /** A delayed action carried from an earlier round: the actor becomes available to act. */
      readonly refreshed: boolean;
      readonly reason: 'gave-up' | 'acted' | 'round-end';
    }
  | {
      readonly type: 'popcorn/reacted';
      readonly actor: string;
      readonly kind: 'pool' | 'passive' | 'action';
      readonly label: string;
      /** The label is a player's words (the reaction a player asked for): players read it as written. */
      readonly labelBy?: 'player';
      readonly roll?: RollResult;
      /** The Reaction Pool before and after (pool reactions that used it). */
      readonly pool?: { readonly from: number; readonly to: number };
      readonly outcome?: 'automatic-failure';
    }
  | { readonly type: 'popcorn/end-choice'; readonly actor: string; readonly choice: 'continue' }
  | { readonly type: 'popcorn/step'; readonly round: number; readonly step: 3 | 4; readonly waiting?: readonly string[] }
  | {
      readonly type: 'popcorn/health-check';
      readonly actor: string;
      readonly roll?: RollResult;
      readonly passed?: boolean;
      readonly note?: string;
    }
  | {
      readonly type: 'popcorn/refreshed';
      readonly round: number;
      readonly pools: readonly { readonly combatant: string; readonly from: number; readonly to: number }[];
      /** Cards that stay face up: their delayed action is not completed yet. */
      readonly stayUp: readonly string[];
    }
  | { readonly type: 'popcorn/pool-resized'; readonly combatant: string; readonly size: number; readonly value: number }
  | { readonly type: 'popcorn/acted-set'; readonly combatant: string; readonly acted: boolean };

export type PopcornEventType = PopcornEvent['type'];
