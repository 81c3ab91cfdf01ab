/**
 * The story of a fight as facts: one fold over the whole log (undone commands left out, as the log
 * strikes them through), noting each turn, each turn's time, each damage and heal with who dealt it when
 * the events say, each defeat and return, and each of the game's resources spent; every fact with the
 * round it happened in and the combatants it concerns that were hidden then. summary.ts adds them up for
 * a reader. Pure: times come from the `turn-timed` events the server records, never from a clock.
 */
import { emptyEncounter, evolve } from '../encounter.ts';
import type { Encounter } from '../encounter.ts';
import type { CoreEvent, EngineEvent, StoredEvent } from '../events.ts';
import { isCoreEvent } from '../events.ts';
import type { FoldModule } from '../rule-module.ts';
import type { EncounterState } from '../state.ts';
import type { StoryRules } from '../story-rules.ts';

export type StoryFact =
  /** A turn began (the turn-started boundary). */
  | { readonly kind: 'turn'; readonly round: number; readonly actors: readonly string[]; readonly hidden: readonly string[] }
  /** A turn ended after `ms` of the clock running (pauses left out): a `turn-timed` event. No actors: the GM's time (a decision). */
  | { readonly kind: 'timed'; readonly round: number; readonly actors: readonly string[]; readonly ms: number; readonly hidden: readonly string[] }
  | {
      readonly kind: 'damage' | 'heal';
      readonly round: number;
      readonly target: string;
      /** Who dealt it (or healed), when the events say or the table's way of playing tells (story-rules.ts). */
      readonly by: string | null;
      readonly amount: number;
      readonly track: string;
      readonly hidden: readonly string[];
    }
  | { readonly kind: 'down' | 'up'; readonly round: number; readonly id: string; readonly by: string | null; readonly hidden: readonly string[] }
  | {
      readonly kind: 'spent';
      readonly round: number;
      readonly by: string | null;
      readonly resource: string;
      readonly amount: number;
      readonly pool?: string;
      readonly hidden: readonly string[];
    }
  | { readonly kind: 'round'; readonly round: number };

/** A combatant as the fight leaves it (or as it last was, if it left the fight). */
export interface StoryCombatant {
  readonly id: string;
  readonly name: string;
  readonly kind: 'pc' | 'npc';
  readonly side: string;
  readonly hidden: boolean;
  readonly removed: boolean;
}

export interface StoryFacts {
  readonly title: string;
  readonly rules: string;
  /** The game's title ("Stars Without Number"). */
  readonly rulesTitle: string;
  /** What the game calls a round ("game turn" in Kuro). */
  readonly roundName: string;
  readonly ended: boolean;
  /** Whether any turn was timed: a fight recorded before turn times has none ("not timed"). */
  readonly timed: boolean;
  readonly facts: readonly StoryFact[];
  /** Everyone who was in the fight, in roster order, then those who left it. */
  readonly combatants: readonly StoryCombatant[];
  /** Side names by id (as they are now). */
  readonly sides: Readonly<Record<string, string>>;
}

const identity: FoldModule = {
  id: '',
  title: '',
  version: 0,
  init: () => undefined,
  evolve: (s) => s,
  whoMayAct: () => ({ kind: 'ended' }) as never,
  allowedActions: () => [],
  describe: () => null,
};

/** The commands undone and not redone (the log strikes their lines through): their events do not count. */
export function undoneCommands(events: Iterable<StoredEvent>): Set<number> {
  const undone = new Set<number>();
  for (const { event } of events) {
    if (event.type === 'undone') undone.add(event.cmd);
    else if (event.type === 'redone') undone.delete(event.cmd);
  }
  return undone;
}

