import type { z } from 'zod';
import { DiceOddsError } from '../dice/index.ts';
import { coreCommandSchemas, isCoreCommandType } from './commands.ts';
import type { CoreCommand } from './commands.ts';
import { decideCore } from './decide-core.ts';
import { DiceService, DiceStateError, EnteredDiceError, enteredDiceOf } from './dice-context.ts';
import type { Encounter } from './encounter.ts';
import type { EngineEvent } from './events.ts';
import { DiceNotationError, notationDetails } from './notation.ts';
import { resolveRefs, unknownCombatant } from './refs.ts';
import { accept, reject } from './rejection.ts';
import type { Decision } from './rejection.ts';
import type { Command, DecideContext, DecideOptions, RuleModule } from './rule-module.ts';
import { settle } from './settle.ts';
import { checkDecisionSize } from './size.ts';
import type { EncounterState } from './state.ts';
import { findTextProblem } from './text.ts';
import { decideClock, timedTurnOf, turnTimed } from './turn-clock.ts';
import { rejectInvalid } from './validation.ts';

type D = Decision<EngineEvent>;

/** Commands allowed once the encounter has ended. */
const AFTER_END = new Set(['undo', 'redo', 'reopen-encounter', 'note']);

/**
 * decide(encounter, command) -> events | rejection. Validates the command's shape, resolves combatant
 * names, lets the rule module decide (or the core, for core commands it leaves alone), rolls or checks
 * typed-in dice, and adds what follows by itself (expiring conditions, defeat at 0 HP). Pure: the only
 * randomness is the encounter's PRNG state, and its new position is an event too. `options`: what the
 * caller knows of the command beyond its JSON (a player's request: its label is the player's words; the
 * time, from the caller's clock: a change of turn is timed, src/core/turn-clock.ts).
 */
export function decide(encounter: Encounter, input: unknown, module: RuleModule, options: DecideOptions = {}): D {
  const state = encounter.state;
  const at = typeof options.at === 'number' && Number.isFinite(options.at) && options.at >= 0 ? options.at : undefined;
  if (state.rules.id === '') return reject('encounter/not-created', 'Create the encounter first.');
  if (typeof input !== 'object' || input === null || Array.isArray(input) || typeof (input as Command).type !== 'string') {
    return reject('command/invalid', 'A command is a JSON object with a "type", e.g. {"type": "undo"}.');
  }
  const type = (input as Command).type;
  const text = findTextProblem(input);
  if (text) return reject('command/invalid-text', `${type}: ${text.path ? `"${text.path}" ` : ''}${text.problem}.`, { path: text.path });
  if (type === 'undo') return undo(encounter);
  if (type === 'redo') return redo(encounter);
  const schema = schemaFor(type, module);
  if (!schema) {
    const known = [...Object.keys(coreCommandSchemas), ...Object.keys(module.commands)].join(', ');
    return reject('command/unknown', `"${type}" is not a command of Turnkeeper or of the ${module.title} rules. Commands: ${known}.`);
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) return rejectInvalid(parsed.error, 'command/invalid', type);
  if (state.status === 'ended' && !AFTER_END.has(type)) {
    return reject('encounter/ended', 'The encounter has ended: reopen it (reopen-encounter) or undo to change anything.');
  }
  const resolved = resolveRefs(state, parsed.data);
  if (!resolved.ok) return unknownCombatant(state, resolved.ref);
  const command = resolved.value as Command;

  // Typed-in dice are read from the command as sent: a record schema drops a "__proto__" key.
  const entered = enteredDiceOf((input as Command).dice);
  if (!entered.ok) return reject('command/invalid', `${type}: dice.${entered.key}: faces are a whole number or a list of at most 1,000 whole numbers.`);
  const dice = new DiceService(encounter.rng, entered.dice);
  // Methods, not arrow properties: tsx's esbuild names every arrow property it makes, on each decision.
  const ctx: DecideContext = {
    dice,
    core(c) {
      return decideCore(state, c as CoreCommand, module, dice);
    },
    apply(s, events) {
      return settle(s, events, module).state;
    },
    ...(options.playerWords === true ? { playerWords: true } : {}),
  };
  let decision: D;
  try {
    decision =
      type === 'pause-clock' || type === 'resume-clock'
        ? decideClock(state, type, at)
        : (module.decide(state, command, ctx) ?? decideOwn(state, command, module, dice));
  } catch (e) {
    // Dice problems found while deciding are the GM's to fix, not a crash (notations are also checked
    // when they are given; this catches what the rules build from them).
    if (e instanceof EnteredDiceError) return reject('dice/entered', e.message, { key: e.key });
    if (e instanceof DiceNotationError) return reject('dice/notation', `${type}: ${e.message}.`, { ...notationDetails(e) });
    if (e instanceof DiceOddsError) return reject(e.code, `${type}: ${e.message}.`, { notation: e.notation });
    if (e instanceof DiceStateError) {
      return reject('dice/state', `${type}: the encounter's dice cannot roll (${e.message}): its saved state is damaged. Type in the dice, or export the encounter and report it.`);
    }
    throw e;
  }
  if (!decision.ok) return decision;
  const unused = dice.unused();
  if (unused.length > 0) {
    return reject(
      'dice/unused',
      `Dice were typed in for ${unused.map((k) => `"${k}"`).join(', ')}, but this command rolls nothing by that name.`,
      { unused },
    );
  }
  const { events: settled, state: after } = settle(state, decision.events, module);
  if (at !== undefined) {
    const timed = turnTimed(timedTurnIn(state, module), timedTurnIn(after, module), state.clock, at);
    if (timed) settled.push(timed);
  }
  const rng = dice.advancedState();
  const events: EngineEvent[] = rng ? [...settled, { type: 'rng-advanced', rng }] : settled;
  return checkDecisionSize(type, events) ?? accept(events);
}

/** The turn the clock times in `state` (none unless the fight runs: who may act is not asked then). */
function timedTurnIn(state: EncounterState, module: RuleModule): ReturnType<typeof timedTurnOf> {
  return state.status === 'running' ? timedTurnOf(state, module.whoMayAct(state)) : null;
}

function schemaFor(type: string, module: RuleModule): z.ZodType | undefined {
  if (Object.prototype.hasOwnProperty.call(module.commands, type)) return module.commands[type];
  if (isCoreCommandType(type)) return coreCommandSchemas[type];
  return undefined;
}

function decideOwn(state: EncounterState, command: Command, module: RuleModule, dice: DiceService): D {
  if (isCoreCommandType(command.type)) return decideCore(state, command as CoreCommand, module, dice);
  return reject('command/unhandled', `The ${module.title} rules did not handle "${command.type}".`);
}

function undo(encounter: Encounter): D {
  const step = encounter.undo;
  if (!step) return reject('undo/nothing', 'There is nothing to undo.');
  return accept([{ type: 'undone', cmd: step.top.cmd }]);
}

function redo(encounter: Encounter): D {
  const step = encounter.redo;
  if (!step) return reject('redo/nothing', 'There is nothing to redo.');
  return accept([{ type: 'redone', cmd: step.top.cmd }]);
}
