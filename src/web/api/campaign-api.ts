/**
 * The owner's campaign calls (server routes `/api/campaigns...`, owner token). The types mirror the
 * server's answers (campaign state as the pure campaign domain folds it); the page never sees events.
 */
import { call } from './http.ts';
import type { Answer } from './http.ts';
import { campaignPortraits } from './portrait-api.ts';

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

// The campaign's state is the pure domain's own type (erased at build: the page loads none of its code).
import type { CampaignState, CampaignTemplate } from '../../campaign/index.ts';
export type { CampaignFight, CampaignPc, CampaignState, CampaignTemplate, Pools } from '../../campaign/index.ts';

export interface CampaignLogEntry {
  readonly seq: number;
  readonly cmd: number;
  readonly text: string;
  readonly undone: boolean;
}

/** The campaign page's whole picture: `GET /api/campaigns/:id`, and every command's answer. */
export interface CampaignPage {
  readonly campaign: CampaignSummary;
  readonly state: CampaignState;
  readonly log: readonly CampaignLogEntry[];
  readonly canUndo?: boolean;
  readonly canRedo?: boolean;
}

/** An encounter in a list (the server's summary, with where the fight stands). */
export interface EncounterSummary {
  readonly id: string;
  readonly title: string;
  readonly rules: string;
  readonly createdAt: string;
  readonly archived: boolean;
  readonly version: number;
  readonly campaignId?: string | null;
  readonly status?: 'setup' | 'running' | 'ended';
  readonly round?: number;
}

export interface CreatedEncounter {
  readonly id: string;
  readonly gmKey: string;
  readonly playerKey: string;
  readonly gmUrl: string;
  readonly playerUrl: string;
}

export interface TrackChange {
  readonly pc: string;
  readonly track: string;
  readonly from: number;
  readonly to: number;
}

export interface PoolChange {
  readonly from: number;
  readonly to: number;
}

export interface WriteBackProposal {
  readonly campaignVersion: number;
  readonly fight?: { readonly id: string; readonly title: string; readonly status: string; readonly round: number };
  readonly changes: readonly (TrackChange & { readonly name: string; readonly label?: string })[];
  readonly missing: readonly { readonly pc: string; readonly name: string }[];
  readonly pools?: { readonly party: PoolChange; readonly gm: PoolChange };
}

export interface NewFight {
  readonly title?: string;
  readonly pcs?: readonly string[];
  readonly templates?: readonly { template: string; count: number }[];
  /** Add the templates hidden from the player view. */
  readonly hidden?: boolean;
  readonly start?: boolean;
}

export type Archived = 'false' | 'true' | 'any';

/** The campaign's lasting links: `player` for the phones, `tv` for the table's TV. */
export type TableScreen = 'player' | 'tv';

/** `POST /api/campaigns/:id/table-links`: only the links just made (rotated). */
export interface TableLinks {
  readonly playerKey?: string;
  readonly tvKey?: string;
  readonly playerUrl?: string;
  readonly tvUrl?: string;
}

const path = (id: string, rest = '') => `/api/campaigns/${encodeURIComponent(id)}${rest}`;

/** Every campaign call, with the owner token. */
export function campaignApi(token: string) {
  return {
    list: (archived: Archived = 'false') => call<{ campaigns: CampaignSummary[] }>('GET', `/api/campaigns?archived=${archived}`, token),
    create: (body: { rules: string; title: string; options?: Record<string, unknown>; partySide?: string }) =>
      call<{ campaign: CampaignSummary }>('POST', '/api/campaigns', token, body),
    get: (id: string) => call<CampaignPage>('GET', path(id), token),
    command: (id: string, command: Record<string, unknown>, expectedVersion?: number): Promise<Answer<CampaignPage>> =>
      call('POST', path(id, `/commands${expectedVersion !== undefined ? `?expectedVersion=${expectedVersion}` : ''}`), token, command),
    templates: (id: string, q = '', tag = '') =>
      call<{ templates: CampaignTemplate[] }>('GET', path(id, `/templates?q=${encodeURIComponent(q)}&tag=${encodeURIComponent(tag)}`), token),
    fights: (id: string) => call<{ fights: EncounterSummary[] }>('GET', path(id, '/fights'), token),
    newFight: (id: string, body: NewFight) => call<CreatedEncounter>('POST', path(id, '/fights'), token, body),
    proposal: (id: string, fight: string) => call<WriteBackProposal>('GET', path(id, `/fights/${encodeURIComponent(fight)}/write-back`), token),
    /** The changes exactly as reviewed (the server refuses them if the fight has moved on since). */
    writeBack: (id: string, fight: string, body: { expectedVersion: number; changes?: readonly TrackChange[] }) =>
      call<CampaignPage>('POST', path(id, `/fights/${encodeURIComponent(fight)}/write-back`), token, body),
    /** Make (or replace) the campaign's table links: the old keys stop working at once. */
    tableLinks: (id: string, rotate: readonly TableScreen[] = ['player', 'tv']) => call<TableLinks>('POST', path(id, '/table-links'), token, { rotate }),
    /**
     * Where phones can reach this server, for the table links. The route is an encounter's (the owner is
     * every encounter's GM), so it is asked through one of the campaign's fights.
     */
    network: (fight: string) =>
      call<{ host: string; port: number; reach: 'network' | 'this-computer'; addresses: string[] }>('GET', `/api/encounters/${encodeURIComponent(fight)}/network`, token),
    exportFile: (id: string) => call<Record<string, unknown>>('GET', path(id, '/export'), token),
    importFile: (file: unknown) => call<{ campaign: CampaignSummary }>('POST', '/api/campaigns/import', token, file),
    archive: (id: string, archived: boolean) => call<{ campaign: CampaignSummary }>('POST', path(id, '/archive'), token, { archived }),
    remove: (id: string) => call<{ deleted: true }>('DELETE', path(id), token),
    /** The portraits of the campaign's PCs and templates (portrait-api.ts). */
    portraits: (id: string) => campaignPortraits(token, id),
  };
}

export type CampaignApi = ReturnType<typeof campaignApi>;
