import type { Command, EncounterState, WhoMayAct } from '../core/index.ts';

/**
 * What the GM asks of a combatant in a forecast: `fight` (the default) attacks on its turns, `hold` stays
 * in the fight without attacking (it can still be hurt), `flee` is out of the fight from the start: never a
 * target, not needed for its side to win or lose, its turns passed.
 */
export type Stance = 'fight' | 'flee' | 'hold';

/** What the forecast tells a game's policy when it asks for the next command. */
export interface ForecastTurn {
  stance(id: string): Stance;
  /**
   * The foes `id` may attack now: on another side, not defeated, not fled, and visible to it (a PC
   * never targets a hidden combatant; an NPC may target anyone), in roster order.
   */
  foes(state: EncounterState, id: string): readonly string[];
  /** The policy's options, by name (each game's README says which it reads). */
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * How one game's combatants play in a forecast (`src/rules/<game>/forecast-policy.ts`). Plain functions
 * over the state: the forecast feeds the command to the real decide.
 */
export interface ForecastPolicy {
  /** The game's rule module id. */
  readonly rules: string;
  /** The policy in one sentence, for the README and the CLI. */
  readonly summary: string;
  /**
   * The commands for `now`, sent in order (say, an attack then the end of the turn; the forecast stops
   * between them when the fight is won), or null when the policy has nothing to do (the run is then
   * undecided). Deterministic: any choice (a side's member, a pass) is made by a stated rule.
   */
  next(state: EncounterState, now: WhoMayAct, turn: ForecastTurn): readonly Command[] | null;
  /**
   * The expected damage of `attacker`'s best attack on `target` (0: it cannot hurt it). The forecast asks
   * it before running: when nobody can hurt a foe, the fight cannot end.
   */
  threat(state: EncounterState, attacker: string, target: string, turn: ForecastTurn): number;
  /**
   * What is wrong with the policy's options for this fight, in words, or null. A policy without it takes
   * no options. Asked once, before any run: a bad option is a `forecast/policy-option` problem, never a
   * silent default.
   */
  checkOptions?(options: Readonly<Record<string, unknown>>, state: EncounterState): string | null;
}
