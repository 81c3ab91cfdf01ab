import { foundryFallout } from './foundry-fallout.ts';
import { foundrySineNomine } from './foundry-sine-nomine.ts';
import { at, isObject, stringAt } from './read.ts';
import type { JsonObject } from './read.ts';
import type { FoundryActor } from './foundry-types.ts';
import { checkItems, gameName, refuse } from './review.ts';
import type { ImportItem, ImportResult, ImportTarget } from './review.ts';

/**
 * Foundry VTT's "Export Data" of an actor: {name, type, system: {...}, items: [...], _stats: {systemId}}
 * (before Foundry 10: `data` instead of `system`, and `flags.exportSource.system`). One actor, or a list
 * of them. The game system decides the mapper: swnr and cwn (Stars and Cities Without Number), fallout.
 */


/** Whether this JSON looks like a Foundry actor export (or a list of them). */
export function isFoundryExport(json: unknown): boolean {
  const one = Array.isArray(json) ? json[0] : json;
  return isObject(one) && typeof one.type === 'string' && (isObject(one.system) || isObject(one.data)) && typeof one.name === 'string';
}

/** The game system an actor was exported from: swnr, cwn, fallout... ('' when the file does not say and the data does not tell). */
export function foundrySystem(actor: JsonObject): string {
  const said = stringAt(actor, '_stats.systemId') ?? stringAt(actor, 'flags.exportSource.system');
  if (said) return said;
  const data = isObject(actor.system) ? actor.system : isObject(actor.data) ? actor.data : {};
  if (isObject(data.attributes) || isObject(data.body)) return 'fallout';
  if (isObject(data.health) && ('baseAc' in data || 'ab' in data || 'hitDice' in data || 'moralScore' in data)) return 'swnr';
  return '';
}

const SYSTEMS: Readonly<Record<string, { readonly games: readonly string[]; readonly title: string }>> = {
  swnr: { games: ['swn', 'cwn'], title: 'Stars Without Number (Foundry system swnr)' },
  cwn: { games: ['cwn', 'swn'], title: 'Cities Without Number (Foundry system cwn)' },
  fallout: { games: ['fallout'], title: 'Fallout 2d20 (Foundry system fallout)' },
};

export function importFoundry(json: unknown, target: ImportTarget): ImportResult {
  const list = Array.isArray(json) ? json : [json];
  if (list.length === 0) return refuse('', 'This file holds an empty list: no actors to import.');
  if (list.length > 500) return refuse('', `This file holds ${list.length} actors; import at most 500 at once.`);
  const items: ImportItem[] = [];
  let format = '';
  for (const [i, raw] of list.entries()) {
    const prefix = Array.isArray(json) ? `[${i}]` : '';
    const path = (rest: string) => (prefix && rest ? `${prefix}.${rest}` : prefix || rest);
    if (!isObject(raw)) return refuse(path(''), 'This is not a Foundry actor (an object with name, type and system).');
    const actor = readActor(raw, path);
    if (typeof actor === 'string') return refuse(path(actor.split(':')[0]!), actor.slice(actor.indexOf(':') + 2));
    const system = foundrySystem(raw);
    const known = Object.hasOwn(SYSTEMS, system) ? SYSTEMS[system]! : null;
    if (!known) {
      return refuse(path('_stats.systemId'), system ? `This actor is from the Foundry system "${system}"; Turnkeeper reads actors of swnr, cwn and fallout.` : 'This actor does not say which Foundry system it is from, and its data is not one Turnkeeper reads (swnr, cwn, fallout).');
    }
    if (!known.games.includes(target.rules)) {
      return refuse(path(''), `${actor.name} is a ${known.title} actor; this campaign plays ${gameName(target.rules)}. Import it into a ${known.games.map(gameName).join(' or ')} campaign.`);
    }
    format = `Foundry VTT actor, ${known.title}`;
    const mapped = system === 'fallout' ? foundryFallout(actor) : foundrySineNomine(actor, target.rules);
    if (!mapped.ok) return mapped;
    items.push(mapped.item);
  }
  const names = new Set<string>();
  for (const [i, item] of items.entries()) {
    const key = `${item.kind}:${item.name.toLowerCase()}`;
    if (names.has(key)) return refuse(`[${i}].name`, `Two actors are called “${item.name}”: rename one in Foundry, or import them one at a time.`);
    names.add(key);
  }
  const problem = checkItems(items, target, (i) => (Array.isArray(json) ? `[${i}]` : ''));
  if (problem) return problem;
  return { ok: true, format: list.length > 1 ? `${format} (${list.length} actors)` : format, items };
}

/** The actor's parts, or "path: problem". */
function readActor(raw: JsonObject, path: (rest: string) => string): FoundryActor | string {
  const dataKey = isObject(raw.system) ? 'system' : isObject(raw.data) ? 'data' : null;
  if (typeof raw.name !== 'string' || raw.name.trim() === '') return 'name: This actor has no name.';
  if (typeof raw.type !== 'string') return 'type: This actor has no type (character, npc...).';
  if (!dataKey) {
    if (isObject(raw.pages) || Array.isArray(raw.pages)) return ': This is a Foundry journal entry, not an actor: export an actor (right-click it in the Actors tab, Export Data).';
    return 'system: This Foundry document has no actor data (system).';
  }
  const rawItems = at(raw, 'items');
  const items = Array.isArray(rawItems) ? rawItems.filter(isObject) : [];
  const itemData = (item: JsonObject): JsonObject => (isObject(item.system) ? item.system : isObject(item.data) ? item.data : {});
  return { name: raw.name.trim(), type: raw.type, data: raw[dataKey] as JsonObject, dataKey, items, itemData, path };
}
