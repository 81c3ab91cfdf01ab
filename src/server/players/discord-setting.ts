/**
 * The GM's Discord setting: a webhook of the GM's own channel, where the server posts round starts,
 * whose turn it is and the fight's end, worded as players read them (../announce). Only Discord's own
 * https webhook addresses are taken, so the server never sends requests to another host (a GM cannot
 * point it at localhost or a machine on the network). The address is the GM's: it is stored with the
 * settings and never reaches a player. Pure: URL parsing only.
 */
import { z } from 'zod';

/** Discord's hosts for webhooks: the stable app, and its public test builds. */
export const DISCORD_HOSTS: readonly string[] = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com', 'ptb.discordapp.com', 'canary.discordapp.com'];

const EXAMPLE = 'https://discord.com/api/webhooks/<id>/<token>';
const HOW = 'in Discord: Server settings, Integrations, Webhooks, Copy Webhook URL';
const WEBHOOK_PATH = /^\/api\/(?:v\d{1,2}\/)?webhooks\/\d{5,30}\/[A-Za-z0-9_-]{10,200}\/?$/;

/** Why `text` is not a Discord webhook address, in the GM's words, or null. */
export function webhookProblem(text: string): string | null {
  if (text.length > 400) return `The Discord webhook address is too long (${text.length} characters): paste the address Discord gives (${HOW})`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `The Discord webhook is not a web address: paste the address Discord gives (${HOW}), such as ${EXAMPLE}`;
  }
  if (url.protocol !== 'https:') {
    return `The Discord webhook must be an https:// address (this one starts with ${url.protocol}//): Discord's webhooks look like ${EXAMPLE}`;
  }
  if (url.username !== '' || url.password !== '') return `The Discord webhook must not carry a user name or password: paste the address as Discord gives it (${EXAMPLE})`;
  const host = url.hostname.toLowerCase();
  if (!DISCORD_HOSTS.includes(host)) {
    return `The Discord webhook must be on discord.com (this one is on ${host.slice(0, 80)}): Turnkeeper posts only to Discord, never to other servers. Copy the address ${HOW}`;
  }
  if (url.port !== '') return `The Discord webhook must not name a port (${url.port}): Discord's webhooks look like ${EXAMPLE}`;
  if (!WEBHOOK_PATH.test(url.pathname)) return `That is not a Discord webhook address: it should look like ${EXAMPLE} (${HOW})`;
  const search = [...url.searchParams.keys()];
  if (search.some((k) => k !== 'thread_id') || (url.searchParams.get('thread_id') ?? '0').match(/^\d{1,30}$/) === null || url.hash !== '') {
    return `The Discord webhook may carry only ?thread_id=<number> after its address: it should look like ${EXAMPLE}`;
  }
  return null;
}

export const webhookSchema = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = webhookProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe(`A Discord webhook address (${EXAMPLE}; discord.com, discordapp.com and their ptb. and canary. builds only).`);

const eventFlags = {
  round: 'Post "Round 3" when a round starts.',
  up: 'Post whose turn it is ("Vasquez is up"), as players see it.',
  summary: 'Post a short summary when the fight ends.',
} as const;

export const discordSchema = z
  .object({
    webhook: webhookSchema.nullable().default(null).describe('The Discord webhook the fight is posted to, or null (nothing is posted). GM only: never sent to players.'),
    events: z
      .object({
        round: z.boolean().default(true).describe(eventFlags.round),
        up: z.boolean().default(true).describe(eventFlags.up),
        summary: z.boolean().default(true).describe(eventFlags.summary),
      })
      .strict()
      .default({ round: true, up: true, summary: true }),
  })
  .strict()
  .describe('Posting the fight to a Discord channel, worded as players see it (nothing hidden).');

export type DiscordSetting = z.output<typeof discordSchema>;

export const defaultDiscord: DiscordSetting = { webhook: null, events: { round: true, up: true, summary: true } };

/** A change: `webhook` null removes it; `events` merge key by key. */
export const discordPatchSchema = z
  .object({
    webhook: webhookSchema.nullable().optional(),
    events: z
      .object({ round: z.boolean().describe(eventFlags.round), up: z.boolean().describe(eventFlags.up), summary: z.boolean().describe(eventFlags.summary) })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

export type DiscordPatch = z.output<typeof discordPatchSchema>;

export function mergeDiscord(current: DiscordSetting, patch: DiscordPatch | undefined): DiscordSetting {
  if (!patch) return current;
  return { webhook: patch.webhook !== undefined ? patch.webhook : current.webhook, events: { ...current.events, ...patch.events } };
}
