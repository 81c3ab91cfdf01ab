import type { z } from 'zod';
import type { FoldModule, RuleModule, Track } from '../../core/index.ts';
import { snCommands } from './commands.ts';
import { decideSn } from './decide.ts';
import type { SnGame } from './game.ts';
import type { SnState } from './state.ts';

export interface SnModuleSpec {
  readonly options: z.ZodType<Record<string, unknown>>;
  readonly optionDocs: Readonly<Record<string, string>>;
  readonly stats: z.ZodType<Record<string, unknown>>;
  readonly statDocs: Readonly<Record<string, string>>;
}

/** A rule module for a Sine Nomine game: the family's rules with the game's differences, on the game's fold half (fold-module.ts). */
export function sineNomineModule(game: SnGame, fold: FoldModule<SnState>, spec: SnModuleSpec): RuleModule<SnState> {
  return {
    ...fold,
    options: spec.options,
    optionDocs: spec.optionDocs,
    stats: spec.stats,
    statDocs: spec.statDocs,
    commands: snCommands(game),
    tracksFor: (stats) => {
      const tracks: Record<string, Track> = {};
      if (typeof stats.hp === 'number') tracks.hp = { value: stats.hp, max: stats.hp };
      if (game.lessLethal) tracks.lessLethal = { value: 0, min: 0, rising: true, label: 'less-lethal damage' };
      return tracks;
    },
    decide: (state, command, ctx) => decideSn(game, state, command, ctx),
  };
}
