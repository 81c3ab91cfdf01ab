/** Result types shared by rolling, typed-in rolls, formatting and odds. All JSON-safe. */

export interface DieRoll {
  /** 'd20', 'd6', 'dC' (combat die), 'dK' (Kuro die), 'd{1,2,0}' ... */
  die: string;
  /** The physical face shown: 1..sides (for custom dice the face number, i.e. the pip on a d6). */
  face: number;
  /** What the face counts for (combat die face 3 -> 0; Kuro face 4 -> 0; one less on an extra die of `!p`). */
  value: number;
  /** False if dropped by kh/kl/dh/dl, or re-rolled. */
  kept: boolean;
  /** This die was re-rolled (`r`, `ro`): the die after it replaces it. */
  rerolled?: true;
  /** This die triggered an extra die. */
  exploded?: true;
  /** This die is an extra of a compounding explosion (`!!`): it adds into the die before it. */
  compounded?: true;
  /** e.g. ['effect'], ['crit'], ['complication'], ['unlucky']. */
  tags?: string[];
  /**
   * In success-counting mode: 0, 1, 2 (crit) or -1 (failure, `f`). A compounded die's successes are
   * on its first part (its extras have 0).
   */
  successes?: number;
}

export interface RollResult {
  /** Normalised notation, e.g. '1d20+3'. */
  notation: string;
  /** Sum, or number of successes (plus constants) in success-counting mode. */
  total: number;
  /** Every die in roll order, including exploded extras and dropped ones. */
  dice: DieRoll[];
  /** Counts of tags over kept dice, e.g. { effect: 2 }. */
  tags: Record<string, number>;
  source: 'engine' | 'entered';
}

export interface Distribution {
  notation: string;
  min: number;
  max: number;
  /** Ascending value, p > 0, sums to 1. */
  outcomes: Array<{ value: number; p: number }>;
  mean: number;
  sd: number;
  p(x: number): number;
  atLeast(x: number): number;
  atMost(x: number): number;
  /** Present when the expression explodes: extra dice per die that were followed. */
  explodeDepth?: number;
  /**
   * Present when the expression explodes: the probability that some die was still exploding when
   * the depth ran out (that mass stays on the last level, as in AnyDice).
   */
  explodeCutoff?: number;
  /** What was counted: 'total', or a tag name. */
  of: string;
}

export interface DistributionOptions {
  /** 'total' (default), or a tag name: the distribution of how many kept dice carry it. */
  of?: 'total' | string;
  /** Extra dice followed per exploding die (default 8, at most 100). */
  explodeDepth?: number;
}
