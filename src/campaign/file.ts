import { z } from 'zod';
import { findTextProblem } from '../core/index.ts';
import { foldCampaign } from './campaign.ts';
import { FIGHT_ID, campaignEventSchemas } from './event-schemas.ts';
import type { StoredCampaignEvent } from './events.ts';
import { eventProblem } from './integrity.ts';
import { moduleFor } from './lookup.ts';
import { firstIssue } from './issue-path.ts';
import { ruleModules } from '../rules/index.ts';
import { CAMPAIGN_LIMITS } from './state.ts';
import type { Campaign } from './state.ts';

/**
 * A campaign as a JSON file: its events (replayed on import, never rewritten) and the export file of
 * each of its fights, in the encounter export format (`src/server/transfer/transfer.ts`). Keys and ids of the
 * server are not part of it.
 */
export const CAMPAIGN_FILE_FORMAT = 'turnkeeper-campaign';
export const CAMPAIGN_FILE_VERSION = 1;
/** The most events a campaign file may hold (unless the caller says otherwise). */
export const CAMPAIGN_FILE_MAX_EVENTS = 100_000;

/** A fight as the file holds it: an encounter export, checked here only for its game and its events. */
export type CampaignFightFile = {
  readonly encounter: { readonly rules: string; readonly [k: string]: unknown };
  readonly events: readonly unknown[];
  readonly [k: string]: unknown;
};

export interface CampaignFile {
  readonly format: typeof CAMPAIGN_FILE_FORMAT;
  readonly version: typeof CAMPAIGN_FILE_VERSION;
  readonly rules: string;
  readonly title: string;
  readonly exportedAt?: string;
  readonly events: readonly StoredCampaignEvent[];
  readonly fights: readonly CampaignFightFile[];
}

export type CampaignFileCheck =
  | { readonly ok: true; readonly file: CampaignFile; readonly campaign: Campaign }
  | {
      readonly ok: false;
      /** Where the problem is: `events[12].event.pc.stats.hp`, `fights[0].encounter.rules`; '' for the whole file. */
      readonly path: string;
      /** What is wrong, in a GM's words (without the path). */
      readonly message: string;
    };

const envelope = z
  .object({
    format: z.literal(CAMPAIGN_FILE_FORMAT),
    version: z.literal(CAMPAIGN_FILE_VERSION),
    rules: z.string(),
    title: z.string().max(CAMPAIGN_LIMITS.titleLength),
    exportedAt: z.string().max(40).optional(),
    events: z.array(z.object({ seq: z.number().int().min(1), cmd: z.number().int().min(1), event: z.looseObject({ type: z.string().min(1).max(80) }) }).strict()).min(1),
    fights: z
      .array(
        z.looseObject({
          // A fight keeps its id on import where it is free: only an id as servers make them.
          encounter: z.looseObject({ rules: z.string(), id: z.string().regex(FIGHT_ID, 'not an encounter id as the server makes them (letters, digits, "-" and "_")').optional() }),
          events: z.array(z.unknown()),
        }),
      )
      .max(CAMPAIGN_LIMITS.fights),
  })
  .strict();

const fail = (path: string, message: string): CampaignFileCheck => ({ ok: false, path, message });

/**
 * Check a campaign file before anything is stored: its format and version, its game, the numbering
 * of its events, every event against its schema (stats through the game's own), then a replay in
 * which every event must fit the campaign as it stands (no PC that is not there). Fights are checked
 * only for their shape and game: the server checks each as an encounter import.
 */
