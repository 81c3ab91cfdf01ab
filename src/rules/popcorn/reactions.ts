import type { DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept } from '../../core/index.ts';
import { giveUpConditional } from './actions.ts';
import { checkReact } from './checks.ts';
import type { ReactCommand } from './commands.ts';
import { poolNotation } from './dice.ts';
import type { PopcornEvent } from './events.ts';
import { optionsOf, poolOf, statsOf } from './queries.ts';
import { refuse } from './refusal.ts';
import type { PopcornEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/**
 * Reactions (dice key `reaction`).
 * - pool: "the player uses the dice in their Reaction Pool in place of their Hero Dice. Each time the
 *   Reaction Pool is used, it shrinks by 1 die." Empty: "can still react as long as they have Trope,
 *   Trademark, or other dice that can apply to the roll" (extra); with none "they either can't react (in
 *   cases like attacks of opportunity) or automatically fail (for dodge rolls and the like)" (defense).
 * - passive: "chooses not to add their Reaction Pool to the roll ... they don't lose a die from it."
 * - action: "the character uses their standard dice pool for the action and does not lose a reaction
 *   die, but the reaction uses up their turn."
 */
export function decideReact(s: PopcornEncounter, c: ReactCommand, ctx: DecideContext): D {
  const bad = checkReact(s, c.actor, c.kind, c.extra !== undefined, c.defense);
  if (bad) return bad;
  const who = s.combatants[c.actor]!;
  const o = optionsOf(s);
  const base = { type: 'popcorn/reacted' as const, actor: c.actor, kind: c.kind, label: c.label, ...(ctx.playerWords === true ? { labelBy: 'player' as const } : {}) };
  if (c.kind === 'pool') {
    const pool = poolOf(who).value;
    if (pool <= 0 && c.extra === undefined) return accept([{ ...base, outcome: 'automatic-failure' }]);
    const notation = poolNotation(Math.max(pool, 0), o.reactionDie, c.extra);
    if (notation === null) return badDice(c.extra);
    const roll = ctx.dice.roll('reaction', notation);
    return accept([{ ...base, roll, ...(pool > 0 ? { pool: { from: pool, to: pool - 1 } } : {}) }]);
  }
  if (c.kind === 'passive') {
    if (c.extra === undefined) return accept([base]);
    return accept([{ ...base, roll: ctx.dice.roll('reaction', c.extra) }]);
  }
  const notation = poolNotation(statsOf(who).heroDice, o.heroDie, c.extra);
  if (notation === null && c.extra !== undefined) return badDice(c.extra);
  const reacted: PopcornEvent = { ...base, ...(notation !== null ? { roll: ctx.dice.roll('reaction', notation) } : {}) };
  return accept([
    { type: 'turn-started', actors: [c.actor] },
    ...giveUpConditional(s, c.actor),
    reacted,
    { type: 'turn-ended', actors: [c.actor] },
  ]);
}

const badDice = (extra: string | undefined): D =>
  refuse('popcorn/bad-dice', `The extra dice "${extra ?? ''}" cannot be added to the pool: give them as notation such as 1d8 or 1d8+1d6.`);
