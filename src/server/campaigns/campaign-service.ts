/**
 * Campaigns behind the API: load (replay the campaign's events) → decide → append with the expected
 * version. Commands to one campaign run one at a time. A fight started from a campaign is an encounter
 * created from the party as it is now and bestiary templates, then linked to the campaign (which PC is
 * which combatant); writing it back is one reviewed, undoable campaign command.
 */
import { campaignLog, fightById, canRedoCampaign, canUndoCampaign, decideCampaign, pullIn, replayCampaign, stampCampaignEvents, writeBackProposal } from '../../campaign/index.ts';
import type { Campaign, CampaignTemplate } from '../../campaign/index.ts';
import { isVersionConflict } from '../../store/index.ts';
import type { CampaignRecord, EventStore, StoredCampaignEvent } from '../../store/index.ts';
import { campaignFile, importCampaign } from '../transfer/index.ts';
import type { Created, EncounterService } from '../encounters/index.ts';
import { summaryOf } from '../encounters/index.ts';
import type { Summary } from '../encounters/index.ts';
import { ApiError, rejected } from '../shared/index.ts';
import { hashKey, newEncounterId, newKey } from '../shared/index.ts';
import { CLOSE } from '../live/index.ts';
import { tableAnswer, tableScreenOf } from './table-links.ts';
import type { TableAnswer, TableScreen } from './table-links.ts';
import type { RandomBytes } from '../shared/index.ts';
import type { Clock } from '../shared/index.ts';
import { SerialQueue } from '../encounters/index.ts';
import type { SettingsPatch } from '../players/index.ts';
import { nextFightSettings } from './next-fight-settings.ts';

export interface CampaignDeps {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly random: RandomBytes;
  readonly encounters: EncounterService;
}

export interface CampaignSummary {
  readonly id: string;
  readonly title: string;
  readonly rules: string;
  readonly createdAt: string;
  readonly archived: boolean;
  readonly version: number;
  readonly pcs: number;
  readonly templates: number;
  readonly fights: number;
  readonly session: number;
}

interface Loaded {
  readonly record: CampaignRecord;
  readonly events: StoredCampaignEvent[];
  readonly campaign: Campaign;
}

export const campaignNotFound = (): ApiError => new ApiError(404, 'campaign/not-found', 'There is no such campaign.');

/** A stale expectedVersion on a campaign: 409 with the current version. */
export const campaignConflict = (expected: number, current: number): ApiError =>
  new ApiError(409, 'campaign/version-conflict', `The campaign is at version ${current}, not ${expected}: it was changed meanwhile (another tab?). Reload it and try again.`, {
    expectedVersion: expected,
    currentVersion: current,
  });

function summarize(record: CampaignRecord, c: Campaign): CampaignSummary {
  const s = c.state;
  return {
    id: record.id,
    title: s.title,
    rules: record.rules,
    createdAt: record.createdAt,
    archived: record.archived,
    version: c.version,
    pcs: s.pcOrder.length,
    templates: s.templateOrder.length,
    fights: s.fightOrder.length,
    session: s.session,
  };
}

export class CampaignService {
  private readonly queue = new SerialQueue();

  constructor(private readonly deps: CampaignDeps) {}

  private now(): string {
    return new Date(this.deps.clock()).toISOString();
  }

  private async load(id: string): Promise<Loaded> {
    const record = await this.deps.store.getCampaign(id);
    if (!record) throw campaignNotFound();
    const events = await this.deps.store.readCampaignEvents(id);
    return { record, events, campaign: replayCampaign(events) };
  }

  /** The campaign as the API answers it: summary, state, log, undo and redo. */
  private view(l: Loaded) {
    return {
      campaign: summarize(l.record, l.campaign),
      state: l.campaign.state,
      log: campaignLog(l.events),
      canUndo: canUndoCampaign(l.campaign),
      canRedo: canRedoCampaign(l.campaign),
    };
  }

