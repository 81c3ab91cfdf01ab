/** The SQLite tables' rows and their mapping to the port's records. */
import type { EncounterRecord, RequestRecord, RequestStatus } from './event-store.ts';

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
