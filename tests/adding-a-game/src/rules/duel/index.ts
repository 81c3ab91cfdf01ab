import { z } from 'zod';
import { enteredDiceSchema } from '../../../../../src/core/index.ts';
import type { RuleModule } from '../../../../../src/core/index.ts';
import { decideDuel } from './decide.ts';
import { duelFold } from './fold.ts';
import type { DuelState } from './state.ts';

const dice = enteredDiceSchema.optional();

/** The duel: two combatants, d6 initiative, highest first (README.md). A whole RuleModule. */
export const duel: RuleModule<DuelState> = {
  ...duelFold,
  options: z.object({}).strict(),
  optionDocs: {},
  stats: z.object({}).strict(),
  statDocs: {},
  commands: {
    'roll-initiative': z.object({ type: z.literal('roll-initiative'), combatants: z.array(z.string().min(1)).max(500).optional(), dice }).strict(),
    start: z.object({ type: z.literal('start'), dice }).strict(),
    'end-turn': z.object({ type: z.literal('end-turn'), dice }).strict(),
  },
  decide: (state, command, ctx) => decideDuel(state, command, ctx),
};
export { duelFold };
