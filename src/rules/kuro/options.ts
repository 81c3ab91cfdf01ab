import type { z } from 'zod';
import type { kuroOptions } from './schemas.ts';

export type KuroOptions = z.output<typeof kuroOptions>;

/** The options with none given: kuroOptions' defaults (checked against it in a test). */
export const defaultKuroOptions: KuroOptions = { explodingSixes: true, unluckyFours: true, defenceCostsAction: true };

/**
 * The encounter's options. The core stores them as parsed by `kuroOptions` (schemas.ts); each one that
 * is not a yes/no reads as its default. No zod here: the GM screen folds with this before the schemas
 * have loaded.
 */
export function optionsOf(raw: Readonly<Record<string, unknown>>): KuroOptions {
  return { explodingSixes: pick(raw, 'explodingSixes'), unluckyFours: pick(raw, 'unluckyFours'), defenceCostsAction: pick(raw, 'defenceCostsAction') };
}

// Module-level, not a closure in optionsOf: tsx's esbuild names each closure it makes.
function pick(raw: Readonly<Record<string, unknown>>, key: keyof KuroOptions): boolean {
  return typeof raw[key] === 'boolean' ? (raw[key] as boolean) : defaultKuroOptions[key];
}
