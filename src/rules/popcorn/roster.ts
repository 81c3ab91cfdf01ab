import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept } from '../../core/index.ts';
import { checkRunning } from './checks.ts';
import { hasActed, nameOf, poolOf, statsOf } from './queries.ts';
import { refuse } from './refusal.ts';
import { luckRolls } from './start.ts';
import type { PopcornEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/**
 * Core commands the module extends. None of them moves the initiative: a late joiner comes in face down
 * (it can be passed the initiative this round) and rolls its Luck Die on joining (key `luck:<name>`).
 */
export function decideRoster(s: PopcornEncounter, command: Command, ctx: DecideContext): D | undefined {
  switch (command.type) {
    case 'add-combatant': {
      const added = ctx.core(command);
      if (!added.ok || s.status !== 'running') return added;
      const after = ctx.apply(s, added.events) as PopcornEncounter;
      const ids = after.roster.filter((id) => !s.combatants[id]);
      return accept([...added.events, ...luckRolls(after, ids, ctx)]);
    }
    case 'update-combatant': {
      const updated = ctx.core(command);
      if (!updated.ok) return updated;
      const id = command.combatant as string;
      const after = ctx.apply(s, updated.events) as PopcornEncounter;
      const was = statsOf(s.combatants[id]!).heroDice;
      const size = statsOf(after.combatants[id]!).heroDice;
      if (was === size) return updated;
      const value = Math.min(poolOf(after.combatants[id]!).value, size);
      return accept([...updated.events, { type: 'popcorn/pool-resized', combatant: id, size, value }]);
    }
    case 'set-track': {
      const negative = [command.value, command.min, command.max].some((v) => typeof v === 'number' && v < 0);
      if (command.track === 'reactionPool' && negative) return refuse('popcorn/pool-negative', 'A Reaction Pool never goes below 0 dice.');
      return undefined;
    }
    default:
      return undefined;
  }
}


/**
 * The GM flips a card: `acted: false` gives the combatant back its action this round (face down),
 * `acted: true` takes it away (face up). Never the one who has or is passing the initiative.
 */
export function decideSetActed(s: PopcornEncounter, id: string, acted: boolean): D {
  const running = checkRunning(s);
  if (running) return running;
  const n = nameOf(s, id);
  const m = s.module;
  if (m.phase === 'end-of-round') return refuse('popcorn/round-over', `The turns of round ${s.round} are over: cards flip back at the next round.`);
  if (m.current === id && (m.phase === 'turn' || m.phase === 'pass')) {
    return refuse('popcorn/has-initiative', `${n} has the initiative: let ${n} act, hold or pass first.`);
  }
  if (hasActed(s, id) === acted) return refuse('popcorn/unchanged', `${n}'s card is already face ${acted ? 'up' : 'down'}.`);
  return accept([{ type: 'popcorn/acted-set', combatant: id, acted }]);
}
