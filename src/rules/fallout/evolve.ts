import type { CoreEvent, EngineEvent, RoundTrack } from '../../core/index.ts';
import { removeMember, slotOf, withModule } from '../../core/index.ts';
import type { FalloutEvent } from './events.ts';
import { applyTieDecision, placeInOrder } from './initiative.ts';
import { initiativeOf, statsOf } from './stats.ts';
import type { Assist, FalloutEncounter, FalloutState, Readied, TurnState } from './state.ts';
import { freshTurn } from './state.ts';

type Handled = FalloutEvent | Extract<CoreEvent, { type: 'round-started' | 'turn-started' | 'turn-ended' | 'combatant-added' | 'combatant-updated' | 'combatant-removed' }>;

// Module-level helpers, not closures made on each event: the server runs from source through tsx,
// whose esbuild names every closure it makes (an `Object.defineProperty` each time).
const set = (state: FalloutEncounter, module: FalloutState): FalloutEncounter => withModule(state, module);
const track = (m: FalloutState, t: Partial<RoundTrack>): FalloutState => ({ ...m, track: { ...m.track, ...t } });
const done = (m: FalloutState, ids: readonly string[]): readonly string[] => [...m.track.done, ...ids.filter((id) => !m.track.done.includes(id))];
/** The running turn changed (nothing without one). */
const withTurn = (state: FalloutEncounter, t: TurnState | null): FalloutEncounter => (t ? set(state, { ...state.module, turn: t }) : state);

// Whether a filter would drop anything (most events find nothing to drop: then a plain copy, no closure).
function readiedOf(list: readonly Readied[], actor: string): boolean {
  for (const r of list) if (r.actor === actor) return true;
  return false;
}
function assistBy(list: readonly Assist[], helper: string): boolean {
  for (const a of list) if (a.helper === helper) return true;
  return false;
}
function assistOn(list: readonly Assist[], target: string): boolean {
  for (const a of list) if (a.target === target) return true;
  return false;
}

