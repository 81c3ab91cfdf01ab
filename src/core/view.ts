import type { Encounter } from './encounter.ts';
import type { FoldEngine } from './fold-engine.ts';
import type { ActionOption, WhoMayAct } from './turn.ts';
import type { Combatant, Side } from './combatant.ts';
import type { TurnClock } from './state.ts';

/** A read model of an encounter for interfaces: the state, who may act now and what each may do. */
export interface EncounterView {
  readonly title: string;
  readonly rules: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly status: string;
  readonly round: number;
  readonly version: number;
  readonly now: WhoMayAct;
  readonly sides: readonly Side[];
  readonly combatants: ReadonlyArray<Combatant & { readonly actions: readonly ActionOption[] }>;
  /** The rule module's own state (initiative, order, actions spent...). */
  readonly module: unknown;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** The turn clock: when the current turn started and its paused time (src/core/turn-clock.ts). */
  readonly clock: TurnClock;
}

export function viewOf(engine: FoldEngine, encounter: Encounter): EncounterView {
  const s = encounter.state;
  return {
    title: s.title,
    rules: s.rules.id,
    options: s.options,
    status: s.status,
    round: s.round,
    version: encounter.version,
    now: engine.whoMayAct(encounter),
    sides: s.sideOrder.map((id) => s.sides[id]!).filter(Boolean),
    combatants: s.roster.map((id) => ({ ...s.combatants[id]!, actions: engine.allowedActions(encounter, id) ?? [] })),
    module: s.module,
    canUndo: encounter.undo !== null,
    canRedo: encounter.redo !== null,
    clock: s.clock,
  };
}
