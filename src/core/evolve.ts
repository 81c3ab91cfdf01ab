import { armAt } from './condition.ts';
import type { Boundary } from './condition.ts';
import type { Combatant } from './combatant.ts';
import type { EngineEvent } from './events.ts';
import type { RuleModule } from './rule-module.ts';
import type { EncounterState } from './state.ts';

/** The state before anything happened (replaced by `encounter-created`). */
export function emptyState(): EncounterState {
  return {
    rules: { id: '', version: 0 },
    options: {},
    title: '',
    status: 'setup',
    round: 0,
    inTurn: [],
    sides: {},
    sideOrder: [],
    combatants: {},
    roster: [],
    nextCombatant: 1,
    nextCondition: 1,
    module: undefined,
  };
}

/** State is a fold of events: the core's part, then the rule module's. Pure and total. */
export function evolveState(state: EncounterState, event: EngineEvent, module: RuleModule): EncounterState {
  return module.evolve(evolveCore(state, event, module), event);
}

function evolveCore(state: EncounterState, event: EngineEvent, module: RuleModule): EncounterState {
  switch (event.type) {
    case 'encounter-created':
      return {
        ...emptyState(),
        rules: event.rules,
        options: event.options,
        title: event.title,
        module: module.init(event.options),
      };
    case 'side-added':
      return {
        ...state,
        sides: { ...state.sides, [event.side.id]: event.side },
        sideOrder: [...state.sideOrder, event.side.id],
      };
    case 'side-updated': {
      const side = state.sides[event.id];
      return side ? { ...state, sides: { ...state.sides, [event.id]: { ...side, ...event.changes } } } : state;
    }
    case 'combatant-added': {
      const c = event.combatant;
      const n = Number(c.id.replace(/^c/, ''));
      return {
        ...state,
        combatants: { ...state.combatants, [c.id]: c },
        roster: [...state.roster, c.id],
        nextCombatant: Number.isFinite(n) ? Math.max(state.nextCombatant, n + 1) : state.nextCombatant,
      };
    }
    case 'combatant-removed': {
      const { [event.id]: _gone, ...rest } = state.combatants;
      return {
        ...state,
        combatants: rest,
        roster: state.roster.filter((id) => id !== event.id),
        inTurn: state.inTurn.includes(event.id) ? state.inTurn.filter((id) => id !== event.id) : state.inTurn,
      };
    }
    case 'combatant-updated':
      return patch(state, event.id, (c) => ({ ...c, ...event.changes }));
    case 'defeated-set':
      return patch(state, event.id, (c) => ({ ...c, defeated: event.defeated }));
    case 'track-changed':
      return patch(state, event.id, (c) => {
        const old = c.tracks[event.track];
        const track = {
          ...old,
          value: event.to,
          ...(event.max !== undefined ? { max: event.max } : {}),
          ...(event.min !== undefined ? { min: event.min } : {}),
        };
        return { ...c, tracks: { ...c.tracks, [event.track]: track } };
      });
    case 'condition-added': {
      const n = Number(event.condition.id.replace(/^k/, ''));
      const next = patch(state, event.id, (c) => ({ ...c, conditions: [...c.conditions, event.condition] }));
      return { ...next, nextCondition: Number.isFinite(n) ? Math.max(state.nextCondition, n + 1) : state.nextCondition };
    }
    case 'condition-removed':
      return patch(state, event.id, (c) => ({
        ...c,
        conditions: c.conditions.filter((k) => k.id !== event.conditionId),
      }));
    case 'roster-reordered':
      return { ...state, roster: event.roster };
    case 'round-started':
      return { ...state, round: event.round, status: state.status === 'setup' ? 'running' : state.status };
    case 'turn-started':
      return armConditions(
        { ...state, status: state.status === 'setup' ? 'running' : state.status, inTurn: event.actors },
        { kind: 'turn-started', actors: event.actors },
      );
    case 'turn-ended':
      return { ...state, inTurn: state.inTurn.filter((id) => !event.actors.includes(id)) };
    case 'encounter-ended':
      return { ...state, status: 'ended', endedFrom: state.status };
    case 'encounter-reopened': {
      const { endedFrom, ...rest } = state;
      return { ...rest, status: endedFrom ?? 'running' };
    }
    default:
      return state;
  }
}

function patch(state: EncounterState, id: string, f: (c: Combatant) => Combatant): EncounterState {
  const c = state.combatants[id];
  if (!c) return state;
  return { ...state, combatants: { ...state.combatants, [id]: f(c) } };
}

function armConditions(state: EncounterState, boundary: Boundary): EncounterState {
  let combatants = state.combatants;
  for (const id of state.roster) {
    const c = combatants[id];
    if (!c || !c.conditions.some((k) => k.waitForTurnStart)) continue;
    let changed = false;
    const conditions = c.conditions.map((k) => {
      const armed = armAt(k, boundary);
      if (armed !== k) changed = true;
      return armed;
    });
    if (changed) combatants = { ...combatants, [id]: { ...c, conditions } };
  }
  return combatants === state.combatants ? state : { ...state, combatants };
}