/** The module's part of the fold. Pure and total: unknown or stale references change nothing. */
export function evolveFallout(state: FalloutEncounter, event: EngineEvent): FalloutEncounter {
  const m = state.module;
  const e = event as Handled;
  switch (e.type) {
    case 'fallout/fight-started':
      return set(state, { ...m, initiator: e.initiator });
    case 'round-started':
      return set(state, { ...track(m, { current: null, active: null, done: [] }), turn: null, firing: null, pendingAttack: null, luckNext: null });
    case 'turn-started': {
      const actor = e.actors[0] ?? '';
      const kind: TurnState['kind'] = state.round === 0 ? 'opening' : m.luckNext === actor ? 'luck' : 'normal';
      const slot = slotOf(m.track, actor);
      const t = kind === 'normal' && slot ? { ...m.track, current: slot.key } : m.track;
      return set(state, {
        ...m,
        track: t,
        turn: freshTurn(actor, kind),
        luckNext: null,
        readied: readiedOf(m.readied, actor) ? m.readied.filter((r) => r.actor !== actor) : m.readied.slice(),
        assists: assistBy(m.assists, actor) ? m.assists.filter((a) => a.helper !== actor) : m.assists.slice(),
      });
    }
    case 'turn-ended':
      return set(state, { ...track(m, { done: state.round >= 1 ? done(m, e.actors) : m.track.done }), turn: null, pendingAttack: null, lastEnded: e.actors[0] ?? null });
    case 'fallout/acted':
      if (e.mode === 'commanded') return withTurn(state, m.turn && { ...m.turn, commanded: null });
      if (e.mode !== 'turn') return state;
      return withTurn(
        state,
        m.turn && {
          ...m.turn,
          minor: m.turn.minor + (e.cost === 'minor' ? 1 : 0),
          major: m.turn.major + (e.cost === 'major' ? 1 : 0),
          movement: m.turn.movement + (e.movement ? 1 : 0),
          aimed: m.turn.aimed || e.action === 'aim',
          attacks: m.turn.attacks + (e.action === 'attack' ? 1 : 0),
        },
      );
    case 'fallout/npc-commanded':
      return withTurn(state, m.turn && { ...m.turn, commanded: e.target });
    case 'fallout/ap-spent':
      return set(state, { ...m, pools: { ...m.pools, [e.pool]: Math.max(0, m.pools[e.pool] - e.amount) } });
    case 'fallout/ap-gained':
      return set(state, { ...m, pools: { ...m.pools, [e.pool]: m.pools[e.pool] + e.saved } });
    case 'fallout/ap-set':
      return set(state, { ...m, pools: { ...m.pools, [e.pool]: e.value } });
    case 'fallout/tested':
      return set(state, { ...m, assists: assistOn(m.assists, e.actor) ? m.assists.filter((a) => a.target !== e.actor) : m.assists.slice() });
    case 'fallout/attack-rolled': {
      const assists = assistOn(m.assists, e.actor) ? m.assists.filter((a) => a.target !== e.actor) : m.assists.slice();
      if (!e.awaitingAim) return set(state, { ...m, assists });
      const { type: _t, awaitingAim: _a, why: _w, ...pending } = e;
      return set(state, { ...m, assists, pendingAttack: pending });
    }
    case 'fallout/rerolled':
      return m.pendingAttack ? set(state, { ...m, pendingAttack: { ...m.pendingAttack, test: e.test } }) : state;
    case 'fallout/attack-resolved':
      return set(state, { ...m, pendingAttack: null });
    case 'fallout/luck-spent':
      return set(state, { ...m, luckNext: e.actor });
    case 'fallout/readied':
      return set(state, { ...m, readied: [...m.readied, e.readied], nextId: m.nextId + 1 });
    case 'fallout/trigger-marked': {
      const queue = e.fired.map((id) => m.readied.find((r) => r.id === id)).filter((r) => r !== undefined);
      return set(state, { ...m, readied: m.readied.filter((r) => !e.fired.includes(r.id)), firing: queue.length > 0 ? { queue, interrupted: e.interrupted } : m.firing });
    }
    case 'fallout/readied-done': {
      if (!m.firing) return state;
      const queue = m.firing.queue.filter((r) => r.id !== e.id);
      return set(state, { ...m, firing: queue.length > 0 ? { ...m.firing, queue } : null });
    }
    case 'fallout/ready-lapsed':
      return set(state, { ...m, readied: m.readied.filter((r) => r.id !== e.id) });
    case 'fallout/assist-declared':
      return set(state, {
        ...m,
        assists: [...m.assists, { helper: e.actor, target: e.target, ...(e.attribute ? { attribute: e.attribute } : {}), ...(e.skill ? { skill: e.skill } : {}) }],
      });
    case 'fallout/assist-lapsed':
      return set(state, { ...m, assists: m.assists.filter((a) => !(a.helper === e.actor && a.target === e.target)) });
    case 'fallout/turn-given-up':
      return set(state, track(m, { done: done(m, [e.actor]) }));
    case 'fallout/joined-late':
      return set(state, track(m, { done: done(m, [e.combatant]) }));
    case 'fallout/order-set':
      return set(state, track(m, { slots: e.slots }));
    case 'fallout/tie-decided':
      return set(state, applyTieDecision(m, e.first, e.initiative));
    case 'combatant-added':
      return set(state, placeInOrder(m, e.combatant));
    case 'combatant-updated': {
      const c = state.combatants[e.id];
      if (!c || !e.changes.stats) return state;
      const slot = slotOf(m.track, c.id);
      const stats = statsOf(c);
      const same = stats.commandedOnly ? !slot : slot !== undefined && slot.initiative === initiativeOf(stats);
      if (same) return state;
      // A new initiative: an old tie decision no longer applies to it.
      const { [c.id]: _old, ...tieRank } = m.tieRank;
      return set(state, placeInOrder({ ...m, tieRank }, c));
    }
    case 'combatant-removed':
      return set(state, withoutCombatant(m, e.id));
    default:
      return state;
  }
}

function withoutCombatant(m: FalloutState, id: string): FalloutState {
  const { [id]: _gone, ...tieRank } = m.tieRank;
  const queue = m.firing?.queue.filter((r) => r.actor !== id) ?? [];
  const pending = m.pendingAttack && (m.pendingAttack.actor === id || m.pendingAttack.target === id) ? null : m.pendingAttack;
  return {
    ...m,
    tieRank,
    track: removeMember(m.track, id),
    turn: m.turn?.actor === id ? null : m.turn && m.turn.commanded === id ? { ...m.turn, commanded: null } : m.turn,
    firing: m.firing && queue.length > 0 ? { ...m.firing, queue } : null,
    pendingAttack: pending,
    readied: m.readied.filter((r) => r.actor !== id),
    assists: m.assists.filter((a) => a.helper !== id && a.target !== id),
    luckNext: m.luckNext === id ? null : m.luckNext,
    lastEnded: m.lastEnded === id ? null : m.lastEnded,
  };
}
