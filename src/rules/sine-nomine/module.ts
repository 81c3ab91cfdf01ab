import type { z } from 'zod';
import type { RuleModule, Track } from '../../core/index.ts';
import { allowedActions } from './allowed.ts';
import { snCommands } from './commands.ts';
import { decideSn } from './decide.ts';
import { describeSn } from './describe.ts';
import { evolveSn } from './evolve.ts';
import type { SnGame } from './game.ts';
import { initialState } from './state.ts';
import type { SnState } from './state.ts';
import { whoMayAct } from './who-may-act.ts';

export interface SnModuleSpec {
  readonly version: number;
  readonly options: z.ZodType<Record<string, unknown>>;
  readonly optionDocs: Readonly<Record<string, string>>;
  readonly stats: z.ZodType<Record<string, unknown>>;
  readonly statDocs: Readonly<Record<string, string>>;
}

/** A rule module for a Sine Nomine game: the family's rules with the game's differences. */
export function sineNomineModule(game: SnGame, spec: SnModuleSpec): RuleModule<SnState> {
  return {
    id: game.id,
    title: game.title,
    version: spec.version,
    options: spec.options,
    optionDocs: spec.optionDocs,
    stats: spec.stats,
    statDocs: spec.statDocs,
    commands: snCommands(game),
    init: (options) => initialState(options),
    tracksFor: (stats) => {
      const tracks: Record<string, Track> = {};
      if (typeof stats.hp === 'number') tracks.hp = { value: stats.hp, max: stats.hp };
      if (game.lessLethal) tracks.lessLethal = { value: 0, min: 0, rising: true, label: 'less-lethal damage' };
      return tracks;
    },
    decide: (state, command, ctx) => decideSn(game, state, command, ctx),
    evolve: (state, event) => evolveSn(game, state, event),
    whoMayAct: (state) => whoMayAct(state, game),
    allowedActions: (state, id) => allowedActions(state, game, id),
    describe: (event, state) => describeSn(game, event, state),
  };
}
