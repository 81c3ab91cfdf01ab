/**
 * Each game's own state as players read it, from the module state without shipping it (like
 * player-order.ts): Fallout's party Action Point pool, Kuro's game turn and who acts in which phase.
 * Only visible combatants, by the ids players know them by; nothing here counts the hidden. Pure.
 *
 * Fallout: the party pool only. The rules text says how characters spend Action Points ("During combat,
 * you can spend Action Points to do the following") and the rules README only that "Party AP pool: max
 * 6; the GM has its own pool"; nothing says players see the GM's pool, and its total moves when a hidden
 * NPC spends or saves AP, so showing it would tell players that someone they cannot see just acted.
 */
import type { EncounterState } from '../../core/index.ts';

export interface PlayerPhaseMember {
  readonly id: string;
  readonly name: string;
  /** Has taken (or is taking) its action in this phase. */
  readonly acted: boolean;
}

export interface PlayerPhase {
  readonly phase: number;
  /** Highest initiative first. */
  readonly members: readonly PlayerPhaseMember[];
  readonly current: boolean;
}

export type PlayerGame =
  | { readonly kind: 'fallout'; readonly partyAp: { readonly value: number; readonly max: number | null } }
  | {
      readonly kind: 'kuro';
      readonly gameTurn: number;
      /** `initiative`: the game turn's rolls come first; `phases`: the phases run. */
      readonly stage: 'setup' | 'initiative' | 'phases';
      /** The current phase (0 before the phases begin). */
      readonly phase: number;
      /** Who acts in which phase: everyone visible with at least k actions acts in phase k. */
      readonly phases: readonly PlayerPhase[];
    };

type Rec = Record<string, unknown>;
const rec = (x: unknown): Rec => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Rec) : {});
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

function fallout(state: EncounterState): PlayerGame | undefined {
  const pools = rec(rec(state.module).pools);
  const value = num(pools.party);
  if (value === null) return undefined;
  const max = num(rec(state.options).partyPoolMax);
  return { kind: 'fallout', partyAp: { value, max: max ?? 6 } };
}

function kuro(state: EncounterState, visible: (id: string) => boolean, pid: (id: string) => string): PlayerGame | undefined {
  const m = rec(state.module);
  const stage = m.stage === 'setup' || m.stage === 'initiative' || m.stage === 'phases' ? m.stage : undefined;
  if (!stage) return undefined;
  const phase = num(m.phase) ?? 0;
  const initiative = rec(m.initiative);
  const actions = rec(m.actions);
  const acted = rec(m.acted);
  const done = Array.isArray(rec(m.track).done) ? (rec(m.track).done as unknown[]) : [];
  const tookPart = (id: string, k: number): boolean => Array.isArray(acted[id]) && (acted[id] as unknown[]).includes(k);
  // Highest initiative first (the GM's placement among equals next); the roster's order among equals.
  const ranked = state.roster
    .filter((id) => visible(id) && Object.hasOwn(initiative, id))
    .map((id, i) => ({ id, i, total: num(rec(initiative[id]).total) ?? 0, shift: num(rec(initiative[id]).shift) ?? 0 }))
    .sort((a, b) => b.total - a.total || b.shift - a.shift || a.i - b.i);
  // Counted among the visible only: the number of phases is the most actions anyone players see has.
  const count = ranked.reduce((n, r) => Math.max(n, state.combatants[r.id]!.defeated ? 0 : (num(actions[r.id]) ?? 0), ...((acted[r.id] as number[] | undefined) ?? []).filter((k) => typeof k === 'number')), 0);
  const phases: PlayerPhase[] = [];
  if (stage === 'phases') {
    for (let k = 1; k <= count; k++) {
      const members = ranked
        .filter(({ id }) => tookPart(id, k) || (!state.combatants[id]!.defeated && (num(actions[id]) ?? 0) >= k))
        .map(({ id }) => ({ id: pid(id), name: state.combatants[id]!.name, acted: tookPart(id, k) && (k < phase || done.includes(id)) }));
      if (members.length > 0) phases.push({ phase: k, members, current: k === phase });
    }
  }
  return { kind: 'kuro', gameTurn: state.round, stage, phase: stage === 'phases' ? phase : 0, phases };
}

/** The game's own state for players, or undefined for games without one to show. */
export function playerGame(state: EncounterState, visible: (id: string) => boolean, pid: (id: string) => string): PlayerGame | undefined {
  if (state.rules.id === 'fallout') return fallout(state);
  if (state.rules.id === 'kuro') return kuro(state, visible, pid);
  return undefined;
}

/** Fallout between turns: nobody's turn runs until the next one's first action (it is "next", not acting). */
export function betweenTurns(state: EncounterState): boolean {
  if (state.rules.id !== 'fallout' || state.status !== 'running') return false;
  const m = rec(state.module);
  return m.turn == null && m.firing == null && m.pendingAttack == null;
}
