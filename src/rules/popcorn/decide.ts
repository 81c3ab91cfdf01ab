import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { decideAct, decideConditional, decideDelay } from './actions.ts';
import type {
  ActCommand,
  CompleteCommand,
  ConditionalCommand,
  DelayCommand,
  EndChoiceCommand,
  HealthCheckCommand,
  HoldCommand,
  PassCommand,
  ReactCommand,
  StartCommand,
  TriggerCommand,
} from './commands.ts';
import { decideHold, decidePass } from './passing.ts';
import { decideAbandon, decideComplete, decideTrigger } from './pending.ts';
import { decideReact } from './reactions.ts';
import { decideRoster, decideSetActed } from './roster.ts';
import { decideEndChoice, decideHealthCheck, decideNextRound } from './round-end.ts';
import { decideStart } from './start.ts';
import type { PopcornEncounter } from './state.ts';

/** The module's commands, and the core commands it extends; undefined leaves a command to the core. */
export function decidePopcorn(s: PopcornEncounter, command: Command, ctx: DecideContext): Decision<EngineEvent> | undefined {
  switch (command.type) {
    case 'start':
      return decideStart(s, command as StartCommand, ctx);
    case 'pass':
      return decidePass(s, command as PassCommand);
    case 'hold':
      return decideHold(s, command as HoldCommand);
    case 'act':
      return decideAct(s, command as ActCommand, ctx);
    case 'delay':
      return decideDelay(s, command as DelayCommand);
    case 'conditional':
      return decideConditional(s, command as ConditionalCommand);
    case 'complete-delayed':
      return decideComplete(s, command as CompleteCommand, ctx);
    case 'abandon':
      return decideAbandon(s, command.actor as string, ctx);
    case 'trigger':
      return decideTrigger(s, command as TriggerCommand, ctx);
    case 'react':
      return decideReact(s, command as ReactCommand, ctx);
    case 'end-round-choice':
      return decideEndChoice(s, command as EndChoiceCommand, ctx);
    case 'health-check':
      return decideHealthCheck(s, command as HealthCheckCommand, ctx);
    case 'next-round':
      return decideNextRound(s);
    case 'set-acted':
      return decideSetActed(s, command.combatant as string, command.acted as boolean);
    default:
      return decideRoster(s, command, ctx);
  }
}
