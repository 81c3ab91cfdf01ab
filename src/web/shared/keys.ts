/**
 * Keys kept in this browser's local storage: the owner token (typed once on the start page) and, per
 * encounter, the GM key and the player key the server handed out when the encounter was created (the
 * server stores only their hashes, so it cannot tell them again).
 */
import { browserStorage, readStored, writeStored } from './local-storage.ts';

export interface EncounterKeys {
  readonly gmKey: string;
  readonly playerKey?: string;
}

const OWNER = 'turnkeeper.owner.v1';
const KEYS = 'turnkeeper.keys.v1';


export function ownerToken(): string | null {
  return browserStorage()?.getItem(OWNER) ?? null;
}

export function setOwnerToken(token: string | null): void {
  const s = browserStorage();
  if (!s) return;
  if (token) s.setItem(OWNER, token);
  else s.removeItem(OWNER);
}

const all = (): Record<string, EncounterKeys> => readStored<EncounterKeys>(KEYS);

export function keysFor(id: string): EncounterKeys | null {
  return all()[id] ?? null;
}

export function saveKeys(id: string, keys: Partial<EncounterKeys>): void {
  const current = all();
  const merged = { ...current[id], ...keys } as EncounterKeys;
  if (!merged.gmKey) return;
  writeStored(KEYS, { ...current, [id]: merged });
}

/** A campaign's lasting table links' keys, as the server handed them out when they were made or rotated. */
export interface TableKeys {
  readonly playerKey?: string;
  readonly tvKey?: string;
}

const TABLE_KEYS = 'turnkeeper.table-keys.v1';

const allTable = (): Record<string, TableKeys> => readStored<TableKeys>(TABLE_KEYS);

/** The table keys this browser has for campaign `id` (none: it never made them, or another browser did). */
export function tableKeysFor(id: string): TableKeys {
  return allTable()[id] ?? {};
}

/** Keep the keys just made (only those given are replaced). */
export function saveTableKeys(id: string, keys: TableKeys): TableKeys {
  const current = allTable();
  const merged: TableKeys = { ...current[id], ...keys };
  // Storage full or refused: the dialog still shows the links until it closes.
  writeStored(TABLE_KEYS, { ...current, [id]: merged });
  return merged;
}
