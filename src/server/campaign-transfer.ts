/**
 * A campaign as one file: its events and, for each of its fights still on this server, the encounter
 * export. Import checks everything before it stores anything (the campaign's events by the campaign
 * domain, each fight as an encounter import), keeps the fights' ids where they are free on this server
 * (the links in the campaign's events are renamed where not), then stores the campaign and its fights;
 * if a fight cannot be stored, what was stored is removed again.
 */
import { CAMPAIGN_FILE_FORMAT, CAMPAIGN_FILE_VERSION, checkCampaignFile } from '../campaign/index.ts';
import type { Campaign, StoredCampaignEvent } from '../campaign/index.ts';
import type { CampaignRecord, EventStore, StoredCampaignEvent as StoredRow } from '../store/event-store.ts';
import type { EncounterService } from './encounter-service.ts';
import { ApiError } from './errors.ts';
import { newEncounterId } from './keys.ts';
import type { RandomBytes } from './keys.ts';
import { checkImport, exportOf, exportSchema } from './transfer.ts';
import type { ExportFile } from './transfer.ts';

export async function campaignFile(encounters: EncounterService, record: CampaignRecord, events: readonly StoredRow[], campaign: Campaign, exportedAt: string) {
  const fights: ExportFile[] = [];
  for (const r of await encounters.deps.store.listCampaignEncounters(record.id)) {
    fights.push(await encounters.run(r.id, (l) => exportOf(l, exportedAt)));
  }
  return { format: CAMPAIGN_FILE_FORMAT, version: CAMPAIGN_FILE_VERSION, rules: record.rules, title: campaign.state.title, exportedAt, events, fights };
}

const invalid = (path: string, message: string): ApiError => new ApiError(422, 'import/invalid', `${path ? `${path}: ` : ''}${message}`, path ? { path } : undefined);

/** The fight ids an event names (links, unlinks, write-backs), renamed. */
function renamed(stored: StoredCampaignEvent, ids: ReadonlyMap<string, string>): StoredCampaignEvent {
  const e = stored.event as { type: string; fight?: unknown };
  const to = (id: string): string => ids.get(id) ?? id;
  if (e.type === 'fight-linked' && typeof e.fight === 'object' && e.fight !== null) {
    const f = e.fight as { id: string };
    return { ...stored, event: { ...stored.event, fight: { ...f, id: to(f.id) } } } as StoredCampaignEvent;
  }
  if ((e.type === 'fight-unlinked' || e.type === 'written-back') && typeof e.fight === 'string') {
    return { ...stored, event: { ...stored.event, fight: to(e.fight) } } as StoredCampaignEvent;
  }
  return stored;
}

export interface CampaignImportDeps {
  readonly store: EventStore;
  readonly random: RandomBytes;
  readonly encounters: EncounterService;
}

export async function importCampaign(deps: CampaignImportDeps, json: unknown, id: string, now: string): Promise<{ record: CampaignRecord; campaign: Campaign }> {
  const checked = checkCampaignFile(json);
  if (!checked.ok) throw invalid(checked.path, checked.message);
  const { engine, deps: service } = deps.encounters;
  const fights = checked.file.fights.map((raw, i) => {
    const shape = exportSchema.safeParse(raw);
    if (!shape.success) {
      const issue = shape.error.issues[0];
      throw invalid(`fights[${i}]${issue?.path.length ? `.${issue.path.join('.')}` : ''}`, `${issue?.message ?? 'not an encounter export'}.`);
    }
    try {
      return { oldId: shape.data.encounter.id, imported: checkImport(engine, shape.data, service.limits.maxEventsPerEncounter) };
    } catch (e) {
      if (e instanceof ApiError) throw invalid(`fights[${i}]`, e.message);
      throw e;
    }
  });
  // Each fight keeps its id where this server has no encounter by it.
  const ids = new Map<string, string>();
  const chosen: string[] = [];
  for (const f of fights) {
    const free = f.oldId !== undefined && !ids.has(f.oldId) && !(await deps.store.getEncounter(f.oldId));
    const newId = free ? f.oldId! : newEncounterId(deps.random);
    if (f.oldId !== undefined && !ids.has(f.oldId)) ids.set(f.oldId, newId);
    chosen.push(newId);
  }
  const events = checked.file.events.map((e) => renamed(e, ids));
  const record = await deps.store.createCampaign({ id, title: checked.campaign.state.title, rules: checked.campaign.state.rules, createdAt: now }, events, now);
  const created: string[] = [];
  try {
    for (const [i, f] of fights.entries()) {
      created.push((await deps.encounters.create({ rules: f.imported.rules }, f.imported, id, chosen[i])).record.id);
    }
  } catch (e) {
    for (const fight of created) await deps.encounters.delete(fight);
    await deps.store.deleteCampaign(id);
    throw e;
  }
  return { record, campaign: checked.campaign };
}
