import { distribution, parseDice } from '../../../dice/index.ts';
import type { Distribution } from '../../../dice/index.ts';
import type { Combatant, Command, Decision, EncounterState, EngineEvent } from '../../../core/index.ts';
import type { GameKit } from '../../shared/games.ts';

/** One bar of the chart: a total (or a number of successes) and its chance; `success` colours it. */
export interface Bar {
  readonly value: number;
  readonly p: number;
  readonly success?: boolean;
}

export interface Odds {
  /** The chance of success, when the roll has one. */
  readonly p?: number;
  /** In words: "1d20+3 vs AC 14: hits on 11 or more". */
  readonly text: string;
  readonly bars: readonly Bar[];
  /** What the bars count ("total", "successes"). */
  readonly axis: string;
  readonly notes: readonly string[];
}

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

function dist(notation: string): Distribution | null {
  try {
    return distribution(parseDice(notation));
  } catch {
    return null;
  }
}

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

function damageNote(notation: string, bonus: number): string | null {
  const d = dist(notation);
  if (!d) return null;
  const lo = Math.max(0, d.min + bonus);
  const hi = Math.max(0, d.max + bonus);
  return `Damage ${notation}${bonus ? signed(bonus) : ''}: ${lo}–${hi}, ${(d.mean + bonus).toFixed(1)} on average.`;
}

function find(events: readonly EngineEvent[], type: string): Record<string, unknown> | undefined {
  return events.find((e) => e.type === type) as Record<string, unknown> | undefined;
}

/** Sine Nomine: 1d20 + the bonus the engine computed, against the target's AC. */
function sineNomine(state: EncounterState, rules: string, command: Command, events: readonly EngineEvent[]): Odds | null {
  const e = find(events, `${rules}/attacked`);
  if (!e) return null;
  const bonus = Number(e.bonus);
  const ac = Number(e.ac);
  const need = ac - bonus;
  const bars: Bar[] = [];
  for (let f = 1; f <= 20; f++) bars.push({ value: f + bonus, p: 0.05, success: f + bonus >= ac });
  const p = bars.filter((b) => b.success).length / 20;
  const parts = (e.parts as { label: string; value: number }[] | undefined) ?? [];
  const notes = [`Bonus ${signed(bonus)}: ${parts.map((x) => `${x.label} ${signed(x.value)}`).join(', ') || 'none'}.`];
  const actor = state.combatants[String(command.actor ?? e.actor)];
  const weapons = (actor?.stats.weapons as { name: string; damage: string }[] | undefined) ?? [];
  const weapon = weapons.find((w) => w.name === e.weapon);
  const dmg = damageNote(weapon?.damage ?? '1d2', Number(e.damageBonus ?? 0));
  if (dmg) notes.push(dmg);
  const shock = e.shock as { damage: number } | undefined;
  if (shock) notes.push(`Shock: a miss still deals ${shock.damage}.`);
  for (const ig of (e.ignored as { label?: string }[] | undefined) ?? []) if (ig.label) notes.push(`Left out: ${ig.label}.`);
  return {
    p,
    text: `1d20${signed(bonus)} vs AC ${ac}: ${need > 20 ? 'cannot hit' : need <= 1 ? 'always hits' : `hits on a d20 of ${need} or more`}`,
    bars,
    axis: 'total',
    notes,
  };
}

function kuro(kit: GameKit, state: EncounterState, command: Command): Odds | null {
  if (!kit.kuroAttackOdds) return null;
  const { type: _t, dice: _d, label: _l, ...input } = command;
  const r = kit.kuroAttackOdds(state, input as never);
  if (!r.ok) return null;
  const d = dist(r.attack);
  const tn = r.tn;
  const bars = d ? barsOf(d, tn !== undefined ? (v) => v >= tn : undefined) : [];
  const text = tn !== undefined ? `${r.attack} vs TN ${tn}` : `${r.attack} against the ${String(command.defence)} ${r.defence}${r.tnModifier ? ` ${signed(r.tnModifier)}` : ''} (ties to the defender)`;
  const notes = [`Damage on a hit: ${r.damage.notation}${r.damage.modifier ? signed(r.damage.modifier) : ''}${r.damage.armour ? ` − armour ${r.damage.armour}` : ''}, ${r.damage.meanOnHit.toFixed(1)} on average; expected ${r.expectedDamage.toFixed(1)}.`];
  return { p: r.pHit, text, bars, axis: 'total', notes };
}

/** Fallout: the engine's own test (its exact odds travel in the event), charted as successes. */
function fallout(kit: GameKit, events: readonly EngineEvent[]): Odds | null {
  for (const e of events) {
    const test = (e as { test?: unknown }).test as { dice: number; target: number; critAt: number; difficulty: number; odds: number; helpers: unknown[] } | undefined;
    if (!test || typeof test.odds !== 'number') continue;
    const notation = kit.falloutTestNotation?.(test.dice, test) ?? `${test.dice}d20<=${test.target}cs<=${test.critAt}`;
    const d = dist(notation);
    const why = (e as { why?: string[] }).why ?? [];
    return {
      p: test.odds,
      text: `${test.dice}d20, target ${test.target}${test.critAt > 1 ? ` (1–${test.critAt} count double)` : ''}, difficulty ${test.difficulty}`,
      bars: d ? barsOf(d, (v) => v >= test.difficulty) : [],
      axis: 'successes',
      notes: [...(why.length ? [`Difficulty: ${why.join(', ')}.`] : []), ...(test.helpers.length ? ['Assistants included in the chance, not in the chart.'] : [])],
    };
  }
  return null;
}

function custom(state: EncounterState, command: Command): Odds | null {
  const target = state.combatants[String(command.target)] as Combatant | undefined;
  const vs = typeof command.vs === 'number' ? command.vs : (target?.stats.defense as number | undefined);
  const d = typeof command.hit === 'string' ? dist(command.hit) : null;
  if (!d || vs === undefined) return null;
  const notes: string[] = [];
  if (typeof command.damage === 'string') {
    const dmg = damageNote(command.damage, 0);
    if (dmg) notes.push(dmg);
  }
  return { p: d.atLeast(vs), text: `${d.notation} vs ${vs}`, bars: barsOf(d, (v) => v >= vs), axis: 'total', notes };
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
  const rules = kit.module.id;
  let odds: Odds | null = null;
  if (command.type === 'attack') {
    if (rules === 'swn' || rules === 'cwn') odds = sineNomine(state, rules, command, events);
    else if (rules === 'kuro') odds = kuro(kit, state, command);
    else if (rules === 'custom') odds = custom(state, command);
  }
  if (!odds && rules === 'fallout') odds = fallout(kit, events);
  if (!odds) odds = plainRoll(command);
  return { ok: true, odds, events };
}
