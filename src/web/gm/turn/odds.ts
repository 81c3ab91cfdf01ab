import { distribution, parseDice } from '../../../dice/index.ts';
import type { Distribution } from '../../../dice/index.ts';
import type { Command, Decision, EncounterState, EngineEvent } from '../../../core/index.ts';
import type { Bar, GameKit, Odds } from '../../games/index.ts';

export type { Bar, Odds } from '../../games/index.ts';

export type OddsAnswer =
  | { readonly ok: true; readonly odds: Odds | null; readonly events: readonly EngineEvent[] }
  | { readonly ok: false; readonly message: string; readonly code: string; readonly details?: Readonly<Record<string, unknown>> };

/** The bars of a distribution, dropping the far tails (under 0.1% each side) so exploding dice stay readable. */
export function barsOf(d: Distribution, success?: (v: number) => boolean): Bar[] {
  const cut = 0.001;
  let lo = 0;
  let hi = d.outcomes.length - 1;
  let tail = 0;
  while (lo < hi && tail + d.outcomes[lo]!.p < cut) tail += d.outcomes[lo++]!.p;
  tail = 0;
  while (hi > lo && tail + d.outcomes[hi]!.p < cut) tail += d.outcomes[hi--]!.p;
  return d.outcomes.slice(lo, hi + 1).map((o) => ({ value: o.value, p: o.p, ...(success ? { success: success(o.value) } : {}) }));
}

export function percent(p: number): string {
  const pct = p * 100;
  if (p > 0 && pct < 1) return '<1%';
  if (p < 1 && pct > 99) return '>99%';
  return `${Math.round(pct)}%`;
}

export function dist(notation: string): Distribution | null {
  try {
    return distribution(parseDice(notation));
  } catch {
    return null;
  }
}

export const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

export function damageNote(notation: string, bonus: number): string | null {
  const d = dist(notation);
  if (!d) return null;
  const lo = Math.max(0, d.min + bonus);
  const hi = Math.max(0, d.max + bonus);
  return `Damage ${notation}${bonus ? signed(bonus) : ''}: ${lo}–${hi}, ${(d.mean + bonus).toFixed(1)} on average.`;
}

export function findEvent(events: readonly EngineEvent[], type: string): Record<string, unknown> | undefined {
  return events.find((e) => e.type === type) as Record<string, unknown> | undefined;
}

/** Any command with a `roll` in dice notation (popcorn actions, health checks): its distribution. */
function plainRoll(command: Command): Odds | null {
  if (typeof command.roll !== 'string' || !command.roll.trim()) return null;
  const d = dist(command.roll.trim());
  if (!d) return null;
  return { text: `${d.notation}: ${d.min}–${d.max}, ${d.mean.toFixed(1)} on average`, bars: barsOf(d), axis: 'total', notes: [] };
}

/**
 * The odds of a command before its dice are rolled, from a dry run of the engine in the browser: the
 * same numbers the server will use. A refusal comes back in the engine's words.
 */
export function oddsOf(kit: GameKit, state: EncounterState, command: Command, dryRun: (c: Command) => Decision<EngineEvent> | null): OddsAnswer {
  const { dice: _dice, ...plain } = command;
  const decided = dryRun(plain as Command);
  if (decided && !decided.ok) return { ok: false, ...decided.rejection };
  const events = decided?.ok ? decided.events : [];
  // The game's own odds (games/<game>/odds.ts, loaded with its rules), else a plain roll's.
  let odds: Odds | null = kit.odds?.(state, command, events) ?? null;
  if (!odds) odds = plainRoll(command);
  return { ok: true, odds, events };
}
