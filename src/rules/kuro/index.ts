import type { RuleModule, Track } from '../../core/index.ts';
import { kuroFold } from './fold.ts';
import { kuroCommands } from './commands.ts';
import { decideKuro } from './decide.ts';
import { kuroOptionDocs, kuroOptions, kuroStatDocs, kuroStats } from './schemas.ts';
import type { KuroState } from './state.ts';
import { statsOf } from './stats.ts';

/**
 * Kuro: initiative re-rolled every game turn (REA Kuro dice + 2 x REA), actions per turn REF / 2
 * rounded up, combat phases (phase k: everyone with at least k actions, in initiative order), equal
 * initiative acting at the same time, and Normal, Power and Fast attacks. See README.md in this folder.
 */
export const kuro: RuleModule<KuroState> = {
  ...kuroFold,
  options: kuroOptions,
  optionDocs: kuroOptionDocs,
  stats: kuroStats,
  statDocs: kuroStatDocs,
  commands: kuroCommands,
  tracksFor: (stats) => {
    const hp = statsOf(stats).hp;
    const tracks: Record<string, Track> = {};
    if (hp !== undefined) tracks.hp = { value: hp, max: hp };
    return tracks;
  },
  decide: (state, command, ctx) => decideKuro(state, command, ctx),
};

export { actionCheckOdds, attackOdds, characteristicCheckOdds, checkOdds, opposedOdds } from './odds.ts';
export type { AttackOdds, CheckOdds, DiceOptions } from './odds.ts';
export type { AttackInput } from './attack-plan.ts';
export { actionCheck, characteristicCheck, checkNotation, kuroDie } from './dice.ts';
export { turnSummary } from './queries.ts';
export type { KuroState, KuroEncounter } from './state.ts';
export type { KuroEvent, AttackedEvent } from './events.ts';
export type { KuroOptions } from './options.ts';
export type { KuroStats } from './stats.ts';
export { kuroFold };
