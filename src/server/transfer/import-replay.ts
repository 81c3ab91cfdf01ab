/**
 * An imported encounter's events, checked the way commands would have made them: each event against
 * its schema (core events, `import-event-schemas.ts`) and the text rules of commands, each command's
 * events within the size one decision may record, and then folded one by one, each where commands
 * could have put it (no combatant that is not there, no 501st, a roster order that is the roster, an
 * undo of the last step). A module's events are checked against the module's schemas of what its fold
 * reads (src/rules/event-schemas.ts). Nothing is decided again: the events are the file's. The first
 * problem is returned with its path (`events[12].event.combatant.name`) and a message in a GM's words.
 */
import { MAX_COMBATANTS, MAX_DECISION_BYTES, checkDecisionSize, emptyEncounter, findTextProblem, own } from '../../core/index.ts';
import type { CoreEvent, Encounter, Engine, EngineEvent, RuleModule, StoredEvent } from '../../core/index.ts';
import { moduleEventSchemas } from '../../rules/event-schemas.ts';
import { checkProgress } from '../../store/index.ts';
import { coreEventSchemas } from './import-event-schemas.ts';

export interface ImportProblem {
  readonly path: string;
  readonly message: string;
}

/** How deep an event may nest: what a command may hold (32 levels) and the few levels an event wraps it in. */
export const MAX_EVENT_DEPTH = 48;
/** The longest string a command takes (notes); a module event holds nothing longer. */
export const MAX_EVENT_STRING = 4000;

function zodProblem(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, base: string): ImportProblem {
  const issue = error.issues[0];
  let path = base;
  for (const key of issue?.path ?? []) path += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return { path, message: `${issue?.message ?? 'is not valid'}.` };
}

/** The path of the first string in `value` longer than `max` characters (depth already bounded). */
function longString(value: unknown, max: number): string | null {
  if (typeof value === 'string') return value.length > max ? '' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const inner = longString((value as Record<string, unknown>)[key], max);
    if (inner !== null) return Array.isArray(value) ? `[${key}]${inner}` : `.${key}${inner}`;
  }
  return null;
}

/** What is wrong with this event's shape and text, or null. */
function shapeProblem(event: EngineEvent, at: string, module: RuleModule): ImportProblem | null {
  const text = findTextProblem(event, 0, MAX_EVENT_DEPTH);
  if (text) return { path: `${at}.event${text.path ? `.${text.path}` : ''}`, message: `This text ${text.problem}.` };
  if (event.type.includes('/')) {
    if (!event.type.startsWith(`${module.id}/`)) return { path: `${at}.event.type`, message: `A "${event.type}" event is not one of the ${module.title} rules.` };
    const long = longString(event, MAX_EVENT_STRING);
    if (long !== null) return { path: `${at}.event${long}`, message: `This text is longer than any command takes (${MAX_EVENT_STRING.toLocaleString('en')} characters).` };
    const own = Object.hasOwn(moduleEventSchemas, module.id) ? moduleEventSchemas[module.id]! : undefined;
    if (!own) return null;
    const name = event.type.slice(module.id.length + 1);
    const schema = Object.hasOwn(own, name) ? own[name] : undefined;
    if (!schema) return { path: `${at}.event.type`, message: `"${event.type}" is an unknown type: the ${module.title} rules record no event called that.` };
    const parsed = schema.safeParse(event);
    return parsed.success ? null : zodProblem(parsed.error, `${at}.event`);
  }
  const schemas = coreEventSchemas(module);
  const schema = Object.hasOwn(schemas, event.type) ? schemas[event.type] : undefined; // own keys: "constructor" is no event type
  if (!schema) return { path: `${at}.event.type`, message: `"${event.type}" is an unknown type: no event of Turnkeeper is called that.` };
  const parsed = schema.safeParse(event);
  return parsed.success ? null : zodProblem(parsed.error, `${at}.event`);
}

