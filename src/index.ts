/**
 * Turnkeeper as a library: the pure engine, the dice, and the rule modules.
 * @module
 */
export * from './core/index.ts';
export * as dice from './dice/index.ts';
export { engine, ruleModules } from './rules/index.ts';
