/**
 * Saved parties, reused across encounters: kept in this browser's local storage under
 * `turnkeeper.parties.v1`, one list per game (stats differ from game to game). Nothing leaves the
 * browser; clearing the site's data forgets them.
 */
import type { Combatant } from '../../../core/index.ts';
import { browserStorage } from '../../shared/local-storage.ts';

export interface SavedMember {
  readonly name: string;
  readonly side: string;
  readonly kind: 'pc' | 'npc';
  readonly stats: Readonly<Record<string, unknown>>;
  readonly hp?: number;
  readonly notes?: string;
}

export interface Party {
  readonly name: string;
  readonly rules: string;
  readonly members: readonly SavedMember[];
  readonly savedAt: string;
}

const KEY = 'turnkeeper.parties.v1';


export function loadParties(rules?: string, from: Storage | null = browserStorage()): Party[] {
  try {
    const raw = JSON.parse(from?.getItem(KEY) ?? '[]') as unknown;
    const all = Array.isArray(raw) ? (raw.filter((p) => p && typeof p === 'object' && typeof p.name === 'string' && Array.isArray(p.members)) as Party[]) : [];
    return rules ? all.filter((p) => p.rules === rules) : all;
  } catch {
    return [];
  }
}

/** Save (or replace, by name and game) a party. */
export function saveParty(party: Party, to: Storage | null = browserStorage()): void {
  const rest = loadParties(undefined, to).filter((p) => !(p.name === party.name && p.rules === party.rules));
  to?.setItem(KEY, JSON.stringify([...rest, party]));
}

export function deleteParty(name: string, rules: string, to: Storage | null = browserStorage()): void {
  to?.setItem(KEY, JSON.stringify(loadParties(undefined, to).filter((p) => !(p.name === name && p.rules === rules))));
}

/** A combatant as a party member: its sheet, not its current state (HP back to full). */
export function memberOf(c: Combatant, sideName: string): SavedMember {
  const hp = c.tracks.hp;
  const statsHp = typeof c.stats.hp === 'number';
  return {
    name: c.name,
    side: sideName,
    kind: c.kind,
    stats: c.stats,
    ...(hp && !statsHp ? { hp: hp.max ?? hp.value } : {}),
    ...(c.notes ? { notes: c.notes } : {}),
  };
}

/** The add-combatant command for a saved member. */
export function addCommandOf(m: SavedMember): Record<string, unknown> {
  return { type: 'add-combatant', name: m.name, side: m.side, kind: m.kind, stats: m.stats, ...(m.hp !== undefined ? { hp: m.hp } : {}), ...(m.notes ? { notes: m.notes } : {}) };
}

/** "4 x Thug", "4x Thug", "Thug x4", "Thug ×4" → 4 and "Thug"; anything else is one. */
export function parseCount(text: string): { count: number; name: string } {
  const t = text.trim();
  const before = /^(\d{1,2})\s*[x×*]\s*(.+)$/i.exec(t);
  if (before) return { count: Number(before[1]), name: before[2]!.trim() };
  const after = /^(.+?)\s*[x×*]\s*(\d{1,2})$/i.exec(t);
  if (after) return { count: Number(after[2]), name: after[1]!.trim() };
  return { count: 1, name: t };
}
