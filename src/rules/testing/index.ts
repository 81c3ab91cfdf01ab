/** The generic tests every rule module runs, for a module's own tests (and tests/adding-a-game): random command sequences checked for replay, undo and redo, allowances and rejections. */
export { checkModuleProperties } from './property-harness.ts';
export type { PropertyTarget } from './property-harness.ts';