/** The facts of a fight from its whole log; `module`: its game's fold half (the core's part alone without it). */
export function storyFacts(events: readonly StoredEvent[], module?: FoldModule): StoryFacts {
  const fold = module ?? identity;
  const rules: StoryRules = module?.story ?? {};
  const undone = undoneCommands(events);
  const facts: StoryFact[] = [];
  const people = new Map<string, StoryCombatant>();
  let enc: Encounter = emptyEncounter();
  let cmd = -1;
  /** This command's attacks: target → attacker. */
  let attackers = new Map<string, string>();
  /** This command's damage: target → who dealt it (for a defeat it causes). */
  let lastBy = new Map<string, string | null>();
  /** The last action taken (rules.actionBy): hand-applied damage counts as theirs. */
  let lastAction: string | null = null;
  let timed = false;

  for (const stored of events) {
    const before = enc.state;
    enc = evolve(enc, stored, fold);
    const e = stored.event;
    if (e.type === 'undone' || e.type === 'redone' || e.type === 'rng-advanced' || undone.has(stored.cmd)) continue;
    if (stored.cmd !== cmd) {
      cmd = stored.cmd;
      attackers = new Map();
      lastBy = new Map();
    }
    const round = before.round;
    const hiddenOf = (ids: readonly (string | null)[]): string[] =>
      ids.filter((id): id is string => id !== null && (before.combatants[id] ?? enc.state.combatants[id])?.hidden === true);
    noteAttacks(e, attackers);
    const by = rules.actionBy?.(e);
    if (by) lastAction = by;
    for (const s of rules.spent?.(e, before) ?? []) {
      facts.push({ kind: 'spent', round, by: s.by, resource: s.resource, amount: s.amount, ...(s.pool !== undefined ? { pool: s.pool } : {}), hidden: hiddenOf([s.by]) });
    }
    if (!isCoreEvent(e)) continue;
    const c = e as CoreEvent;
    switch (c.type) {
      case 'turn-timed':
        // The turn clock (src/core/turn-clock.ts): the turn that ended and its time, pauses left out.
        if (c.ended) {
          timed = true;
          facts.push({ kind: 'timed', round: c.ended.round, actors: c.ended.actors, ms: Math.max(0, c.ended.took), hidden: hiddenOf(c.ended.actors) });
        }
        break;
      case 'combatant-added':
      case 'combatant-updated':
      case 'combatant-removed': {
        const id = c.type === 'combatant-added' ? c.combatant.id : c.id;
        const now = enc.state.combatants[id];
        const known = people.get(id);
        if (now) people.set(id, { id, name: now.name, kind: now.kind, side: now.side, hidden: now.hidden, removed: false });
        else if (known) people.set(id, { ...known, removed: true });
        break;
      }
      case 'round-started':
        facts.push({ kind: 'round', round: c.round });
        lastAction = null;
        break;
      case 'turn-started':
        facts.push({ kind: 'turn', round: enc.state.round, actors: c.actors, hidden: hiddenOf(c.actors) });
        break;
      case 'track-changed': {
        const change = damageOrHeal(c, before);
        if (!change) break;
        const named = attackers.get(c.id) ?? null;
        const fallback = rules.actionBy ? lastAction : before.inTurn.length === 1 ? before.inTurn[0]! : null;
        const dealer = named ?? (fallback === c.id ? null : fallback);
        if (change.kind === 'damage') lastBy.set(c.id, dealer);
        facts.push({ kind: change.kind, round, target: c.id, by: dealer, amount: change.amount, track: c.track, hidden: hiddenOf([c.id, dealer]) });
        break;
      }
      case 'defeated-set': {
        const dealer = c.defeated ? (lastBy.get(c.id) ?? null) : null;
        facts.push({ kind: c.defeated ? 'down' : 'up', round, id: c.id, by: dealer, hidden: hiddenOf([c.id, dealer]) });
        break;
      }
      default:
        break;
    }
  }
  const s = enc.state;
  const inRoster = s.roster.filter((id) => people.has(id));
  const gone = [...people.keys()].filter((id) => !Object.hasOwn(s.combatants, id));
  const sides: Record<string, string> = {};
  for (const id of s.sideOrder) sides[id] = s.sides[id]!.name;
  return {
    title: s.title,
    rules: s.rules.id,
    rulesTitle: module?.title ?? s.rules.id,
    roundName: module?.roundName ?? 'round',
    ended: s.status === 'ended',
    timed,
    facts,
    combatants: [
      ...inRoster.map((id) => {
        const c = s.combatants[id]!;
        return { id, name: c.name, kind: c.kind, side: c.side, hidden: c.hidden, removed: false };
      }),
      ...gone.map((id) => people.get(id)!),
    ],
    sides,
  };
}

/** Records who attacks whom: any module event naming an `actor` and a `target`, or `hits` that do. */
function noteAttacks(e: EngineEvent, attackers: Map<string, string>): void {
  if (isCoreEvent(e)) return;
  const r = e as Record<string, unknown>;
  if (typeof r.actor === 'string' && typeof r.target === 'string' && r.actor !== r.target) attackers.set(r.target, r.actor);
  if (Array.isArray(r.hits)) {
    for (const h of r.hits as unknown[]) {
      const hit = h as Record<string, unknown> | null;
      if (hit && typeof hit.actor === 'string' && typeof hit.target === 'string' && hit.actor !== hit.target) attackers.set(hit.target, hit.actor);
    }
  }
}

/**
 * Damage: HP lowered, or a rising track (less-lethal damage, stress) raised, for the reason "damage".
 * Heal: the reverse, for the reason "heal". A value the GM sets ("set") is a correction, neither.
 */
function damageOrHeal(e: Extract<CoreEvent, { type: 'track-changed' }>, before: EncounterState): { kind: 'damage' | 'heal'; amount: number } | null {
  if (e.reason !== 'damage' && e.reason !== 'heal') return null;
  const rising = before.combatants[e.id]?.tracks[e.track]?.rising === true;
  if (e.track !== 'hp' && !rising) return null;
  const worse = rising ? e.to - e.from : e.from - e.to;
  if (e.reason === 'damage' && worse > 0) return { kind: 'damage', amount: worse };
  if (e.reason === 'heal' && worse < 0) return { kind: 'heal', amount: -worse };
  return null;
}
