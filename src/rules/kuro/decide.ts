import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { loseAction, setActions } from './actions.ts';
import { attack } from './attack.ts';
import { check } from './check.ts';
import { rollInitiative, setInitiative, start } from './initiative.ts';
import { addCombatant, healed, removeCombatant, reorder, setDefeated } from './roster.ts';
import type { KuroEncounter } from './state.ts';
import { act, endTurn } from './turn.ts';

/** The module's commands, and the core commands whose consequences it extends; the rest go to the core. */
export function decideKuro(s: KuroEncounter, command: Command, ctx: DecideContext): Decision<EngineEvent> | undefined {
  switch (command.type) {
    case 'start':
      return start(s, ctx);
    case 'roll-initiative':
      return rollInitiative(s, command, ctx);
    case 'set-initiative':
      return setInitiative(s, command, ctx);
    case 'end-turn':
      return endTurn(s, command, ctx);
    case 'act':
      return act(s, command);
    case 'attack':
      return attack(s, command, ctx);
    case 'lose-action':
      return loseAction(s, command, ctx);
    case 'set-actions':
      return setActions(s, command, ctx);
    case 'check':
      return check(s, command, ctx);
    case 'add-combatant':
      return addCombatant(s, command, ctx);
    case 'remove-combatant':
      return removeCombatant(s, command, ctx);
    case 'set-defeated':
      return setDefeated(s, command, ctx);
    case 'heal':
    case 'set-track':
      return healed(s, command, ctx);
    case 'reorder':
      return reorder(s, command, ctx);
    default:
      return undefined;
  }
}
