/** Hard limits of the dice engine (documented in README.md). */

/** Dice in one term, e.g. `1000d6`. */
export const MAX_DICE_PER_TERM = 1000;
/** Dice in one notation, all terms together (before explosions): the parser's default `maxDice`. */
export const MAX_DICE_PER_NOTATION = 1000;
/**
 * Dice in one notation rolled by the engine (commands, stats, options): far above any real roll (Kuro
 * and Fallout roll handfuls, a popcorn pool at most 30 plus extras), far below a roll that bloats an event.
 */
export const TABLE_MAX_DICE = 100;
/** Sides of a standard die, e.g. `d1000000`. */
export const MAX_SIDES = 1_000_000;
/** Faces listed on a custom die `d{...}`. */
export const MAX_FACES = 10_000;
/** Absolute value of a custom face or a comparison target. */
export const MAX_FACE_VALUE = 1_000_000;
/** Absolute value of a constant term. */
export const MAX_CONSTANT = 1_000_000_000;
/** Terms in one notation (`2d6+1d4-1` has three). */
export const MAX_TERMS = 100;
/** Rolling: at most this many extra dice per die from explosions. */
export const MAX_EXPLOSIONS = 100;
/** Exact odds: extra dice followed per exploding die unless `explodeDepth` says otherwise. */
export const DEFAULT_EXPLODE_DEPTH = 8;
/** Exact odds: rough count of floating-point operations allowed before giving up. */
export const ODDS_BUDGET = 300_000_000;
/** Exact odds: most distinct values a distribution may have. */
export const MAX_OUTCOMES = 5_000_000;
/** Rolling: after this many re-rolls (`r`) of one die, the next face is drawn among those that stay. */
export const MAX_REROLLS = 100;
/** Parentheses and functions inside one another, e.g. `floor((1d6+1)/2)` is 2 deep. */
export const MAX_NESTING = 20;
/** Absolute value any part of a notation can reach (as the rolling caps allow), e.g. `1000000*1000000`. */
export const MAX_RESULT = 1_000_000_000_000;
