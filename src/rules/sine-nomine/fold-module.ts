import type { FoldModule } from '../../core/index.ts';
import { allowedActions } from './allowed.ts';
import { describeSn } from './describe.ts';
import { evolveSn } from './evolve.ts';
import type { SnGame } from './game.ts';
import { initialState } from './state.ts';
import type { SnState } from './state.ts';
import { whoMayAct } from './who-may-act.ts';

/**
 * The fold half of a Sine Nomine game's rule module (core FoldModule): the state, the log and the
 * queries, without the schemas and the deciding (module.ts adds those). The GM screen shows a fight
 * with it before zod and the rest of the rules have loaded.
 */
export function sineNomineFold(game: SnGame, version: number): FoldModule<SnState> {
  return {
    id: game.id,
    title: game.title,
    version,
    init: (options) => initialState(options),
    evolve: (state, event) => evolveSn(game, state, event),
    whoMayAct: (state) => whoMayAct(state, game),
    allowedActions: (state, id) => allowedActions(state, game, id),
    describe: (event, state) => describeSn(game, event, state),
  };
}
