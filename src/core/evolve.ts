import { armAt } from './condition.ts';
import type { Boundary } from './condition.ts';
import type { Combatant } from './combatant.ts';
import type { CoreEvent, EngineEvent } from './events.ts';
import type { FoldModule } from './rule-module.ts';
import type { EncounterState } from './state.ts';
import { withCore } from './state.ts';
import { STOPPED_CLOCK, clockAfter } from './turn-clock.ts';

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
    clock: STOPPED_CLOCK,
    module: undefined,
  };
}

/** State is a fold of events: the core's part, then the rule module's. Pure and total. */
export function evolveState(state: EncounterState, event: EngineEvent, module: FoldModule): EncounterState {
  const handle = handlers[event.type as CoreEvent['type']] as Handler<CoreEvent> | undefined;
  return module.evolve(handle ? handle(state, event as CoreEvent, module) : state, event);
}

type Handler<E extends CoreEvent> = (state: EncounterState, event: E, module: FoldModule) => EncounterState;

/** One handler per core event type: a table lookup, so module events skip the core in one step. */
const handlers: { readonly [T in CoreEvent['type']]?: Handler<Extract<CoreEvent, { type: T }>> } = {
  'encounter-created': (_state, event, module) => ({
    ...emptyState(),
    rules: event.rules,
    options: event.options,
    title: event.title,
    module: module.init(event.options),
  }),
  'side-added': (state, event) => ({
    ...state,
    sides: { ...state.sides, [event.side.id]: event.side },
    sideOrder: [...state.sideOrder, event.side.id],
  }),
  'side-updated': (state, event) => {
    const side = state.sides[event.id];
    return side ? { ...state, sides: { ...state.sides, [event.id]: { ...side, ...event.changes } } } : state;
  },
  'combatant-added': (state, event) => {
    const c = event.combatant;
    const n = Number(c.id.replace(/^c/, ''));
    return {
      ...state,
      combatants: { ...state.combatants, [c.id]: c },
      roster: [...state.roster, c.id],
      nextCombatant: Number.isFinite(n) ? Math.max(state.nextCombatant, n + 1) : state.nextCombatant,
    };
  },
  'combatant-removed': (state, event) => {
    const { [event.id]: _gone, ...rest } = state.combatants;
    return {
      ...state,
      combatants: rest,
      roster: state.roster.filter((id) => id !== event.id),
      inTurn: state.inTurn.includes(event.id) ? state.inTurn.filter((id) => id !== event.id) : state.inTurn,
    };
  },
  // The combatant handlers make no closure per event (tsx's esbuild names each one it makes).
  'combatant-updated': (state, event) => {
    const c = state.combatants[event.id];
    return c ? replaceCombatant(state, event.id, { ...c, ...event.changes }) : state;
  },
  'defeated-set': (state, event) => {
    const c = state.combatants[event.id];
    return c ? replaceCombatant(state, event.id, { ...c, defeated: event.defeated }) : state;
  },
  'track-changed': (state, event) => {
    const c = state.combatants[event.id];
    if (!c) return state;
    const track = {
      ...c.tracks[event.track],
      value: event.to,
      ...(event.max !== undefined ? { max: event.max } : {}),
      ...(event.min !== undefined ? { min: event.min } : {}),
    };
    return replaceCombatant(state, event.id, { ...c, tracks: { ...c.tracks, [event.track]: track } });
  },
  'condition-added': (state, event) => {
    const n = Number(event.condition.id.replace(/^k/, ''));
    const c = state.combatants[event.id];
    const next = c ? replaceCombatant(state, event.id, { ...c, conditions: [...c.conditions, event.condition] }) : state;
    return { ...next, nextCondition: Number.isFinite(n) ? Math.max(state.nextCondition, n + 1) : state.nextCondition };
  },
  'condition-removed': (state, event) => {
    const c = state.combatants[event.id];
    return c ? replaceCombatant(state, event.id, { ...c, conditions: c.conditions.filter((k) => k.id !== event.conditionId) }) : state;
  },
  'roster-reordered': (state, event) => ({ ...state, roster: event.roster }),
  'round-started': (state, event) => withCore(state, { round: event.round, status: state.status === 'setup' ? 'running' : state.status }),
  'turn-started': (state, event) =>
    armConditions(
      withCore(state, { status: state.status === 'setup' ? 'running' : state.status, inTurn: event.actors }),
      { kind: 'turn-started', actors: event.actors },
    ),
  'turn-ended': (state, event) => withCore(state, { inTurn: state.inTurn.filter((id) => !event.actors.includes(id)) }),
  'encounter-ended': (state) => ({ ...state, status: 'ended', endedFrom: state.status }),
  'turn-timed': (state, event) => withCore(state, { clock: clockAfter(state.clock, event) }),
  'clock-paused': (state, event) => withCore(state, { clock: clockAfter(state.clock, event) }),
  'clock-resumed': (state, event) => withCore(state, { clock: clockAfter(state.clock, event) }),
  'encounter-reopened': (state) => {
    const { endedFrom, ...rest } = state;
    return { ...rest, status: endedFrom ?? 'running' };
  },
};

function replaceCombatant(state: EncounterState, id: string, c: Combatant): EncounterState {
  return withCore(state, { combatants: { ...state.combatants, [id]: c } });
}

function armConditions(state: EncounterState, boundary: Boundary): EncounterState {
  let combatants = state.combatants;
  for (const id of state.roster) {
    const c = combatants[id];
    if (!c || !hasWaiting(c)) continue;
    let changed = false;
    const conditions = c.conditions.map((k) => {
      const armed = armAt(k, boundary);
      if (armed !== k) changed = true;
      return armed;
    });
    if (changed) combatants = { ...combatants, [id]: { ...c, conditions } };
  }
  return combatants === state.combatants ? state : withCore(state, { combatants });
}

function hasWaiting(c: Combatant): boolean {
  for (const k of c.conditions) if (k.waitForTurnStart) return true;
  return false;
}
