/**
 * Portraits behind the API: the owner uploads, reads and removes a campaign PC's or template's image
 * (checked by portrait-check.ts before anything is stored); a fight of the campaign shows them, the GM
 * every combatant's, players only those of combatants they may see (../players/portrait-subjects.ts).
 * Any portrait a reader may not have answers as one that does not exist.
 */
import { findPc, findTemplate, replayCampaign } from '../../campaign/index.ts';
import type { CampaignState } from '../../campaign/index.ts';
import type { EventStore, Portrait, PortraitInfo } from '../../store/index.ts';
import type { EncounterService } from '../encounters/index.ts';
import { portraitSubjects } from '../players/index.ts';
import { ApiError } from '../shared/index.ts';
import type { Clock } from '../shared/index.ts';
import { campaignNotFound } from './campaign-service.ts';
import { checkPortrait } from './portrait-check.ts';
import { portraitOwners } from './portrait-owners.ts';
import type { PortraitKind } from './portrait-owners.ts';

export interface PortraitDeps {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly encounters: EncounterService;
}

/** A portrait as lists show it (no bytes). */
export interface PortraitEntry {
  readonly kind: PortraitKind;
  readonly id: string;
  readonly type: string;
  readonly size: number;
  readonly etag: string;
  readonly updatedAt: string;
}

/** The one answer for a portrait the reader cannot have, whatever the reason (none, hidden, not a campaign's fight). */
export const noPortrait = (): ApiError => new ApiError(404, 'portrait/not-found', 'There is no portrait for that combatant.');

export const etagOf = (hash: string): string => `"${hash}"`;

const KEEP = 64;

export class PortraitService {
  /** The campaign states read lately, by version (a fight's portraits are read often, campaigns change rarely). */
  private readonly states = new Map<string, { version: number; state: CampaignState }>();

  constructor(private readonly deps: PortraitDeps) {}

  private async state(campaignId: string): Promise<CampaignState> {
    const record = await this.deps.store.getCampaign(campaignId);
    if (!record) throw campaignNotFound();
    const cached = this.states.get(campaignId);
    if (cached?.version === record.version) return cached.state;
    const state = replayCampaign(await this.deps.store.readCampaignEvents(campaignId)).state;
    this.states.delete(campaignId);
    this.states.set(campaignId, { version: record.version, state });
    if (this.states.size > KEEP) this.states.delete(this.states.keys().next().value!);
    return state;
  }

  /** The owner id a campaign route names (a PC or template, by id or name): 404 in GM words when there is none. */
  private async owner(campaignId: string, kind: PortraitKind, ref: string): Promise<string> {
    const state = await this.state(campaignId);
    const found = kind === 'pc' ? findPc(state, ref) : findTemplate(state, ref);
    if (!found) {
      throw kind === 'pc'
        ? new ApiError(404, 'campaign/unknown-pc', `There is no PC "${ref}" in this campaign.`)
        : new ApiError(404, 'campaign/unknown-template', `There is no template "${ref}" in this campaign's bestiary.`);
    }
    return found.id;
  }

  /** The campaign's portraits, of PCs and templates it still has. */
  async list(campaignId: string): Promise<PortraitEntry[]> {
    const state = await this.state(campaignId);
    const out: PortraitEntry[] = [];
    for (const p of await this.deps.store.portraits.listPortraits(campaignId)) {
      const kind: PortraitKind | undefined = Object.hasOwn(state.pcs, p.owner) ? 'pc' : Object.hasOwn(state.templates, p.owner) ? 'template' : undefined;
      if (kind) out.push(entry(kind, p));
    }
    return out;
  }

  /** Checks and stores an upload (nothing is stored when it is refused). */
  async put(campaignId: string, kind: PortraitKind, ref: string, bytes: Uint8Array, declared: string | undefined): Promise<PortraitEntry> {
    const check = checkPortrait(bytes, declared);
    if (!check.ok) throw new ApiError(check.status, check.code, check.message);
    const owner = await this.owner(campaignId, kind, ref);
    const info = await this.deps.store.portraits.putPortrait({ campaignId, owner, type: check.type, bytes, updatedAt: new Date(this.deps.clock()).toISOString() });
    return entry(kind, info);
  }

  async get(campaignId: string, kind: PortraitKind, ref: string): Promise<Portrait> {
    const owner = await this.owner(campaignId, kind, ref);
    const p = await this.deps.store.portraits.getPortrait(campaignId, owner);
    if (!p) throw new ApiError(404, 'portrait/not-found', `${kind === 'pc' ? 'This PC' : 'This template'} has no portrait.`);
    return p;
  }

  async remove(campaignId: string, kind: PortraitKind, ref: string): Promise<void> {
    const owner = await this.owner(campaignId, kind, ref);
    if (!(await this.deps.store.portraits.deletePortrait(campaignId, owner))) {
      throw new ApiError(404, 'portrait/not-found', `${kind === 'pc' ? 'This PC' : 'This template'} has no portrait.`);
    }
  }

  /** Which combatants of a fight the reader may see a portrait of (id as the reader knows it -> owner), and the campaign. */
  private async fightOwners(encounterId: string, player: boolean): Promise<{ campaignId: string; owners: Map<string, string> } | undefined> {
    const seen = await this.deps.encounters.run(encounterId, (l) => ({
      campaignId: l.record.campaignId,
      subjects: portraitSubjects(l.encounter.state, player ? l.secrets() : null),
    }));
    if (seen.campaignId === null) return undefined;
    let state: CampaignState;
    try {
      state = await this.state(seen.campaignId);
    } catch {
      return undefined; // the campaign went meanwhile
    }
    const byEngineId = portraitOwners(state, encounterId, seen.subjects);
    const owners = new Map<string, string>();
    for (const s of seen.subjects) {
      const owner = byEngineId.get(s.id);
      if (owner) owners.set(s.known, owner);
    }
    return { campaignId: seen.campaignId, owners };
  }

  /** The portraits of the fight's combatants the reader may see: id as the reader knows it, and its ETag. */
  async ofFight(encounterId: string, player: boolean): Promise<{ combatant: string; etag: string }[]> {
    const f = await this.fightOwners(encounterId, player);
    if (!f || f.owners.size === 0) return [];
    const byOwner = new Map((await this.deps.store.portraits.listPortraits(f.campaignId)).map((p) => [p.owner, p]));
    const out: { combatant: string; etag: string }[] = [];
    for (const [combatant, owner] of f.owners) {
      const p = byOwner.get(owner);
      if (p) out.push({ combatant, etag: etagOf(p.hash) });
    }
    return out;
  }

  /** One combatant's portrait (`combatant`: as the reader knows it); `noPortrait` when the reader may not have one. */
  async ofCombatant(encounterId: string, combatant: string, player: boolean): Promise<Portrait> {
    const f = await this.fightOwners(encounterId, player);
    const owner = f?.owners.get(combatant);
    const p = owner !== undefined ? await this.deps.store.portraits.getPortrait(f!.campaignId, owner) : undefined;
    if (!p) throw noPortrait();
    return p;
  }
}

function entry(kind: PortraitKind, p: PortraitInfo): PortraitEntry {
  return { kind, id: p.owner, type: p.type, size: p.size, etag: etagOf(p.hash), updatedAt: p.updatedAt };
}
