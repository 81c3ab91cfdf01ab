/** The SQLite tables' rows and their mapping to and from the port's records. */
import type Database from 'better-sqlite3';
import { INITIAL_PROGRESS, checkProgress } from './event-store.ts';
import type {
  CampaignChanges,
  CampaignKeys,
  CampaignRecord,
  EncounterChanges,
  EncounterProgress,
  EncounterRecord,
  NewEncounterRecord,
  RequestRecord,
  RequestStatus,
} from './event-store.ts';

export interface EncounterRow {
  id: string;
  title: string;
  rules: string;
  created_at: string;
  archived: number;
  gm_key_hash: string;
  player_key_hash: string;
  version: number;
  settings: string;
  campaign_id: string | null;
  /** JSON: EncounterProgress. */
  progress: string;
}

export interface CampaignRow {
  id: string;
  title: string;
  rules: string;
  created_at: string;
  archived: number;
  version: number;
  player_key_hash: string | null;
  tv_key_hash: string | null;
}

export interface EventRow {
  seq: number;
  cmd: number;
  data: string;
}

export interface RequestRow {
  encounter_id: string;
  id: number;
  kind: string;
  combatant: string;
  command: string;
  status: RequestStatus;
  created_at: string;
  resolved_at: string | null;
  result: string | null;
}

export function toEncounter(r: EncounterRow): EncounterRecord {
  return {
    id: r.id,
    title: r.title,
    rules: r.rules,
    createdAt: r.created_at,
    archived: r.archived === 1,
    gmKeyHash: r.gm_key_hash,
    playerKeyHash: r.player_key_hash,
    version: r.version,
    settings: JSON.parse(r.settings) as Record<string, unknown>,
    campaignId: r.campaign_id,
    progress: JSON.parse(r.progress) as EncounterProgress,
  };
}

export function toCampaign(r: CampaignRow): CampaignRecord {
  return {
    id: r.id,
    title: r.title,
    rules: r.rules,
    createdAt: r.created_at,
    archived: r.archived === 1,
    version: r.version,
    playerKeyHash: r.player_key_hash,
    tvKeyHash: r.tv_key_hash,
  };
}

export function toRequest(r: RequestRow): RequestRecord {
  return {
    encounterId: r.encounter_id,
    id: r.id,
    kind: r.kind,
    combatant: r.combatant,
    command: JSON.parse(r.command) as Record<string, unknown>,
    status: r.status,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    result: r.result === null ? null : (JSON.parse(r.result) as Record<string, unknown>),
  };
}

/** The named parameters of a new encounter's row. */
export function encounterRow(e: NewEncounterRecord, version: number): Record<string, unknown> {
  return {
    id: e.id,
    title: e.title,
    rules: e.rules,
    created_at: e.createdAt,
    archived: e.archived ? 1 : 0,
    gm_key_hash: e.gmKeyHash,
    player_key_hash: e.playerKeyHash,
    version,
    settings: JSON.stringify(e.settings),
    campaign_id: e.campaignId ?? null,
    progress: JSON.stringify(checkProgress(e.id, e.progress ?? INITIAL_PROGRESS)),
  };
}

const flag = (b: boolean | undefined): number | undefined => (b === undefined ? undefined : b ? 1 : 0);

/** The columns an encounter change sets (undefined: left as it is). */
export function encounterColumns(c: EncounterChanges): Record<string, unknown> {
  return {
    title: c.title,
    archived: flag(c.archived),
    settings: c.settings === undefined ? undefined : JSON.stringify(c.settings),
    gm_key_hash: c.gmKeyHash,
    player_key_hash: c.playerKeyHash,
    campaign_id: c.campaignId,
  };
}

/** The columns a campaign change sets (undefined: left as it is). */
export function campaignColumns(c: CampaignChanges): Record<string, unknown> {
  return { title: c.title, archived: flag(c.archived) };
}

/** The columns setting a campaign's key hashes sets (undefined: left as it is). */
export function campaignKeyColumns(k: CampaignKeys): Record<string, unknown> {
  return { player_key_hash: k.playerKeyHash, tv_key_hash: k.tvKeyHash };
}

/** Sets the defined columns of row `id` of `table` (nothing when none is defined). */
export function updateRow(db: Database.Database, table: 'encounters' | 'campaigns', id: string, columns: Record<string, unknown>): void {
  const set = Object.entries(columns).filter(([, v]) => v !== undefined);
  if (set.length === 0) return;
  db.prepare(`UPDATE ${table} SET ${set.map(([column]) => `${column} = ?`).join(', ')} WHERE id = ?`).run(...set.map(([, v]) => v), id);
}
