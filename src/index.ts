/**
 * Turnkeeper as a library, the npm package's `turnkeeper`: the pure engine, the dice, and the rule
 * modules. Its other faces are `turnkeeper/dice` and `turnkeeper/rules/<game>` (package.json, exports).
 * @module
 */
export * from './core/index.ts';
export * as dice from './dice/index.ts';
export { engine, ruleModules } from './rules/index.ts';
