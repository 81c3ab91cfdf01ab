import { z } from 'zod';
import { findTextProblem, reject, titleSchema } from '../core/index.ts';
import type { Decision, Rejection, Track } from '../core/index.ts';
import { findPc, findTemplate, unknownPc, unknownTemplate } from './lookup.ts';
import { firstIssue } from './issue-path.ts';
import { CAMPAIGN_LIMITS } from './state.ts';
import type { CampaignPc, CampaignState } from './state.ts';

/** What the GM asks for: the party (all PCs unless listed) and templates with counts ("3 x Raider"). */
export interface PullInRequest {
  readonly title?: string;
  /** PC ids or names; all PCs when omitted. */
  readonly pcs?: readonly string[];
  readonly templates?: readonly { readonly template: string; readonly count: number }[];
  /** Whether the NPCs join hidden; each template's own setting when omitted. */
  readonly hidden?: boolean;
}

export type PcCombatantInput = {
  readonly name: string;
  readonly kind: 'pc';
  readonly side: string;
  readonly stats: Readonly<Record<string, unknown>>;
  readonly tracks: Readonly<Record<string, Track>>;
};

export type NpcCombatantInput = {
  readonly name: string;
  readonly kind: 'npc';
  readonly side?: string;
  readonly stats: Readonly<Record<string, unknown>>;
  readonly hp?: number;
  readonly notes: string;
  readonly gmNotes: string;
  readonly hidden: boolean;
  readonly count: number;
};

/** The server's create-encounter body (`createEncounterBody`). */
export type PullInBody = {
  readonly rules: string;
  readonly title: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly sides: readonly { readonly name: string; readonly players: true }[];
  readonly combatants: readonly (PcCombatantInput | NpcCombatantInput)[];
};

export type PullIn =
  | {
      readonly ok: true;
      readonly body: PullInBody;
      /** The campaign PC ids, in the order their combatants come first in `body.combatants`. */
      readonly pcIds: readonly string[];
    }
  | { readonly ok: false; readonly rejection: Rejection };

/** The most combatants an encounter holds (the core's limit). */
const MAX_COMBATANTS = 500;
/** The core's add-combatant takes track names and labels of at most 40 characters. */
const TRACK_TEXT = 40;

const ref = z.string().trim().min(1).max(120);
const requestSchema = z
  .object({
    title: titleSchema(CAMPAIGN_LIMITS.titleLength).optional(),
    pcs: z.array(ref).max(CAMPAIGN_LIMITS.pcs).optional(),
    templates: z.array(z.object({ template: ref, count: z.number().int().min(1).max(50) }).strict()).max(MAX_COMBATANTS).optional(),
    hidden: z.boolean().optional(),
  })
  .strict();

/**
 * The body that creates a fight from the campaign: each chosen PC with its sheet and its tracks as
 * the campaign has them now (so a fight starts with the HP the last one left), and each template
 * `count` times (the core names them "Raider", "Raider 2", ...). Fallout: the fight's pools start
 * where the campaign's stand. Pure; a rejection names the field (`templates[1].template`).
 */
export function pullIn(state: CampaignState, request: PullInRequest): PullIn {
  const pulled = pull(state, request);
  if (!pulled.ok) return { ok: false, rejection: pulled.rejection };
  return pulled as PullIn; // `pull` answers with a body, or with a rejection (never with events)
}

function pull(state: CampaignState, request: PullInRequest): PullIn | Decision<never> {
  if (state.rules === '') return reject('campaign/not-created', 'Create the campaign first.');
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return reject('campaign/invalid', 'A new fight is asked for with an object: {pcs?, templates?, title?, hidden?}.');
  }
  const text = findTextProblem(request);
  if (text) return reject('command/invalid-text', `${text.path ? `${text.path}: ` : ''}${text.problem}.`, { path: text.path });
  const parsed = requestSchema.safeParse(stripUndefined(request));
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return reject('campaign/invalid', `${issue.path ? `${issue.path}: ` : ''}${issue.message}.`, { path: issue.path });
  }
  const r = parsed.data;
  const pcs: CampaignPc[] = [];
  for (const [i, name] of (r.pcs ?? state.pcOrder).entries()) {
    const pc = findPc(state, name);
    if (!pc) return unknownPc(state, name, `pcs[${i}]`);
    if (!pcs.includes(pc)) pcs.push(pc);
  }
  const npcs: NpcCombatantInput[] = [];
  let total = pcs.length;
  for (const [i, entry] of (r.templates ?? []).entries()) {
    const t = findTemplate(state, entry.template);
    if (!t) return unknownTemplate(state, entry.template, `templates[${i}].template`);
    total += entry.count;
    npcs.push({
      name: t.name,
      kind: 'npc',
      ...(t.side !== null ? { side: t.side } : {}),
      stats: t.stats,
      ...(t.hp !== null ? { hp: t.hp } : {}),
      notes: t.notes,
      gmNotes: t.gmNotes,
      hidden: r.hidden ?? t.hidden,
      count: entry.count,
    });
  }
  if (total > MAX_COMBATANTS) {
    return reject('campaign/too-many-combatants', `That makes ${total} combatants, and a fight holds at most ${MAX_COMBATANTS}: bring fewer.`);
  }
  const body: PullInBody = {
    rules: state.rules,
    title: r.title ?? defaultTitle(state),
    options: fightOptions(state),
    sides: [{ name: state.partySide, players: true }],
    combatants: [...pcs.map(pcCombatant), ...npcs],
  };
  return { ok: true, body, pcIds: pcs.map((pc) => pc.id) };
}

/** "Into the Glow: fight 3", at most 200 characters. */
function defaultTitle(state: CampaignState): string {
  const suffix = `: fight ${state.fightOrder.length + 1}`;
  return `${state.title.slice(0, CAMPAIGN_LIMITS.titleLength - suffix.length).trim()}${suffix}`;
}

/** The campaign's options; Fallout's pools start where the campaign's stand (within the options' bounds). */
function fightOptions(state: CampaignState): Readonly<Record<string, unknown>> {
  if (!state.pools) return state.options;
  const partyMax = Number(state.options.partyPoolMax ?? 6);
  const gmMax = typeof state.options.gmPoolMax === 'number' ? state.options.gmPoolMax : 1000;
  const clamp = (n: number, max: number): number => Math.min(Math.max(n, 0), max);
  return { ...state.options, partyPoolStart: clamp(state.pools.party, partyMax), gmPoolStart: clamp(state.pools.gm, gmMax) };
}

/**
 * The PC as an add-combatant: its sheet, and its tracks with their current values. A track whose
 * name is longer than the core takes (40 characters: a thrown weapon with a long name) is left to the
 * encounter, which derives it from the sheet; a longer label is cut.
 */
function pcCombatant(pc: CampaignPc): PcCombatantInput {
  const tracks = Object.entries(pc.tracks)
    .filter(([key]) => key.length <= TRACK_TEXT)
    .map(([key, t]): [string, Track] => [key, t.label !== undefined && t.label.length > TRACK_TEXT ? { ...t, label: t.label.slice(0, TRACK_TEXT).trim() } : t]);
  return { name: pc.name, kind: 'pc', side: pc.side, stats: pc.stats, tracks: Object.fromEntries(tracks) };
}

function stripUndefined(request: PullInRequest): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined));
}
