import { decide, decideCore, DiceService, evolveState, isCoreCommandType, settle } from '../core/index.ts';
import type { Command, CoreCommand, DecideContext, Decision, EncounterState, EngineEvent, Rejection, RuleModule } from '../core/index.ts';
import type { RngState } from '../dice/index.ts';

/** Where a simulated fight stands: the state and the dice's position (what undo would keep aside). */
export interface Position {
  readonly state: EncounterState;
  readonly rng: RngState;
}

export type Stepped = { readonly ok: true; readonly at: Position } | { readonly ok: false; readonly rejection: Rejection };

export type Stepper = (module: RuleModule, at: Position, command: Command) => Stepped;

/**
 * One command through the core's `decide`, every check included (its shape by the schema, names, text,
 * size), then its events folded with `evolveState`: the state the engine reaches, without the undo stack,
 * the version or the log, which a forecast never reads.
 */
export const checkedStep: Stepper = (module, at, command) => {
  const encounter = { state: at.state, version: 1, cmd: 0, rng: at.rng, undo: null, redo: null };
  const d = decide(encounter, command, module);
  if (!d.ok) return d;
  let state = at.state;
  let rng = at.rng;
  for (const event of d.events) {
    if (event.type === 'rng-advanced') rng = event.rng;
    else state = evolveState(state, event, module);
  }
  return { ok: true, at: { state, rng } };
};

/**
 * The same decision without re-checking a command the policy built itself (ids, not names; the
 * schema's defaults filled in; no typed-in dice; no clock): the module decides (or the core, for a core
 * command), then `settle` adds what follows by itself and gives the state after it. The forecast's
 * tests play every game both ways and compare the outcomes run by run (`checked: true`).
 */
export const trustedStep: Stepper = (module, at, command) => {
  const state = at.state;
  const dice = new DiceService(at.rng);
  const ctx: DecideContext = {
    dice,
    core(c) {
      return decideCore(state, c as CoreCommand, module, dice);
    },
    apply(s, events) {
      return settle(s, events, module).state;
    },
  };
  let d: Decision<EngineEvent> | undefined = module.decide(state, command, ctx);
  if (d === undefined) {
    d = isCoreCommandType(command.type)
      ? decideCore(state, command as CoreCommand, module, dice)
      : { ok: false, rejection: { code: 'command/unhandled', message: `The ${module.title} rules did not handle "${command.type}".` } };
  }
  if (!d.ok) return d;
  const after = settle(state, d.events, module).state;
  return { ok: true, at: { state: after, rng: dice.advancedState() ?? at.rng } };
};
