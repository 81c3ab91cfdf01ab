import type { RuleModule, Track } from '../../core/index.ts';
import { kuroCommands } from './commands.ts';
import { decideKuro } from './decide.ts';
import { describeKuro } from './describe.ts';
import { evolveKuro } from './evolve.ts';
import { kuroOptionDocs, kuroOptions } from './options.ts';
import { allowedActionsKuro, whoMayActKuro } from './queries.ts';
import type { KuroState } from './state.ts';
import { initialKuroState } from './state.ts';
import { kuroStatDocs, kuroStats, statsOf } from './stats.ts';

/**
 * Kuro: initiative re-rolled every game turn (REA Kuro dice + 2 x REA), actions per turn REF / 2
 * rounded up, combat phases (phase k: everyone with at least k actions, in initiative order), equal
 * initiative acting at the same time, and Normal, Power and Fast attacks. See README.md in this folder.
 */
export const kuro: RuleModule<KuroState> = {
  id: 'kuro',
  title: 'Kuro',
  version: 1,
  roundName: 'game turn',
  options: kuroOptions,
  optionDocs: kuroOptionDocs,
  stats: kuroStats,
  statDocs: kuroStatDocs,
  commands: kuroCommands,
  init: () => initialKuroState(),
  tracksFor: (stats) => {
    const hp = statsOf(stats).hp;
    const tracks: Record<string, Track> = {};
    if (hp !== undefined) tracks.hp = { value: hp, max: hp };
    return tracks;
  },
  decide: (state, command, ctx) => decideKuro(state, command, ctx),
  evolve: (state, event) => evolveKuro(state, event),
  whoMayAct: whoMayActKuro,
  allowedActions: allowedActionsKuro,
  describe: describeKuro,
};

export { actionCheckOdds, attackOdds, characteristicCheckOdds, checkOdds, opposedOdds } from './odds.ts';
export type { AttackOdds, CheckOdds, DiceOptions } from './odds.ts';
export { actionCheck, characteristicCheck, checkNotation, kuroDie } from './dice.ts';
export { turnSummary } from './queries.ts';
export type { KuroState, KuroEncounter } from './state.ts';
export type { KuroEvent, AttackedEvent } from './events.ts';
export type { KuroOptions } from './options.ts';
export type { KuroStats } from './stats.ts';