export function checkCampaignFile(json: unknown, maxEvents: number = CAMPAIGN_FILE_MAX_EVENTS): CampaignFileCheck {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('', 'A campaign file is a JSON object; this is not one.');
  const f = json as Record<string, unknown>;
  if (f.format !== CAMPAIGN_FILE_FORMAT) {
    if (f.format === 'turnkeeper.encounter') return fail('format', 'This is an encounter file, not a campaign: import it as an encounter.');
    return fail('format', `This is not a Turnkeeper campaign file (its format is ${JSON.stringify(f.format) ?? 'missing'}, not "${CAMPAIGN_FILE_FORMAT}").`);
  }
  if (f.version !== CAMPAIGN_FILE_VERSION) {
    if (typeof f.version === 'number' && f.version > CAMPAIGN_FILE_VERSION) {
      return fail('version', `This campaign file is version ${f.version}; this Turnkeeper reads version ${CAMPAIGN_FILE_VERSION}. Update Turnkeeper to import it.`);
    }
    return fail('version', `A campaign file says its version (${CAMPAIGN_FILE_VERSION}); this one says ${JSON.stringify(f.version) ?? 'nothing'}.`);
  }
  const module = typeof f.rules === 'string' ? moduleFor(f.rules) : undefined;
  if (!module) {
    return fail('rules', `This campaign is for ${JSON.stringify(f.rules) ?? 'no'} rules, which this Turnkeeper does not have (it has ${ruleModules.map((m) => m.id).join(', ')}).`);
  }
  if (Array.isArray(f.events) && f.events.length > maxEvents) {
    return fail('events', `A campaign file holds at most ${maxEvents} events; this one has ${f.events.length}.`);
  }
  const shape = envelope.safeParse(json);
  if (!shape.success) {
    const issue = firstIssue(shape.error);
    return fail(issue.path, `${issue.message}.`);
  }
  const file = json as unknown as CampaignFile;
  for (const [i, fight] of file.fights.entries()) {
    if (fight.encounter.rules !== module.id) {
      return fail(`fights[${i}].encounter.rules`, `This fight is a "${fight.encounter.rules}" encounter, and the campaign is ${module.title}: a campaign's fights are all of its game.`);
    }
  }
  const title = findTextProblem(file.title);
  if (title) return fail('title', `The title ${title.problem}.`);
  const schemas = campaignEventSchemas(module);
  const found: { problem: { path: string; message: string } | null; cmd: number } = { problem: null, cmd: 0 };
  const campaign = foldCampaign(file.events, (before, stored, i) => {
    found.problem = storedProblem(before, stored as StoredCampaignEvent, i, found.cmd, schemas, module.id);
    found.cmd = stored.cmd;
    return found.problem === null;
  });
  if (found.problem) return fail(found.problem.path, found.problem.message);
  return { ok: true, file, campaign };
}

/** What is wrong with the i-th stored event, following `before` (commands up to `cmd`), or null. */
function storedProblem(
  before: Campaign,
  stored: StoredCampaignEvent,
  i: number,
  cmd: number,
  schemas: Readonly<Record<string, z.ZodType>>,
  rules: string,
): { path: string; message: string } | null {
  const at = `events[${i}]`;
  if (stored.seq !== i + 1) return { path: `${at}.seq`, message: `This event is numbered ${stored.seq}; events are numbered 1, 2, 3... without gaps.` };
  if (stored.cmd < cmd) return { path: `${at}.cmd`, message: `Command number ${stored.cmd} comes after ${cmd}; command numbers never go back.` };
  const type = stored.event.type;
  const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
  if (!schema) return { path: `${at}.event.type`, message: `"${type}" is not a campaign event.` };
  const text = findTextProblem(stored.event);
  if (text) return { path: `${at}.event${text.path ? `.${text.path}` : ''}`, message: `This text ${text.problem}.` };
  const created = stored.event as { rules?: unknown };
  if (type === 'campaign-created' && created.rules !== rules) {
    return { path: `${at}.event.rules`, message: `The campaign's events are for ${JSON.stringify(created.rules)} rules, and the file says "${rules}".` };
  }
  const parsed = schema.safeParse(stored.event);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error, `${at}.event`);
    return { path: issue.path, message: `${issue.message}.` };
  }
  const problem = eventProblem(before, stored.event, i);
  if (problem) return { path: at, message: `This ${type} event does not fit the campaign: ${problem}. The file was edited or damaged.` };
  return null;
}