  async create(input: { rules: string; title: string; options?: Record<string, unknown>; partySide?: string }): Promise<CampaignSummary> {
    const empty = replayCampaign([]);
    const d = decideCampaign(empty, { type: 'create', ...input });
    if (!d.ok) throw rejected(d.rejection);
    const { events, campaign } = stampCampaignEvents(empty, d.events);
    const record = await this.deps.store.createCampaign({ id: `cmp_${newEncounterId(this.deps.random)}`, title: campaign.state.title, rules: input.rules, createdAt: this.now() }, events, this.now());
    return summarize(record, campaign);
  }

  async list(archived: 'false' | 'true' | 'any'): Promise<CampaignSummary[]> {
    const records = (await this.deps.store.listCampaigns()).filter((r) => archived === 'any' || r.archived === (archived === 'true'));
    const out: CampaignSummary[] = [];
    for (const r of records) out.push(summarize(r, replayCampaign(await this.deps.store.readCampaignEvents(r.id))));
    return out;
  }

  read(id: string) {
    return this.queue.run(id, async () => this.view(await this.load(id)));
  }

  /** Decide and append one campaign command (inside the campaign's queue). */
  private async commit(l: Loaded, command: unknown, expectedVersion?: number): Promise<Loaded> {
    if (expectedVersion !== undefined && expectedVersion !== l.campaign.version) throw campaignConflict(expectedVersion, l.campaign.version);
    if (l.record.archived) throw new ApiError(409, 'campaign/archived', 'The campaign is archived: unarchive it to change it.');
    const d = decideCampaign(l.campaign, command);
    if (!d.ok) throw rejected(d.rejection);
    const { events, campaign } = stampCampaignEvents(l.campaign, d.events);
    try {
      await this.deps.store.appendCampaign(l.record.id, l.campaign.version, events, this.now());
    } catch (e) {
      if (isVersionConflict(e)) throw campaignConflict(l.campaign.version, e.actualVersion ?? l.campaign.version);
      throw e;
    }
    return { record: { ...l.record, version: campaign.version, title: campaign.state.title }, events: [...l.events, ...events], campaign };
  }

  /** A GM's command. Creating, linking a fight and writing one back have routes of their own (they check what they record). */
  execute(id: string, command: unknown, expectedVersion?: number) {
    const type = (command as { type?: unknown }).type;
    const own: Record<string, string> = {
      create: 'A campaign is created with POST /api/campaigns.',
      'link-fight': 'Fights join a campaign when they are started from it: POST /api/campaigns/{id}/fights.',
      'write-back': 'Write a fight back after reviewing it: GET, then POST /api/campaigns/{id}/fights/{fight}/write-back.',
    };
    if (typeof type === 'string' && Object.hasOwn(own, type)) return Promise.reject(new ApiError(422, 'campaign/use-route', own[type]!));
    return this.queue.run(id, async () => this.view(await this.commit(await this.load(id), command, expectedVersion)));
  }

  /** Bestiary search: a part of the name, or a tag; case does not matter. */
  async templates(id: string, q?: string, tag?: string): Promise<CampaignTemplate[]> {
    const { campaign } = await this.load(id);
    const s = campaign.state;
    const query = q?.trim().toLowerCase() ?? '';
    const wanted = tag?.trim().toLowerCase() ?? '';
    return s.templateOrder
      .map((t) => s.templates[t]!)
      .filter((t) => (query === '' || t.name.toLowerCase().includes(query) || t.tags.some((x) => x.toLowerCase() === query)) && (wanted === '' || t.tags.some((x) => x.toLowerCase() === wanted)));
  }

  /** The fights the campaign has (a link undone leaves the encounter on its own), in the campaign's order. */
  async fights(id: string): Promise<Summary[]> {
    return this.fightsOf(await this.load(id));
  }

