/**
 * How a number beyond one of its bounds is said to the GM. The schemas hold two kinds of bound: the
 * rules' ranges (a stat of 0 to 20, 1 to 50 alike at once, a modifier of -20 to +20, AC up to 100),
 * all 100 or less in size, and the program's caps on what it stores (1,000, 100,000 and 1,000,000,
 * the largest safe integer), all 1,000 or more. A range is worth saying ("PER should be at most 20");
 * a cap is a number nobody chose, so it is said as what it means: more than any fight needs.
 */

/** The largest bound, in size, that is a range of the rules; anything larger is a cap. */
export const RANGE_LIMIT = 100;

export type BoundSide = 'min' | 'max';

/** Whether a bound is one of the program's caps rather than a range of the rules. */
export function isCap(bound: number): boolean {
  return !Number.isFinite(bound) || Math.abs(bound) > RANGE_LIMIT;
}

/** What is wrong with a number past this bound, said after its label: "should be at most 20", "cannot be negative". */
export function pastBound(side: BoundSide, bound: number): string {
  if (isCap(bound)) return side === 'max' ? 'is more than any fight needs' : 'is lower than any fight needs';
  if (side === 'min') return bound === 0 ? 'cannot be negative' : `should be at least ${bound}`;
  return `should be at most ${bound}`;
}

/** The core's cap on one damage or heal (src/core/commands.ts), for the damage bar, which loads without the schemas. */
export const MAX_AMOUNT = 1_000_000;
