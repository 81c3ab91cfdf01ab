import { z } from 'zod';
import { diceNotation } from '../../core/index.ts';

const die = z.string().regex(/^d[1-9]\d{0,2}$/, 'a single die such as d6 or d8');
/** Dice notation (e.g. 1d20, 3d6+1d8), checked by the dice parser, which points at a mistake. */
const notation = diceNotation(100);

export const popcornOptions = z
  .object({
    sideDie: notation.default('1d20'),
    reactionDie: die.default('d6'),
    heroDie: die.default('d6'),
    lastMayPickSelf: z.boolean().default(true),
  })
  .strict();
export type PopcornOptions = z.output<typeof popcornOptions>;

export const popcornOptionDocs: Record<keyof PopcornOptions, string> = {
  sideDie: 'What each side rolls when it is not clear who has the initiative (the text: a d20; highest wins, ties roll again).',
  reactionDie: 'The die of the Reaction Pool (the text: "a number of d6s equal to their Hero Dice pool").',
  heroDie: 'The die of the standard (Hero Dice) pool, rolled when a combatant uses its action as a reaction.',
  lastMayPickSelf: 'Whether the last to act in a round may choose itself to go first in the next round ("anyone" in the text).',
};

export const popcornStats = z
  .object({
    heroDice: z.number().int().min(0).max(30).default(0),
    luckDie: die.optional(),
    group: z.string().trim().min(1).max(60).optional(),
  })
  .strict();
export type PopcornStats = z.output<typeof popcornStats>;

export const popcornStatDocs: Record<keyof PopcornStats, string> = {
  heroDice:
    'Size of the Hero Dice pool; the Reaction Pool (track reactionPool) holds this many reaction dice and refreshes to it every round (0: no Reaction Pool).',
  luckDie:
    'The Luck Die (d4, d6, d8...): rolled when the scene starts (or when the combatant joins later) to set its starting Instant Karma (track instantKarma).',
  group:
    'NPCs only: the name of the NPC group sharing one card; members are passed the initiative one at a time and the card counts those yet to act.',
};

export { notation as notationSchema };