  private async fightsOf({ record: { id }, campaign }: Loaded): Promise<Summary[]> {
    const rows = new Map((await this.deps.store.listCampaignEncounters(id)).map((r) => [r.id, r]));
    return campaign.state.fightOrder.flatMap((f) => {
      const r = rows.get(f);
      return r ? [summaryOf(r)] : [];
    });
  }

  /**
   * Who may sit at this campaign's table: its PCs (id and name, in the party's order), and, for a fight
   * of the campaign, which combatant each PC is there (`fight`: PC id -> combatant id; null when
   * `fightId` is not one of its fights).
   */
  async seating(id: string, fightId?: string): Promise<{ pcs: { id: string; name: string }[]; fight: Readonly<Record<string, string>> | null }> {
    const { campaign } = await this.load(id);
    const s = campaign.state;
    const fight = fightId !== undefined ? fightById(s, fightId) : undefined;
    return { pcs: s.pcOrder.flatMap((p) => (s.pcs[p] ? [{ id: p, name: s.pcs[p].name }] : [])), fight: fight ? fight.pcs : null };
  }

  /** The link a table key is on this campaign (null: none, or no such campaign). */
  async tableScreen(id: string, digest: Buffer): Promise<TableScreen | null> {
    const record = await this.deps.store.getCampaign(id);
    return record ? tableScreenOf(record, digest) : null;
  }

  /** What a table link shows now: the current fight, or the party between fights. */
  async table(id: string, screen: TableScreen): Promise<TableAnswer> {
    const l = await this.load(id);
    return tableAnswer(l.record, l.campaign.state, await this.fightsOf(l), screen);
  }

  /** New table keys: the old ones stop working, and every socket opened with them is closed. */
  rotateTableLinks(id: string, which: readonly TableScreen[]): Promise<{ playerKey?: string; tvKey?: string }> {
    return this.queue.run(id, async () => {
      const old = await this.deps.store.getCampaign(id);
      if (!old) throw campaignNotFound();
      const playerKey = which.includes('player') ? newKey(this.deps.random, 'player') : undefined;
      const tvKey = which.includes('tv') ? newKey(this.deps.random, 'tv') : undefined;
      const record = await this.deps.store.setCampaignKeys(id, { ...(playerKey ? { playerKeyHash: hashKey(playerKey) } : {}), ...(tvKey ? { tvKeyHash: hashKey(tvKey) } : {}) });
      if (!record) throw campaignNotFound();
      const revoked = new Set([...(playerKey && old.playerKeyHash ? [old.playerKeyHash] : []), ...(tvKey && old.tvKeyHash ? [old.tvKeyHash] : [])]);
      this.deps.encounters.deps.hub.closeAll(CLOSE.keyRevoked, 'key-rotated', (c) => c.keyHash !== undefined && revoked.has(c.keyHash));
      return { ...(playerKey ? { playerKey } : {}), ...(tvKey ? { tvKey } : {}) };
    });
  }

  /** A fight from the party as it is now and templates from the bestiary, linked to the campaign. */
  newFight(
    id: string,
    body: { title?: string; pcs?: string[]; templates?: { template: string; count: number }[]; hidden?: boolean; start?: boolean; settings?: SettingsPatch },
  ): Promise<Created> {
    return this.queue.run(id, async () => {
      const l = await this.load(id);
      if (l.record.archived) throw new ApiError(409, 'campaign/archived', 'The campaign is archived: unarchive it to start fights.');
      const p = pullIn(l.campaign.state, { title: body.title, pcs: body.pcs, templates: body.templates, hidden: body.hidden });
      if (!p.ok) throw rejected(p.rejection);
      const commands = body.start ? [{ type: 'start' }] : [];
      const settings = await nextFightSettings(this.deps.store, id, l.campaign.state.fightOrder, body.settings);
      const created = await this.deps.encounters.create({ ...p.body, commands, settings }, undefined, id);
      // Which combatant is which PC: the PCs join first, in the order pulled in.
      const state = this.deps.encounters.engine.replay(await this.deps.store.readEvents(created.record.id)).state;
      const pcCombatants = state.roster.filter((c) => state.combatants[c]!.kind === 'pc');
      const pcs: Record<string, string> = {};
      p.pcIds.forEach((pc, i) => {
        if (pcCombatants[i] !== undefined) pcs[pc] = pcCombatants[i];
      });
      try {
        await this.commit(l, { type: 'link-fight', fight: created.record.id, title: created.record.title, pcs });
      } catch (e) {
        // The campaign changed meanwhile (another tab): the fight stands on its own; say so.
        await this.deps.store.updateEncounter(created.record.id, { campaignId: null });
        throw e;
      }
      return created;
    });
  }

