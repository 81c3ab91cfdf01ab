/**
 * Turnkeeper dice engine: notation, seeded rolling, typed-in physical rolls, formatting and exact
 * odds. Pure: no I/O, no clock, no Math.random. See README.md in this folder.
 */
export { Prng } from './prng.ts';
export type { RngState } from './prng.ts';
export { DiceNotationError, DiceOddsError } from './errors.ts';
export { DiceExpr, parseDice, tryParseDice, rollDice } from './expr.ts';
export type { ParseOptions } from './parse.ts';
export { rollEntered } from './entered.ts';
export { formatRoll } from './format.ts';
export { rollNotation } from './stored-notation.ts';
export { distribution } from './distribution.ts';
export type { DieRoll, RollResult, Distribution, DistributionOptions } from './types.ts';
export { NAMED_DICE } from './die-kinds.ts';
export type { Compare, CompareOp, DiceTerm, ConstTerm, Term, DieKind, Face, Keep, KeepMode, Reroll, ExplodeStyle } from './ast.ts';
export type { Node, SumNode, OpNode, FnNode, Fn, Op } from './tree.ts';
export * as diceLimits from './limits.ts';
