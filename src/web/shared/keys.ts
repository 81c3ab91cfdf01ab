/**
 * Keys kept in this browser's local storage: the owner token (typed once on the start page) and, per
 * encounter, the GM key and the player key the server handed out when the encounter was created (the
 * server stores only their hashes, so it cannot tell them again).
 */

export interface EncounterKeys {
  readonly gmKey: string;
  readonly playerKey?: string;
}

const OWNER = 'turnkeeper.owner.v1';
const KEYS = 'turnkeeper.keys.v1';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function ownerToken(): string | null {
  return storage()?.getItem(OWNER) ?? null;
}

export function setOwnerToken(token: string | null): void {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(OWNER, token);
  else s.removeItem(OWNER);
}

function all(): Record<string, EncounterKeys> {
  try {
    const raw = JSON.parse(storage()?.getItem(KEYS) ?? '{}') as unknown;
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
  storage()?.setItem(KEYS, JSON.stringify({ ...current, [id]: merged }));
}
