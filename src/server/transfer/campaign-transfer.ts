/**
 * A campaign as one file: its events and, for each of its fights still on this server, the encounter
 * export. Import checks everything before it stores anything (the campaign's events by the campaign
 * domain, each fight as an encounter import), keeps the fights' ids where they are free on this server
 * (the links in the campaign's events are renamed where not), then stores the campaign and all its
 * fights in one store transaction: all of it or, whatever happens on the way, nothing.
 */
import { CAMPAIGN_FILE_FORMAT, CAMPAIGN_FILE_VERSION, checkCampaignFile } from '../../campaign/index.ts';
import type { Campaign, StoredCampaignEvent } from '../../campaign/index.ts';
import { isEncounterExists } from '../../store/index.ts';
import type { CampaignRecord, EventStore, StoredCampaignEvent as StoredRow } from '../../store/index.ts';
import { prepareEncounter, tooMany } from '../encounters/index.ts';
import type { EncounterService } from '../encounters/index.ts';
import { ApiError } from '../shared/index.ts';
import { MAX_IMPORT_DEPTH, tooDeep } from '../shared/index.ts';
import { newEncounterId } from '../shared/index.ts';
import type { RandomBytes } from '../shared/index.ts';
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

/** Ids taken between the check and the store (another import, a create) are chosen again: this many times at most. */
const ID_ATTEMPTS = 3;

/**
 * Import a campaign file as campaign `id`: checked whole first, then stored with all its fights in one
 * store transaction, so an import cut short (an error, a killed process) leaves nothing behind and a
 * retry makes one campaign, not a second.
 */
export async function importCampaign(deps: CampaignImportDeps, json: unknown, id: string, now: string): Promise<{ record: CampaignRecord; campaign: Campaign }> {
  // Before anything recursive reads the file.
  const deep = tooDeep(json);
  if (deep !== null) throw invalid(deep, `This nests more than ${MAX_IMPORT_DEPTH} levels deep, deeper than anything Turnkeeper writes.`);
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
      if (e instanceof ApiError) {
        const at = typeof e.details?.path === 'string' ? e.details.path : '';
        throw invalid(`fights[${i}]${at ? `.${at}` : ''}`, at && e.message.startsWith(`${at}: `) ? e.message.slice(at.length + 2) : e.message);
      }
      throw e;
    }
  });
  const campaign = { id, title: checked.campaign.state.title, rules: checked.campaign.state.rules, createdAt: now };
  for (let attempt = 1; ; attempt++) {
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
    const encounters = fights.map((f, i) => prepareEncounter({ ...service, now: () => now }, f.imported, id, chosen[i]));
    try {
      const record = await deps.store.createCampaignWithEncounters(campaign, events, encounters, now, { maxEncounters: service.limits.maxEncounters });
      return { record, campaign: checked.campaign };
    } catch (e) {
      if (isEncounterExists(e) && attempt < ID_ATTEMPTS) continue;
      throw tooMany(e, service.limits);
    }
  }
}
