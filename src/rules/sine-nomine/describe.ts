import type { EngineEvent, LogText } from '../../core/index.ts';
import { describeActions } from './describe-actions.ts';
import { describeInitiative } from './describe-initiative.ts';
import { ownName } from './game.ts';
import type { SnGame } from './game.ts';
import type { SnEncounter } from './state.ts';

/** Log text for the game's own events, from the state before the event. */
export function describeSn(game: SnGame, event: EngineEvent, state: SnEncounter): LogText | null {
  const name = ownName(game, event.type);
  if (name === null) return null;
  const e = event as unknown as Record<string, unknown>;
  const text = describeInitiative(name, e, state) ?? describeActions(name, e, state);
  return text ?? null;
}