/** Why this (well-shaped) core event cannot follow `e`, as no command would record it there; or null. */
function fitProblem(e: Encounter, event: CoreEvent, at: string): ImportProblem | null {
  const s = e.state;
  const fail = (field: string, message: string): ImportProblem => ({ path: `${at}.event${field}`, message });
  const combatant = (id: string, field = '.id') => (own(s.combatants, id) ? null : fail(field, `There is no combatant "${id}" at this point.`));
  const side = (id: string, field: string) => (own(s.sides, id) ? null : fail(field, `There is no side "${id}" at this point.`));
  switch (event.type) {
    case 'encounter-created':
      return fail('.type', 'An encounter is created once, by its first event.');
    case 'side-added':
      return own(s.sides, event.side.id) ? fail('.side.id', `The side "${event.side.id}" is added twice.`) : null;
    case 'side-updated':
      return side(event.id, '.id');
    case 'combatant-added': {
      const c = event.combatant;
      if (own(s.combatants, c.id)) return fail('.combatant.id', `The combatant "${c.id}" is added twice.`);
      // Ids are never used again (what players were shown of a combatant stays with its id).
      if (c.id !== `c${s.nextCombatant}`) return fail('.combatant.id', `The next combatant is "c${s.nextCombatant}", not "${c.id}".`);
      if (s.roster.length >= MAX_COMBATANTS) return fail('', `An encounter holds at most ${MAX_COMBATANTS} combatants; this would be one more.`);
      return side(c.side, '.combatant.side');
    }
    case 'combatant-updated':
      return combatant(event.id) ?? (event.changes.side !== undefined ? side(event.changes.side, '.changes.side') : null);
    case 'combatant-removed':
    case 'defeated-set':
    case 'track-changed':
      return combatant(event.id);
    case 'condition-added': {
      const c = own(s.combatants, event.id);
      if (!c) return combatant(event.id);
      return c.conditions.some((k) => k.id === event.condition.id) ? fail('.condition.id', `${c.name} already has a condition "${event.condition.id}".`) : null;
    }
    case 'condition-removed': {
      const c = own(s.combatants, event.id);
      if (!c) return combatant(event.id);
      return c.conditions.some((k) => k.id === event.conditionId) ? null : fail('.conditionId', `${c.name} has no condition "${event.conditionId}" at this point.`);
    }
    case 'roster-reordered': {
      const now = new Set(s.roster);
      const next = new Set(event.roster);
      const same = next.size === event.roster.length && next.size === now.size && event.roster.every((id) => now.has(id));
      return same ? null : fail('.roster', 'A new roster order lists every combatant once, and no one else.');
    }
    case 'turn-started':
      for (const [i, id] of event.actors.entries()) {
        const problem = combatant(id, `.actors[${i}]`);
        if (problem) return problem;
      }
      return null;
    case 'turn-timed':
      for (const [i, id] of (event.started?.actors ?? []).entries()) {
        const problem = combatant(id, `.started.actors[${i}]`);
        if (problem) return problem;
      }
      return null;
    case 'clock-paused':
      return s.clock.pausedAt !== null ? fail('.type', 'The clock is paused twice.') : null;
    case 'clock-resumed':
      return s.clock.pausedAt === null ? fail('.type', 'The clock is resumed while it runs.') : null;
    case 'undone':
      return e.undo?.top.cmd === event.cmd ? null : fail('.cmd', `There is no command ${event.cmd} to undo here.`);
    case 'redone':
      return e.redo?.top.cmd === event.cmd ? null : fail('.cmd', `There is no command ${event.cmd} to redo here.`);
    default:
      return null;
  }
}

/** A command's events over the size one decision may record, or null. */
function sizeProblem(events: readonly StoredEvent[], first: number, last: number): ImportProblem | null {
  const slice = events.slice(first, last).map((s) => s.event);
  const rejection = checkDecisionSize(`Command ${events[first]!.cmd}`, slice);
  if (!rejection || rejection.ok) return null;
  const mb = (n: number): string => `${Math.ceil((n / (1024 * 1024)) * 100) / 100} MB`;
  const bytes = Number(rejection.rejection.details?.bytes);
  return { path: `events[${first}]`, message: `Command ${events[first]!.cmd} records ${mb(bytes)} of events from here on; one command records at most ${mb(MAX_DECISION_BYTES)}.` };
}

/**
 * Fold `events` (numbered, the first an encounter-created of `module`'s rules, as checked before) as
 * commands would have recorded them; the encounter, or the first problem.
 */
export function replayImport(engine: Engine, module: RuleModule, events: readonly StoredEvent[]): { encounter: Encounter } | { problem: ImportProblem } {
  let encounter = emptyEncounter();
  let commandStart = 0;
  for (const [i, stored] of events.entries()) {
    const at = `events[${i}]`;
    if (i > 0 && stored.cmd !== events[i - 1]!.cmd) {
      const size = sizeProblem(events, commandStart, i);
      if (size) return { problem: size };
      commandStart = i;
    }
    const problem = shapeProblem(stored.event, at, module) ?? (i > 0 && !stored.event.type.includes('/') ? fitProblem(encounter, stored.event as CoreEvent, at) : null);
    if (problem) return { problem };
    try {
      encounter = engine.evolve(encounter, stored);
    } catch {
      return { problem: { path: at, message: `This "${stored.event.type}" event does not fold: the file was edited or damaged.` } };
    }
  }
  const size = sizeProblem(events, commandStart, events.length);
  if (size) return { problem: size };
  return { encounter };
}

/** Why the encounter's state is not one commands leave (the fold of a module's events may have made it), or null. */
export function stateProblem(encounter: Encounter): string | null {
  const s = encounter.state;
  try {
    checkProgress('the encounter', { status: s.status, round: s.round });
  } catch {
    return `its status and round (${JSON.stringify(s.status)}, ${JSON.stringify(s.round)}) are not a fight's`;
  }
  const ids = Object.keys(s.combatants);
  if (s.roster.length > MAX_COMBATANTS) return `it holds ${s.roster.length} combatants, more than ${MAX_COMBATANTS}`;
  const roster = new Set(s.roster);
  if (roster.size !== s.roster.length || ids.length !== s.roster.length || !ids.every((id) => roster.has(id))) {
    return 'its roster order does not list every combatant once';
  }
  if (!s.inTurn.every((id) => own(s.combatants, id))) return 'a combatant whose turn is open is not in the fight';
  for (const id of ids) if (!own(s.sides, s.combatants[id]!.side)) return `the side of ${s.combatants[id]!.name} is not in the fight`;
  return null;
}
