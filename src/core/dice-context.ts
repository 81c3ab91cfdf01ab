import { Prng, rollDice, rollEntered } from '../dice/index.ts';
import type { DiceExpr, RngState, RollResult } from '../dice/index.ts';
import { z } from 'zod';
import { parseTableDice } from './notation.ts';

/** Faces a GM typed in, by roll key: `{ "hit": [14], "damage": [5] }` or `{ "Vasquez": 6 }`. */
export type EnteredDice = Readonly<Record<string, number | readonly number[]>>;

const NONE = { ok: true, dice: new Map() } as const;
const faces = z.union([z.number().int(), z.array(z.number().int()).max(1000)]);

/**
 * The faces typed in with a command, read from the command as sent (a schema's record would drop a
 * "__proto__" key, and a combatant may be called that): a Map by key, or the first malformed key.
 */
export function enteredDiceOf(raw: unknown): { ok: true; dice: ReadonlyMap<string, number | readonly number[]> } | { ok: false; key: string } {
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) return NONE;
  const dice = new Map<string, number | readonly number[]>();
  for (const [key, value] of Object.entries(raw)) {
    const parsed = faces.safeParse(value);
    if (!parsed.success) return { ok: false, key };
    dice.set(key, parsed.data);
  }
  return { ok: true, dice };
}

/** Thrown inside `decide` when the encounter's saved PRNG state is unusable (a damaged import, say). */
export class DiceStateError extends Error {
  constructor(message: string) {
    super(message);
  }
}

/** Thrown inside `decide` when typed-in dice do not fit; the core turns it into a rejection. */
export class EnteredDiceError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Dice for one decision. A rule module asks for a roll by key; if the GM typed in the faces for that key
 * they are validated and used, otherwise the encounter's PRNG rolls. Either way the result is a
 * RollResult that goes into the event. A notation is parsed with the engine's limits
 * (`parseTableDice`); a bad one throws DiceNotationError, which `decide` turns into a rejection.
 */
/** No dice typed in: one empty map shared by every decision that rolls its own (never written to). */
const NONE_TYPED: ReadonlyMap<string, number | readonly number[]> = new Map();

export class DiceService {
  private prng: Prng | null = null;
  private readonly used = new Set<string>();
  /** By key, as typed: a Map, so a key such as "constructor" or "__proto__" is just a key. */
  private readonly entered: ReadonlyMap<string, number | readonly number[]>;

  constructor(
    private readonly rngState: RngState,
    entered: EnteredDice | ReadonlyMap<string, number | readonly number[]> = NONE_TYPED,
  ) {
    this.entered = entered instanceof Map ? entered : new Map(Object.entries(entered));
  }

  /** Roll `notation` (or use the faces typed in under `key`). */
  roll(key: string, notation: string | DiceExpr): RollResult {
    const expr = typeof notation === 'string' ? parseTableDice(notation) : notation;
    const typed = this.entered.get(key);
    if (typed !== undefined) {
      if (this.used.has(key)) throw new EnteredDiceError(key, `The dice typed in for "${key}" were already used by another roll.`);
      this.used.add(key);
      const faces = typeof typed === 'number' ? [typed] : [...typed];
      const r = rollEntered(expr, faces);
      if (!r.ok) throw new EnteredDiceError(key, `Dice typed in for "${key}" (${expr.notation}): ${r.message}`);
      return r.result;
    }
    this.prng ??= this.resume();
    return rollDice(expr, this.prng);
  }

  /**
   * Rolls that did not happen (say, damage after a miss): faces typed in for these keys are accepted
   * and ignored, since a table often rolls attack and damage together.
   */
  skip(...keys: string[]): void {
    for (const k of keys) this.used.add(k);
  }

  /** Whether faces were typed in for this key. */
  has(key: string): boolean {
    return this.entered.has(key);
  }

  /** The PRNG's state after this decision, or null if it was not used. */
  advancedState(): RngState | null {
    return this.prng ? this.prng.state() : null;
  }

  /** Keys the GM typed in that no roll asked for. */
  unused(): string[] {
    if (this.entered.size === 0) return [];
    return [...this.entered.keys()].filter((k) => !this.used.has(k));
  }

  private resume(): Prng {
    try {
      return Prng.fromState(this.rngState);
    } catch (e) {
      throw new DiceStateError((e as Error).message);
    }
  }
}
