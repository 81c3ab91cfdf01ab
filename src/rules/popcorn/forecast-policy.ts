import { distribution } from '../../dice/index.ts';
import { tryParseTableDice } from '../../core/index.ts';
import type { Command, EncounterState, WhoMayAct } from '../../core/index.ts';

/** What the forecast asks (src/forecast/policy.ts, `ForecastTurn`; the rules import nothing from it). */
interface Turn {
  stance(id: string): 'fight' | 'flee' | 'hold';
  foes(state: EncounterState, id: string): readonly string[];
  readonly options: Readonly<Record<string, unknown>>;
}

/** The damage of an action when the policy options give none: the text has no damage rules. */
export const DEFAULT_DAMAGE = '1d6';

/** The damage `id`'s action deals: the option `damageBy[name]`, else `damage`, else 1d6. */
function damageOf(state: EncounterState, id: string, turn: Turn): string {
  const by = turn.options.damageBy;
  const own = typeof by === 'object' && by !== null ? (by as Record<string, unknown>)[state.combatants[id]!.name] : undefined;
  if (typeof own === 'string') return own;
  return typeof turn.options.damage === 'string' ? turn.options.damage : DEFAULT_DAMAGE;
}

/** Why `value` is not a damage notation the engine rolls, in words, or null. */
function notationProblemOf(what: string, value: unknown): string | null {
  if (typeof value !== 'string') return `${what}: give dice notation such as "1d6+1", not ${JSON.stringify(value)}.`;
  const parsed = tryParseTableDice(value);
  return parsed.ok ? null : `${what}: ${parsed.error.message}.`;
}

const means = new Map<string, number>();

/** The mean of a damage notation, totals below 0 counting 0 (as the core's `damage`); 0 if unreadable. */
function meanOf(notation: string): number {
  let m = means.get(notation);
  if (m === undefined) {
    m = 0;
    const parsed = tryParseTableDice(notation);
    try {
      if (parsed.ok) for (const o of distribution(parsed.expr).outcomes) m += Math.max(0, o.value) * o.p;
    } catch {
      m = 0;
    }
    if (means.size > 500) means.clear();
    means.set(notation, m);
  }
  return m;
}

/** Who gets the initiative: the first candidate on another side than `from` (roster order), else the first candidate. */
function passTo(state: EncounterState, from: string | null, candidates: readonly string[], turn: Turn): string | undefined {
  const side = from ? state.combatants[from]?.side : undefined;
  const ordered = state.roster.filter((id) => candidates.includes(id));
  const foes = ordered.filter((id) => state.combatants[id]!.side !== side && turn.stance(id) !== 'flee');
  return foes[0] ?? ordered.find((id) => turn.stance(id) !== 'flee') ?? ordered[0];
}

/**
 * Popcorn's forecast policy. The text gives no attack or damage rules, so the policy assumes them: an
 * action is the standard roll (`act`, no dice named) and deals the policy's damage (`damage`, default
 * 1d6, or `damageBy` per combatant name; a total below 0 deals nothing, so "1d6-2" misses a third of
 * the time) to the first visible foe in the roster, through the core's `damage`. Then the initiative
 * passes to the first foe who can still act (roster order); a side picking its starter picks its first.
 */
export const popcornForecastPolicy = {
  rules: 'popcorn',
  summary:
    'The text has no attack rules: each action deals the policy\'s damage (option "damage", default 1d6; "damageBy" per name) to the first visible foe in the roster; the initiative then passes to the first foe in the roster who can still act (a side starting picks its first member); no holds, delays, conditional actions or reactions; at the end of a round, the next round.',
  next(state: EncounterState, now: WhoMayAct, turn: Turn): Command[] | null {
    switch (now.kind) {
      case 'setup':
        return state.status === 'setup' ? [{ type: 'start', roll: true }] : null;
      case 'decision':
        return now.decision.command === 'next-round' ? [{ type: 'next-round' }] : null;
      case 'pass': {
        const to = passTo(state, now.from, now.candidates, turn);
        return to ? [{ type: 'pass', to }] : null;
      }
      case 'actor': {
        const act: Command = { type: 'act', actor: now.actor };
        const target = turn.stance(now.actor) === 'fight' ? turn.foes(state, now.actor)[0] : undefined;
        const notation = damageOf(state, now.actor, turn);
        if (!target || meanOf(notation) <= 0) return [act];
        return [act, { type: 'damage', combatants: [target], notation, track: 'hp' }];
      }
      default:
        return null;
    }
  },
  checkOptions(options: Readonly<Record<string, unknown>>, state: EncounterState): string | null {
    for (const key of Object.keys(options)) {
      if (key !== 'damage' && key !== 'damageBy') return `The popcorn forecast policy has no option "${key}" (its options: damage, damageBy).`;
    }
    if (options.damage !== undefined) {
      const bad = notationProblemOf('damage', options.damage);
      if (bad) return bad;
    }
    if (options.damageBy !== undefined) {
      if (typeof options.damageBy !== 'object' || options.damageBy === null || Array.isArray(options.damageBy)) {
        return 'damageBy: give the damage by combatant name, e.g. {"Raider": "1d6+1"}.';
      }
      for (const [name, notation] of Object.entries(options.damageBy)) {
        if (!state.roster.some((id) => state.combatants[id]!.name === name)) return `damageBy: there is no combatant named "${name}" in this fight.`;
        const bad = notationProblemOf(`damageBy "${name}"`, notation);
        if (bad) return bad;
      }
    }
    return null;
  },
  threat(state: EncounterState, attacker: string, target: string, turn: Turn): number {
    return state.combatants[target]!.tracks.hp ? meanOf(damageOf(state, attacker, turn)) : 0;
  },
};
