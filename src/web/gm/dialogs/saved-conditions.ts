/**
 * The GM's own conditions, offered again in the condition dialog next time: kept in this browser's
 * local storage under `turnkeeper.conditions.v1`, one list per game (as saved parties are, parties.ts),
 * so they come back in every fight of that game, in a campaign or not. Nothing leaves the browser;
 * clearing the site's data forgets them.
 */
import type { ConditionSuggestion, SuggestedDuration } from '../../../core/index.ts';
import { browserStorage } from '../../shared/local-storage.ts';

export interface SavedCondition {
  readonly name: string;
  /** The default duration the GM saved with it; absent: none. */
  readonly lasts?: SuggestedDuration;
}

const KEY = 'turnkeeper.conditions.v1';
/** The most a game's list keeps (the newest first). */
export const SAVED_LIMIT = 40;


function isLasts(v: unknown): v is SuggestedDuration {
  if (v === 'until-removed' || v === 'turn-start' || v === 'turn-end') return true;
  const rounds = (v as { rounds?: unknown } | null)?.rounds;
  return typeof v === 'object' && v !== null && typeof rounds === 'number' && Number.isInteger(rounds) && rounds >= 1;
}

function readAll(from: Storage | null): Record<string, SavedCondition[]> {
  try {
    const raw = JSON.parse(from?.getItem(KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, SavedCondition[]>) : {};
  } catch {
    return {};
  }
}

/** The saved conditions of one game, newest first; anything unreadable is left out. */
export function loadSavedConditions(game: string, from: Storage | null = browserStorage()): SavedCondition[] {
  const list = readAll(from)[game];
  if (!Array.isArray(list)) return [];
  return list
    .filter((c) => c && typeof c === 'object' && typeof c.name === 'string' && c.name.trim() !== '')
    .map((c) => ({ name: c.name.trim(), ...(isLasts(c.lasts) ? { lasts: c.lasts } : {}) }));
}

function write(game: string, list: readonly SavedCondition[], to: Storage | null): void {
  try {
    to?.setItem(KEY, JSON.stringify({ ...readAll(to), [game]: list }));
  } catch {
    // Storage full or refused: the condition is still added to the fight, just not remembered.
  }
}

/** Save (or replace, by name in any case) one of the GM's conditions: it comes first next time. */
export function saveCondition(game: string, c: SavedCondition, to: Storage | null = browserStorage()): SavedCondition[] {
  const name = c.name.trim();
  const rest = loadSavedConditions(game, to).filter((k) => k.name.toLowerCase() !== name.toLowerCase());
  const list = [{ name, ...(c.lasts ? { lasts: c.lasts } : {}) }, ...rest].slice(0, SAVED_LIMIT);
  write(game, list, to);
  return list;
}

/** Forget one of the GM's saved conditions. */
export function forgetCondition(game: string, name: string, to: Storage | null = browserStorage()): SavedCondition[] {
  const list = loadSavedConditions(game, to).filter((k) => k.name.toLowerCase() !== name.toLowerCase());
  write(game, list, to);
  return list;
}

/** The game's own list without the names the GM saved (the GM's own version, with its duration, wins). */
export function gameListBeside(game: readonly ConditionSuggestion[], saved: readonly SavedCondition[]): ConditionSuggestion[] {
  const mine = new Set(saved.map((k) => k.name.toLowerCase()));
  return game.filter((k) => !mine.has(k.name.toLowerCase()));
}
