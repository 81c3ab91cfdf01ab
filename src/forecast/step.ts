import { decide, decideCore, DiceService, evolveState, isCoreCommandType, settle } from '../core/index.ts';
import type { Command, CoreCommand, CoreEvent, DecideContext, Decision, EncounterState, EngineEvent, Rejection, RuleModule } from '../core/index.ts';
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
 *
 * A module that looks ahead (`ctx.apply`) has often settled its own events already, one after the
 * other from the state it was given: those steps are kept (`Applied`), and the next look-ahead and the final settle reuse
 * them (`settleReusing`) instead of folding the same events again.
 */
export const trustedStep: Stepper = (module, at, command) => {
  const state = at.state;
  const dice = new DiceService(at.rng);
  const applied: Applied[] = [];
  const ctx: DecideContext = {
    dice,
    core(c) {
      return decideCore(state, c as CoreCommand, module, dice);
    },
    apply(s, events) {
      const to = settleReusing(s, events, module, applied);
      // A copy: a module may add to its list after looking ahead.
      applied.push({ from: s, events: events.slice(), to });
      return to;
    },
  };
  let d: Decision<EngineEvent> | undefined = module.decide(state, command, ctx);
  if (d === undefined) {
    d = isCoreCommandType(command.type)
      ? decideCore(state, command as CoreCommand, module, dice)
      : { ok: false, rejection: { code: 'command/unhandled', message: `The ${module.title} rules did not handle "${command.type}".` } };
  }
  if (!d.ok) return d;
  const after = settleReusing(state, d.events, module, applied);
  return { ok: true, at: { state: after, rng: dice.advancedState() ?? at.rng } };
};

/** A look-ahead the module made: `settle(from, events).state` is `to`. */
interface Applied {
  readonly from: EncounterState;
  readonly events: readonly EngineEvent[];
  readonly to: EncounterState;
}

/**
 * `settle(state, events, module).state`, taking known steps where they fit: from the state reached so
 * far, a look-ahead over the very next events (the same objects) gives the state after them, since
 * settling is pure and an event's follow-ups depend only on the state before it and the event, except
 * a heal's (a later event of the decision may set the defeat itself): a look-ahead holding a heal is
 * not reused. The rest is settled as usual.
 */
export function settleReusing(state: EncounterState, events: readonly EngineEvent[], module: RuleModule, applied: readonly Applied[]): EncounterState {
  let s = state;
  let i = 0;
  while (i < events.length) {
    const known = applied.length > 0 ? reusable(applied, s, events, i) : undefined;
    if (known === undefined) return settle(s, i === 0 ? events : events.slice(i), module).state;
    s = known.to;
    i += known.events.length;
  }
  return s;
}

/** The look-ahead from `from` over the most of the next events (the longest saves the most folding). */
function reusable(applied: readonly Applied[], from: EncounterState, events: readonly EngineEvent[], i: number): Applied | undefined {
  let best: Applied | undefined;
  for (const a of applied) {
    if (a.from !== from || a.events.length === 0 || a.events.length > events.length - i) continue;
    if (best !== undefined && a.events.length <= best.events.length) continue;
    let same = true;
    for (let k = 0; k < a.events.length && same; k++) same = a.events[k] === events[i + k] && !isHeal(a.events[k]!);
    if (same) best = a;
  }
  return best;
}

/** HP from 0 (or below) to above 0: settle's follow-up looks at the decision's later events. */
function isHeal(e: EngineEvent): boolean {
  if (e.type !== 'track-changed') return false;
  const t = e as Extract<CoreEvent, { type: 'track-changed' }>;
  return t.track === 'hp' && t.to > 0 && t.from <= 0;
}
