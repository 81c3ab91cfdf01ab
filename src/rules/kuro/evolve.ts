import type { EngineEvent } from '../../core/index.ts';
import { emptyTrack, nameOf, withModule } from '../../core/index.ts';
import type { KuroEvent } from './events.ts';
import { deriveSlots, keyOf, sortKeyOf } from './phase.ts';
import type { KuroEncounter, KuroState } from './state.ts';
import { actionsPerTurn, statsOf } from './stats.ts';

type Handled =
  | KuroEvent
  | Extract<
      EngineEvent,
      { type: 'combatant-added' | 'combatant-removed' | 'combatant-updated' | 'round-started' | 'turn-started' | 'turn-ended' }
    >;

const KIND = { normal: 'Normal Attack', power: 'Power Attack', fast: 'Fast Attack' } as const;

const SLOT_EVENTS = new Set(['combatant-added', 'combatant-removed', 'defeated-set', 'round-started', 'turn-started', 'turn-ended']);

/** The module's part of the fold; the phase's slots are derived again after anything that can move them. */
export function evolveKuro(state: KuroEncounter, event: EngineEvent): KuroEncounter {
  const next = apply(state, event as Handled);
  if (next === state && !SLOT_EVENTS.has(event.type)) return state;
  const slots = deriveSlots(next);
  return withModule(next, { ...next.module, track: { ...next.module.track, slots } });
}

// Module-level, not a closure in apply: tsx's esbuild names each closure it makes.
function set(state: KuroEncounter, patch: Partial<KuroState>): KuroEncounter {
  return withModule(state, { ...state.module, ...patch });
}

function apply(state: KuroEncounter, e: Handled): KuroEncounter {
  const m = state.module;
  switch (e.type) {
    case 'combatant-added':
      return set(state, { actions: { ...m.actions, [e.combatant.id]: actionsPerTurn(statsOf(e.combatant.stats)) } });
    case 'combatant-updated':
      // A new REF changes the number of actions from the next game turn once the phases have begun.
      if (!e.changes.stats || m.stage === 'phases') return state;
      return set(state, { actions: { ...m.actions, [e.id]: actionsPerTurn(statsOf(e.changes.stats)) } });
    case 'combatant-removed':
      return set(state, {
        initiative: without(m.initiative, e.id),
        actions: without(m.actions, e.id),
        acted: without(m.acted, e.id),
        declared: without(m.declared, e.id),
        pending: m.pending.filter((h) => h.actor !== e.id && h.target !== e.id),
        track: { ...m.track, done: m.track.done.filter((id) => id !== e.id) },
      });
    case 'round-started':
      if (m.stage === 'setup') return set(state, { stage: 'initiative' });
      return set(state, {
        stage: 'initiative',
        phase: 0,
        initiative: {},
        actions: Object.fromEntries(state.roster.map((id) => [id, actionsPerTurn(statsOf(state.combatants[id]?.stats))])),
        acted: {},
        track: emptyTrack,
        currentSortKey: null,
        declared: {},
        pending: [],
      });
    case 'kuro/initiative-rolled':
    case 'kuro/initiative-set':
      return set(state, { initiative: { ...m.initiative, [e.combatant]: { total: e.total, roll: e.type === 'kuro/initiative-rolled' ? e.roll : null, shift: 0 } } });
    case 'kuro/order-set': {
      const init = m.initiative[e.combatant];
      if (!init) return state;
      return set(state, { initiative: { ...m.initiative, [e.combatant]: { ...init, total: e.total, shift: e.shift } } });
    }
    case 'kuro/phase-started':
      return set(state, { stage: 'phases', phase: e.phase, track: emptyTrack, currentSortKey: null, declared: {}, pending: [] });
    case 'turn-started': {
      const first = e.actors[0];
      const init = first === undefined ? undefined : m.initiative[first];
      const acted = { ...m.acted };
      for (const id of e.actors) if (!acted[id]?.includes(m.phase)) acted[id] = [...(acted[id] ?? []), m.phase];
      if (!init) return set(state, { acted });
      const key = keyOf(init);
      const sameSlot = m.track.current === key;
      return set(state, {
        acted,
        track: { ...m.track, current: key, active: null },
        currentSortKey: sortKeyOf(init),
        declared: sameSlot ? m.declared : {},
      });
    }
    case 'turn-ended':
      return set(state, {
        declared: without(m.declared, ...e.actors),
        track: { ...m.track, done: [...m.track.done, ...e.actors.filter((id) => !m.track.done.includes(id))] },
      });
    case 'kuro/joined-late':
      return set(state, { track: { ...m.track, done: [...m.track.done, e.combatant] } });
    case 'kuro/actions-set':
      return set(state, { actions: { ...m.actions, [e.combatant]: e.to } });
    case 'kuro/acted':
      return set(state, { declared: { ...m.declared, [e.actor]: e.label } });
    case 'kuro/passed':
      return set(state, { declared: { ...m.declared, [e.actor]: 'nothing' } });
    case 'kuro/attacked': {
      const actions = e.defenceCost ? { ...m.actions, [e.target]: Math.max(0, (m.actions[e.target] ?? 0) - 1) } : m.actions;
      const pending = e.pending && e.hit && (e.damage ?? 0) > 0 ? [...m.pending, { actor: e.actor, target: e.target, damage: e.damage ?? 0 }] : m.pending;
      return set(state, { actions, pending, declared: { ...m.declared, [e.actor]: `${KIND[e.kind]} on ${nameOf(state, e.target)}` } });
    }
    case 'kuro/slot-resolved':
      return set(state, { pending: [] });
    default:
      return state;
  }
}

function without<T>(record: Readonly<Record<string, T>>, ...ids: readonly string[]): Record<string, T> {
  if (!ids.some((id) => id in record)) return record as Record<string, T>;
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(record)) if (!ids.includes(k)) out[k] = v;
  return out;
}
