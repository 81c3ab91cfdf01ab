import { accept, reject } from '../core/index.ts';
import { rejectIssues } from './issue-path.ts';
import type { Decision } from '../core/index.ts';
import type { CampaignCommandOf } from './commands.ts';
import type { CampaignEvent, TemplateChanges } from './events.ts';
import { findTemplate, moduleFor, templateNameTaken, unknownTemplate } from './lookup.ts';
import { sameJson } from './same-json.ts';
import { CAMPAIGN_LIMITS } from './state.ts';
import type { CampaignState, CampaignTemplate } from './state.ts';
import { hpBelowOne } from './tracks.ts';

type D = Decision<CampaignEvent>;

/** Tags as kept: the first of each spelling that differs only in case. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export function addTemplate(state: CampaignState, command: CampaignCommandOf<'add-template'>): D {
  if (state.templateOrder.length >= CAMPAIGN_LIMITS.templates) {
    return reject('campaign/too-many-templates', `A bestiary holds at most ${CAMPAIGN_LIMITS.templates} templates: remove one first.`);
  }
  const taken = templateNameTaken(state, command.name);
  if (taken) return reject('campaign/name-taken', `name: there is already a template called "${taken.name}".`, { path: 'name' });
  const module = moduleFor(state.rules)!;
  const stats = module.stats.safeParse(command.stats ?? {});
  if (!stats.success) return rejectIssues(stats.error, 'campaign/invalid-stats', command.name, ['stats']);
  if (command.hp != null && command.hp < 1) return hpTooLow(command.name, 'hp');
  if (hpBelowOne(module.tracksFor?.(stats.data, 'npc') ?? {})) return hpTooLow(command.name, 'stats.hp');
  const template: CampaignTemplate = {
    id: `t${state.nextTemplate}`,
    name: command.name,
    side: command.side ?? null,
    stats: stats.data,
    hp: command.hp ?? null,
    notes: command.notes ?? '',
    gmNotes: command.gmNotes ?? '',
    tags: cleanTags(command.tags ?? []),
    hidden: command.hidden ?? false,
  };
  return accept([{ type: 'template-added', template }]);
}

export function updateTemplate(state: CampaignState, command: CampaignCommandOf<'update-template'>): D {
  const t = findTemplate(state, command.template);
  if (!t) return unknownTemplate(state, command.template, 'template');
  const changes: { -readonly [K in keyof TemplateChanges]: TemplateChanges[K] } = {};
  if (command.name !== undefined && command.name !== t.name) {
    const taken = templateNameTaken(state, command.name, t.id);
    if (taken) return reject('campaign/name-taken', `name: there is already a template called "${taken.name}".`, { path: 'name' });
    changes.name = command.name;
  }
  if (command.side !== undefined && command.side !== t.side) changes.side = command.side;
  if (command.hp != null && command.hp < 1 && command.hp !== t.hp) return hpTooLow(t.name, 'hp');
  if (command.hp !== undefined && command.hp !== t.hp) changes.hp = command.hp;
  if (command.notes !== undefined && command.notes !== t.notes) changes.notes = command.notes;
  if (command.gmNotes !== undefined && command.gmNotes !== t.gmNotes) changes.gmNotes = command.gmNotes;
  if (command.hidden !== undefined && command.hidden !== t.hidden) changes.hidden = command.hidden;
  if (command.tags !== undefined) {
    const tags = cleanTags(command.tags);
    if (!sameJson(tags, t.tags)) changes.tags = tags;
  }
  if (command.stats !== undefined) {
    const module = moduleFor(state.rules)!;
    const stats = module.stats.safeParse({ ...t.stats, ...command.stats });
    if (!stats.success) return rejectIssues(stats.error, 'campaign/invalid-stats', t.name, ['stats']);
    const hp = (s: Readonly<Record<string, unknown>>) => module.tracksFor?.(s, 'npc') ?? {};
    // A maximum HP brought below 1 now (one kept from before is left for the GM to fix).
    if (hpBelowOne(hp(stats.data)) && !sameJson(hp(stats.data).hp, hp(t.stats).hp)) return hpTooLow(t.name, 'stats.hp');
    if (!sameJson(stats.data, t.stats)) changes.stats = stats.data;
  }
  if (Object.keys(changes).length === 0) return reject('campaign/unchanged', `Nothing to change on the template ${t.name}.`);
  return accept([{ type: 'template-updated', template: t.id, changes }]);
}

/** A template's maximum HP below 1: at 0 HP a combatant is defeated, so it would join every fight down. */
function hpTooLow(name: string, path: string): D {
  return reject('campaign/hp-too-low', `${name}: ${path}: at least 1 (an opponent at 0 HP is defeated before the fight starts).`, { path });
}

export function removeTemplate(state: CampaignState, command: CampaignCommandOf<'remove-template'>): D {
  const t = findTemplate(state, command.template);
  if (!t) return unknownTemplate(state, command.template, 'template');
  return accept([{ type: 'template-removed', template: t.id }]);
}
