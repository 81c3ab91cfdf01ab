import { createEngine } from '../core/index.ts';
import type { RuleModule } from '../core/index.ts';
import { custom } from './custom/index.ts';
import { cwn } from './cwn/index.ts';
import { fallout } from './fallout/index.ts';
import { kuro } from './kuro/index.ts';
import { popcorn } from './popcorn/index.ts';
import { swn } from './swn/index.ts';

/** Every rule module Turnkeeper ships. */
export const ruleModules: readonly RuleModule[] = [swn as RuleModule, cwn as RuleModule, kuro as RuleModule, fallout as RuleModule, popcorn as RuleModule, custom as RuleModule];

/** The engine over all shipped rule modules. */
export const engine = createEngine(ruleModules);

export { custom, cwn, fallout, kuro, popcorn, swn };
