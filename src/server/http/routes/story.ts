/**
 * The story of the fight: rounds and their time, each combatant's turns, damage dealt and taken,
 * healing, defeats and the game's resources spent (src/core/story). The GM key reads it in full; a
 * player or TV key reads what players may know (players/player-story.ts). As JSON with its Markdown, or
 * as the Markdown alone (`?format=markdown`).
 */
import { z } from 'zod';
import { storyMarkdown } from '../../../core/index.ts';
import type { AppContext } from '../context.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { idParams } from '../schemas.ts';
import { errors } from './common.ts';

const ms = z.number().int().nullable();

const storyRow = z.object({
  id: z.string().describe('The combatant id (for a player key: the id players know it by).'),
  name: z.string(),
  side: z.string(),
  kind: z.enum(['pc', 'npc']),
  turns: z.number().int(),
  turnMs: ms.describe('Time on its turns (a shared turn counts whole for each member); null: the fight was not timed.'),
  dealt: z.number().int().describe('HP its attacks took from those whose numbers the reader reads.'),
  unreadHits: z.number().int().describe('Damaging hits on NPCs whose HP the reader does not read (player keys, NPC HP in bands or hidden): counted, not added up.'),
  taken: z.number().int().nullable().describe('null: the reader does not read this NPC\'s numbers.'),
  healed: z.number().int().nullable(),
  health: z.string().optional().describe('Its HP band now (player keys, NPC HP in bands).'),
  downs: z.array(z.object({ round: z.number().int(), by: z.string().nullable().describe('Who put it down, when known (and visible).') })),
  spent: z.array(z.object({ resource: z.string(), amount: z.number().int() })).describe("The game's resources it spent: Luck and AP (Fallout), reaction dice (popcorn)."),
  removed: z.literal(true).optional().describe('It left the fight before the end.'),
});

export const storySchema = z.object({
  title: z.string(),
  rules: z.string(),
  rulesTitle: z.string(),
  roundName: z.string().describe('"round", or the game\'s word ("game turn").'),
  ended: z.boolean(),
  timed: z.boolean().describe('False for a fight recorded without turn times: every time is then null ("not timed").'),
  totalMs: ms,
  rounds: z.array(z.object({ round: z.number().int(), ms, turns: z.number().int() })),
  combatants: z.array(storyRow),
  pools: z.array(z.object({ resource: z.string(), pool: z.string(), amount: z.number().int() })).describe("Shared pools spent (GM only): Fallout's party and GM AP pools."),
});

export const storyResponse = z.object({
  role: z.enum(['gm', 'player']),
  story: storySchema,
  markdown: z.string().describe('The same story as Markdown, for campaign notes or a chat.'),
});

const storyQuery = z.object({ format: z.enum(['json', 'markdown']).default('json').describe('markdown: the Markdown alone, as text/markdown.') }).strict();

export function storyRoutes(ctx: AppContext): RouteSpec[] {
  const { service } = ctx;
  return [
    route({
      method: 'GET',
      url: '/api/encounters/:id/story',
      operationId: 'getStory',
      summary: 'The story of the fight: the GM\'s in full for a GM key, what players may know for a player or TV key.',
      description:
        'Rounds and the time on their turns, each combatant\'s turns and their time, damage dealt and taken, healing, who went down (when, by whom), ' +
        'Luck and AP spent (Fallout), reaction dice (popcorn). Undone commands do not count. Times come from the turn clock; a fight recorded ' +
        'without it reads "not timed" (null). A player key never reads a hidden combatant, nor any figure that includes one, and reads an NPC\'s ' +
        'damage and healing as numbers only in the `exact` NPC HP mode. `?format=markdown` answers with the Markdown alone (text/markdown).',
      tags: ['encounters'],
      auth: 'any',
      params: idParams,
      query: storyQuery,
      responses: { 200: { description: 'The story (JSON; with format=markdown, text/markdown).', schema: storyResponse }, ...errors(401, 404, 429) },
      handler: ({ params, query, access }) =>
        service.run(params.id, (l) => {
          const role = access?.role === 'player' ? 'player' : 'gm';
          const story = role === 'player' ? l.playerStory() : l.story();
          const markdown = storyMarkdown(story);
          if (query.format === 'markdown') return { body: markdown, headers: { 'content-type': 'text/markdown; charset=utf-8' } };
          return { body: { role, story, markdown } };
        }),
    }),
  ];
}
