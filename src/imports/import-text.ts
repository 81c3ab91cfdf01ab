import { importFoundry, isFoundryExport } from './foundry-actor.ts';
import { importImprovedInitiative, isImprovedInitiative } from './improved-initiative.ts';
import { isObject } from './read.ts';
import { refuse } from './review.ts';
import type { ImportResult, ImportTarget } from './review.ts';
import { importStatblockLines } from './statblock-lines.ts';

/** The most text an import reads (a file or a paste): 5 MB. */
export const MAX_IMPORT_CHARS = 5_000_000;

/**
 * An import from text, whatever it holds: JSON (a Foundry VTT actor export or a list of them, or
 * Improved Initiative creatures) or statblock lines. The answer is a review of what would be added, or
 * a rejection naming where the problem is. Never throws.
 */
export function importText(text: string, target: ImportTarget): ImportResult {
  if (text.length > MAX_IMPORT_CHARS) return refuse('', `This is ${Math.ceil(text.length / 1_000_000)} MB; an import reads at most 5 MB.`);
  const trimmed = text.trim();
  if (trimmed === '') return refuse('', 'There is nothing to import: choose a file, or paste statblock lines.');
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (e) {
      return refuse('', `This is not valid JSON (${e instanceof Error ? e.message : String(e)}).`);
    }
    return importJson(json, target);
  }
  return importStatblockLines(text, target);
}

/** An import from parsed JSON: the format is recognised by its shape. */
export function importJson(json: unknown, target: ImportTarget): ImportResult {
  if (isFoundryExport(json)) return importFoundry(json, target);
  if (isImprovedInitiative(json)) return importImprovedInitiative(json, target);
  if (isObject(json) && json.format === 'turnkeeper-campaign') return refuse('format', 'This is a Turnkeeper campaign file: import it on the start page, as a campaign of its own.');
  if (isObject(json) && json.format === 'turnkeeper-encounter') return refuse('format', 'This is a Turnkeeper encounter file: import it on the start page.');
  if (isObject(json) && Array.isArray(json.actors)) return refuse('actors', 'This looks like a whole Foundry world or compendium: export the actors one at a time (right-click an actor, Export Data).');
  if (Array.isArray(json) && json.length === 0) return refuse('', 'This file holds an empty list: nothing to import.');
  return refuse('', 'This file is neither a Foundry VTT actor export (name, type, system) nor Improved Initiative creatures (Name, HP): Turnkeeper cannot read it.');
}
