import type { DecideContext, EngineEvent, Slot } from '../../core/index.ts';
import { clampTrack, currentSlot, nextSlot } from '../../core/index.ts';
import type { KuroEvent } from './events.ts';
import { actingNow, canActInPhase, deriveSlots, phaseCount } from './phase.ts';
import type { KuroEncounter } from './state.ts';

/**
 * The state after these events, including what the core's settle step will add by itself that the
 * turn logic depends on: a combatant brought to 0 HP is defeated (and is then skipped).
 */
export function project(s: KuroEncounter, events: readonly EngineEvent[], ctx: DecideContext): KuroEncounter {
  let out = s;
  for (const e of events) {
    out = ctx.apply(out, [e]) as KuroEncounter;
    if (e.type === 'track-changed') {
      const t = e as Extract<EngineEvent, { type: 'track-changed' }>;
      const c = out.combatants[t.id];
      if (t.track === 'hp' && t.to <= 0 && t.from > 0 && c && !c.defeated) {
        out = ctx.apply(out, [{ type: 'defeated-set', id: t.id, defeated: true, reason: 'reduced to 0 HP' }]) as KuroEncounter;
      }
    }
  }
  return out;
}

function label(s: KuroEncounter): string {
  return `Game turn ${s.round}, phase ${s.module.phase}`;
}

function startSlot(s: KuroEncounter, slot: Slot): EngineEvent {
  return { type: 'turn-started', actors: slot.members.filter((id) => canActInPhase(s, id)), label: label(s) };
}

/** After the current slot's turn ended: the next slot of this phase, else the next phase, else the next game turn. */
export function afterSlot(s: KuroEncounter, ctx: DecideContext): EngineEvent[] {
  const next = nextSlot(s.module.track, (id) => canActInPhase(s, id));
  if (next) return [startSlot(s, next)];
  return nextPhase(s, ctx);
}

/**
 * Open the next phase if anyone in the fight has that many actions ("there are as many combat phases
 * in a turn as the highest number of actions"); else the game turn is over and the next one begins.
 */
export function nextPhase(s: KuroEncounter, ctx: DecideContext): EngineEvent[] {
  const phase = s.module.phase + 1;
  const acting = s.roster.filter((id) => {
    const c = s.combatants[id];
    return c && !c.defeated && s.module.initiative[id] && (s.module.actions[id] ?? 0) >= phase;
  });
  if (acting.length === 0) {
    return [{ type: 'kuro/game-turn-ended', round: s.round } satisfies KuroEvent, { type: 'round-started', round: s.round + 1 }];
  }
  const opened = ctx.apply(s, [{ type: 'kuro/phase-started', round: s.round, phase, phases: 0, order: [], combatants: [] }]) as KuroEncounter;
  const order = deriveSlots(opened).map((slot) => ({ initiative: slot.initiative ?? 0, members: slot.members }));
  const started: KuroEvent = {
    type: 'kuro/phase-started',
    round: s.round,
    phase,
    phases: Math.max(phase, phaseCount(s)),
    order,
    combatants: order.flatMap((slot) => slot.members),
  };
  const first = nextSlot(opened.module.track, (id) => canActInPhase(opened, id));
  return first ? [started, startSlot(opened, first)] : [started];
}

/**
 * The current slot resolves: the hits its members declared land together (so two combatants acting at
 * the same time can drop each other), its turn ends, and the next slot, phase or game turn begins.
 */
export function resolveSlot(s: KuroEncounter, ctx: DecideContext): EngineEvent[] {
  const events: EngineEvent[] = [];
  const actors = actingNow(s);
  if (s.module.pending.length > 0) {
    events.push({ type: 'kuro/slot-resolved', actors, phase: s.module.phase, hits: s.module.pending } satisfies KuroEvent);
    events.push(...applyHits(s, s.module.pending));
  }
  if (actors.length > 0) events.push({ type: 'turn-ended', actors });
  return [...events, ...afterSlot(project(s, events, ctx), ctx)];
}

/** HP changes for these hits, one after the other. */
export function applyHits(s: KuroEncounter, hits: readonly { readonly target: string; readonly damage: number }[]): EngineEvent[] {
  const hp: Record<string, number> = {};
  const out: EngineEvent[] = [];
  for (const h of hits) {
    const track = s.combatants[h.target]?.tracks.hp;
    if (!track || h.damage <= 0) continue;
    const from = hp[h.target] ?? track.value;
    const to = clampTrack(track, from - h.damage);
    if (to === from) continue;
    hp[h.target] = to;
    out.push({ type: 'track-changed', id: h.target, track: 'hp', from, to, reason: 'damage' });
  }
  return out;
}

/**
 * After a change that may put someone into the slot acting now (a late joiner or a new initiative equal
 * to it, someone back in the fight, actions granted), that someone's turn starts too: equal initiative
 * acts at the same time. If the slot acting now has nobody left in it, the next one begins.
 */
export function reconcile(s: KuroEncounter, ctx: DecideContext): EngineEvent[] {
  const m = s.module;
  if (m.stage !== 'phases' || m.track.current === null) return [];
  const slot = currentSlot(m.track);
  const joining = (slot?.members ?? []).filter((id) => canActInPhase(s, id));
  if (joining.length > 0) return [{ type: 'turn-started', actors: joining, label: label(s) }];
  if (actingNow(s).length === 0) return resolveSlot(s, ctx);
  return [];
}
