import type { z } from 'zod';

/**
 * What an importer answers: a review of what would be stored (each entry with what was mapped and what
 * was left out, and why), or a rejection that names where the problem is. Never a throw.
 */

/** One PC or template the import would add: the campaign command's fields, and the notes for the GM. */
export interface ImportItem {
  readonly kind: 'pc' | 'template';
  readonly name: string;
  /** The fields of the campaign's `add-pc` / `add-template` (without `type`), as the `import` command takes them. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** What was read, and where it went: "AC 14 (system.baseAc) → AC". */
  readonly mapped: readonly string[];
  /** What was not kept, and why: "Morale 8: the SWN sheet has no morale (kept in the GM notes)". */
  readonly leftOut: readonly string[];
}

export interface ImportReview {
  readonly ok: true;
  /** The format, in words: "Foundry VTT actor (swnr)", "Statblock lines", "Improved Initiative". */
  readonly format: string;
  readonly items: readonly ImportItem[];
}

export interface ImportRejection {
  readonly ok: false;
  /** Where: a JSON path (`system.health.max`, `[2].HP.Value`), "line 3", or '' for the whole input. */
  readonly path: string;
  readonly message: string;
}

export type ImportResult = ImportReview | ImportRejection;

/** The campaign the import is for: its game, and the game's own stats schema (the rule module's `stats`). */
export interface ImportTarget {
  readonly rules: string;
  readonly stats?: z.ZodType;
}

export function refuse(path: string, message: string): ImportRejection {
  return { ok: false, path, message };
}

/** What each game is called in messages. */
export const GAME_NAMES: Readonly<Record<string, string>> = {
  swn: 'Stars Without Number',
  cwn: 'Cities Without Number',
  fallout: 'Fallout 2d20',
  kuro: 'Kuro',
  popcorn: 'Popcorn initiative',
  custom: 'Custom',
};

export const gameName = (rules: string): string => GAME_NAMES[rules] ?? rules;

/**
 * An item's stats checked by the game's own schema (when the target has it): a sheet the campaign would
 * refuse is refused here, named by where it came from.
 */
export function checkItems(items: readonly ImportItem[], target: ImportTarget, where: (index: number) => string): ImportRejection | null {
  if (!target.stats) return null;
  for (const [i, item] of items.entries()) {
    const parsed = target.stats.safeParse(item.fields.stats ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue ? issue.path.map(String).join('.') : '';
      return refuse(where(i), `${item.name}: the ${gameName(target.rules)} sheet would refuse ${path ? `${path}: ` : ''}${issue?.message ?? 'it'}.`);
    }
  }
  return null;
}
