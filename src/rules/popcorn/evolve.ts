import type { EngineEvent } from '../../core/index.ts';
import type { PopcornEvent } from './events.ts';
import type { Pending, PopcornEncounter, PopcornState } from './state.ts';
import { patchTrack, withModule } from './state.ts';

const add = (xs: readonly string[], id: string): string[] => (xs.includes(id) ? [...xs] : [...xs, id]);
const drop = (xs: readonly string[], id: string): string[] => xs.filter((x) => x !== id);
const bump = (r: Readonly<Record<string, number>>, id: string): Record<string, number> => ({ ...r, [id]: (r[id] ?? 0) + 1 });
function without<T>(r: Readonly<Record<string, T>>, id: string): Record<string, T> {
  const { [id]: _gone, ...rest } = r;
  return rest;
}

/** The module's part of the fold: the core has already applied its own part of the event. */
export function evolvePopcorn(s: PopcornEncounter, event: EngineEvent): PopcornEncounter {
  const m = s.module;
  const e = event as PopcornEvent | Extract<EngineEvent, { type: 'combatant-removed' }>;
  switch (e.type) {
    case 'popcorn/luck-rolled':
      return patchTrack(s, e.combatant, 'instantKarma', e.roll.total);
    case 'popcorn/pools-set-aside':
      return e.pools.reduce((acc, p) => patchTrack(acc, p.combatant, 'reactionPool', p.size, p.size), s);
    case 'popcorn/side-picks':
      return withModule(s, { phase: 'pick', pickSide: e.side, current: null });
    case 'popcorn/initiative':
      return withModule(s, { phase: 'turn', current: e.to, pickSide: null });
    case 'popcorn/passed':
      return withModule(s, { phase: 'turn', current: e.to });
    case 'popcorn/held':
      return withModule(s, { phase: 'turn', current: e.to });
    case 'popcorn/first-chosen':
      return withModule(s, { phase: 'end-of-round', current: null, nextFirst: e.to });
    case 'popcorn/segment-ended': {
      let pending = m.pending;
      for (const t of e.ticks) {
        const p = pending[t.actor];
        if (p) pending = { ...pending, [t.actor]: { ...p, left: t.left } };
      }
      return withModule(s, { segmentsDone: e.segment, pending });
    }
    case 'popcorn/acted':
      return tookAction(s, e.actor);
    case 'popcorn/delayed':
      return withPending(tookAction(s, e.actor), e.actor, {
        kind: 'delayed',
        label: e.label,
        round: e.round,
        segment: e.segment,
        timing: e.timing,
        ...(e.segments !== undefined ? { segments: e.segments, left: e.segments } : {}),
      });
    case 'popcorn/conditional':
      return withPending(tookAction(s, e.actor), e.actor, { kind: 'conditional', label: e.label, round: e.round, segment: e.segment, trigger: e.trigger });
    case 'popcorn/delayed-completed':
    case 'popcorn/abandoned': {
      const next = withModule(s, { pending: without(m.pending, e.actor) });
      return e.refreshed ? withModule(next, { acted: drop(m.acted, e.actor) }) : next;
    }
    case 'popcorn/conditional-fired': {
      const next = withModule(s, { pending: without(m.pending, e.actor) });
      return e.usesInitiative ? tookAction(next, e.actor) : next;
    }
    case 'popcorn/reacted': {
      const next = e.pool ? patchTrack(s, e.actor, 'reactionPool', e.pool.to) : s;
      return e.kind === 'action' ? tookAction(next, e.actor) : next;
    }
    case 'popcorn/end-choice': {
      const p = m.pending[e.actor];
      return p ? withModule(s, { pending: { ...m.pending, [e.actor]: { ...p, continued: true } } }) : s;
    }
    case 'popcorn/health-check':
      return withModule(s, { healthChecks: add(m.healthChecks, e.actor) });
    case 'popcorn/refreshed': {
      const pending: Record<string, Pending> = {};
      for (const [id, p] of Object.entries(m.pending)) {
        const { continued: _c, ...rest } = p;
        pending[id] = rest;
      }
      const next = withModule(s, { phase: 'turn', current: null, acted: [...e.stayUp], actions: {}, grants: {}, healthChecks: [], pending });
      return e.pools.reduce((acc, p) => patchTrack(acc, p.combatant, 'reactionPool', p.to), next);
    }
    case 'popcorn/pool-resized':
      return patchTrack(s, e.combatant, 'reactionPool', e.value, e.size);
    case 'popcorn/acted-set':
      return e.acted
        ? withModule(s, { acted: add(m.acted, e.combatant) })
        : withModule(s, { acted: drop(m.acted, e.combatant), grants: bump(m.grants, e.combatant) });
    case 'combatant-removed':
      return withModule(s, removed(m, e.id));
    default:
      return s;
  }
}

/** Uses this round's initiative: card face up, one action counted; the one with the initiative must now pass it. */
function tookAction(s: PopcornEncounter, id: string): PopcornEncounter {
  const m = s.module;
  const passing = m.phase === 'turn' && m.current === id;
  return withModule(s, { acted: add(m.acted, id), actions: bump(m.actions, id), ...(passing ? { phase: 'pass' as const } : {}) });
}

function withPending(s: PopcornEncounter, id: string, p: Pending): PopcornEncounter {
  return withModule(s, { pending: { ...s.module.pending, [id]: p } });
}

/** A combatant leaves: it holds nothing any more. If it had the initiative, nobody has it (the GM passes it). */
function removed(m: PopcornState, id: string): Partial<PopcornState> {
  return {
    acted: drop(m.acted, id),
    actions: without(m.actions, id),
    grants: without(m.grants, id),
    pending: without(m.pending, id),
    healthChecks: drop(m.healthChecks, id),
    current: m.current === id ? null : m.current,
    nextFirst: m.nextFirst === id ? null : m.nextFirst,
  };
}
