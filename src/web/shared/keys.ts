/**
 * Keys kept in this browser's local storage: the owner token (typed once on the start page) and, per
 * encounter, the GM key and the player key the server handed out when the encounter was created (the
 * server stores only their hashes, so it cannot tell them again).
 */
import { browserStorage } from './local-storage.ts';

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

function all(): Record<string, EncounterKeys> {
  try {
    const raw = JSON.parse(browserStorage()?.getItem(KEYS) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Record<string, EncounterKeys>) : {};
  } catch {
    return {};
  }
}

export function keysFor(id: string): EncounterKeys | null {
  return all()[id] ?? null;
}

export function saveKeys(id: string, keys: Partial<EncounterKeys>): void {
  const current = all();
  const merged = { ...current[id], ...keys } as EncounterKeys;
  if (!merged.gmKey) return;
  browserStorage()?.setItem(KEYS, JSON.stringify({ ...current, [id]: merged }));
}
