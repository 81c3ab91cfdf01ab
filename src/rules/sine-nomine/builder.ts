import { accept } from '../../core/index.ts';
import type { DecideContext, Decision, DiceService, Duration, EngineEvent, ModuleEvent } from '../../core/index.ts';
import { eventType } from './game.ts';
import type { SnGame } from './game.ts';
import type { SnEncounter, SnState } from './state.ts';

/**
 * Collects a decision's events while keeping the state they lead to, so each step of a decision
 * (end a turn, open a round, roll late initiative, start the next slot) sees the one before.
 */
export class Builder {
  readonly events: EngineEvent[] = [];
  state: SnEncounter;

  constructor(
    state: SnEncounter,
    readonly game: SnGame,
    private readonly ctx: DecideContext,
  ) {
    this.state = state;
  }

  get m(): SnState {
    return this.state.module;
  }

  get dice(): DiceService {
    return this.ctx.dice;
  }

  /** The command's label is a player's words (a request the server built): `DecideContext.playerWords`. */
  get playerWords(): boolean {
    return this.ctx.playerWords === true;
  }

  push(...events: readonly EngineEvent[]): void {
    for (const e of events) {
      this.events.push(e);
      this.state = this.ctx.apply(this.state, [e]) as SnEncounter;
    }
  }

  /** A module event, named without the game prefix. */
  emit(name: string, fields: Readonly<Record<string, unknown>>): void {
    this.push({ ...fields, type: eventType(this.game, name) } as ModuleEvent);
  }

  /** A core condition-added event with the next condition id. */
  addCondition(id: string, name: string, duration: Duration, extra: { expiresAtRound?: number; note?: string } = {}): void {
    this.push({
      type: 'condition-added',
      id,
      condition: { id: `k${this.state.nextCondition}`, name, duration, ...extra },
    });
  }

  /** Remove a condition by name if the combatant has it. */
  removeCondition(id: string, name: string): void {
    const c = this.state.combatants[id];
    const k = c?.conditions.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (c && k) this.push({ type: 'condition-removed', id, conditionId: k.id, name: k.name, reason: 'removed' });
  }

  done(): Decision<EngineEvent> {
    return accept(this.events);
  }
}