  private async proposalFor(l: Loaded, fightId: string) {
    const fight = fightById(l.campaign.state, fightId);
    if (!fight) throw new ApiError(404, 'campaign/unknown-fight', 'That fight is not part of this campaign.');
    const record = await this.deps.store.getEncounter(fightId);
    if (!record) throw new ApiError(404, 'campaign/fight-gone', `The fight "${fight.title}" was deleted: there is nothing to write back.`);
    const encounter = await this.deps.encounters.run(fightId, (le) => le.encounter);
    const proposal = writeBackProposal(l.campaign.state, fightId, encounter.state);
    return { campaignVersion: l.campaign.version, fight: { id: fightId, title: fight.title, status: encounter.state.status, round: encounter.state.round }, ...proposal };
  }

  reviewWriteBack(id: string, fightId: string) {
    return this.queue.run(id, async () => this.proposalFor(await this.load(id), fightId));
  }

  writeBack(id: string, fightId: string, expectedVersion: number, reviewed?: readonly { pc: string; track: string; from: number; to: number }[]) {
    return this.queue.run(id, async () => {
      const l = await this.load(id);
      if (expectedVersion !== l.campaign.version) throw campaignConflict(expectedVersion, l.campaign.version);
      const p = await this.proposalFor(l, fightId);
      const key = (x: { pc: string; track: string; from: number; to: number }) => `${x.pc}\u0000${x.track}\u0000${x.from}\u0000${x.to}`;
      if (reviewed && JSON.stringify(reviewed.map(key).sort()) !== JSON.stringify(p.changes.map(key).sort())) {
        throw new ApiError(409, 'campaign/review-stale', 'The fight has changed since you reviewed it: review the changes again.');
      }
      if (p.changes.length === 0 && !p.pools) throw new ApiError(422, 'campaign/nothing-to-write', `Nothing to write back: the party's tracks in "${p.fight.title}" are as the campaign has them.`);
      const command = { type: 'write-back', fight: fightId, changes: p.changes.map(({ pc, track, from, to }) => ({ pc, track, from, to })), ...(p.pools ? { pools: p.pools } : {}) };
      return this.view(await this.commit(l, command));
    });
  }

  exportFile(id: string) {
    return this.queue.run(id, async () => {
      const l = await this.load(id);
      return campaignFile(this.deps.encounters, l.record, l.events, l.campaign, this.now());
    });
  }

  async importFile(json: unknown): Promise<CampaignSummary> {
    const { record, campaign } = await importCampaign(this.deps, json, `cmp_${newEncounterId(this.deps.random)}`, this.now());
    return summarize(record, campaign);
  }

  async setArchived(id: string, archived: boolean): Promise<CampaignSummary> {
    return this.queue.run(id, async () => {
      const l = await this.load(id);
      const record = await this.deps.store.updateCampaign(id, { archived });
      if (!record) throw campaignNotFound();
      return summarize(record, l.campaign);
    });
  }

  delete(id: string): Promise<void> {
    return this.queue.run(id, async () => {
      if (!(await this.deps.store.deleteCampaign(id))) throw campaignNotFound();
    });
  }
}
