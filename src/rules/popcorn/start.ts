import type { DecideContext, EngineEvent } from '../../core/index.ts';
import { accept, sideById, sideIdFor } from '../../core/index.ts';
import type { Decision } from '../../core/index.ts';
import type { StartCommand } from './commands.ts';
import type { PopcornEvent } from './events.ts';
import { isIn, nameOf, optionsOf, poolOf, sideName, statsOf } from './queries.ts';
import { refuse } from './refusal.ts';
import type { PopcornEncounter } from './state.ts';

type D = Decision<EngineEvent>;

const MAX_ROLLS = 10;

/**
 * "When a combat scene begins: 1. Determine who has the initiative when the scene begins. 2. Each player
 * rolls their Luck Die to determine their starting Instant Karma. 3. Each player should set aside a number
 * of d6s equal to their Hero Dice pool." Then round 1 starts with the one who has the initiative, or with
 * the side that has it picking its first member.
 */
export function decideStart(s: PopcornEncounter, c: StartCommand, ctx: DecideContext): D {
  if (s.status !== 'setup') return refuse('popcorn/already-started', 'The scene has already started.');
  const able = s.roster.filter((id) => isIn(s, id));
  if (able.length === 0) return refuse('popcorn/nobody', 'Add combatants before starting the scene.');
  const ways = [c.combatant, c.side, c.roll].filter((x) => x !== undefined).length;
  if (ways !== 1) {
    return refuse(
      'popcorn/start-how',
      'Say who has the initiative, one way only: a combatant the GM names (start {combatant}), a side that picks its first member (start {side}) or the side that wins a roll of a d20 each (start {roll: true}).',
    );
  }
  const events: EngineEvent[] = [];
  let side: string | null = null;
  let how: 'named' | 'side' | 'roll' = 'named';
  if (c.combatant !== undefined) {
    if (!isIn(s, c.combatant)) return refuse('popcorn/defeated', `${nameOf(s, c.combatant)} is defeated and cannot start with the initiative.`);
  } else if (c.side !== undefined) {
    how = 'side';
    side = findSide(s, c.side);
    const members = able.filter((id) => s.combatants[id]!.side === side);
    if (side === null || members.length === 0) {
      const sides = sidesWithMembers(s).map((id) => sideName(s, id)).join(', ');
      return refuse('popcorn/unknown-side', `There is no side "${c.side}" with a combatant able to act (sides: ${sides}).`);
    }
  } else {
    how = 'roll';
    const rolled = rollSides(s, ctx);
    if (!rolled.ok) return rolled;
    events.push(...rolled.events);
    side = rolled.winner;
  }
  const scene: PopcornEvent[] = [{ type: 'popcorn/scene-started', how }];
  return accept([
    ...scene,
    ...events,
    ...luckRolls(s, s.roster, ctx),
    {
      type: 'popcorn/pools-set-aside',
      pools: s.roster.map((id) => ({ combatant: id, size: poolOf(s.combatants[id]!).size })),
    },
    { type: 'round-started', round: 1 },
    ...(c.combatant !== undefined
      ? [{ type: 'popcorn/initiative', to: c.combatant, how: 'gm' } as const, { type: 'turn-started', actors: [c.combatant] } as const]
      : [{ type: 'popcorn/side-picks', side: side!, how: how === 'roll' ? 'roll' : 'gm' } as const]),
  ]);
}

/** Step 2: everyone with a Luck Die rolls it (key `luck:<name>`); the total is the starting Instant Karma. */
export function luckRolls(s: PopcornEncounter, ids: readonly string[], ctx: DecideContext): PopcornEvent[] {
  const out: PopcornEvent[] = [];
  for (const id of ids) {
    const c = s.combatants[id];
    const die = c ? statsOf(c).luckDie : undefined;
    if (!c || !die) continue;
    out.push({ type: 'popcorn/luck-rolled', combatant: id, roll: ctx.dice.roll(`luck:${c.name}`, `1${die}`) });
  }
  return out;
}

function sidesWithMembers(s: PopcornEncounter): string[] {
  return s.sideOrder.filter((side) => s.roster.some((id) => isIn(s, id) && s.combatants[id]!.side === side));
}

function findSide(s: PopcornEncounter, wanted: string): string | null {
  const byId = sideIdFor(wanted);
  if (sideById(s, byId)) return byId;
  const lower = wanted.trim().toLowerCase();
  return s.sideOrder.find((id) => s.sides[id]?.name.toLowerCase() === lower) ?? null;
}

/**
 * "If it's not clear which group should get the initiative, each group rolls a d20 and initiative goes to
 * the group with the highest roll." Tied sides roll again (keys `<side>:2`, `<side>:3`...).
 */
function rollSides(s: PopcornEncounter, ctx: DecideContext): { ok: true; events: PopcornEvent[]; winner: string } | ReturnType<typeof refuse> {
  let rolling = sidesWithMembers(s);
  const die = optionsOf(s).sideDie;
  const events: PopcornEvent[] = [];
  for (let attempt = 1; attempt <= MAX_ROLLS; attempt++) {
    const rolls = rolling.map((side) => {
      const name = sideName(s, side);
      return { side, roll: ctx.dice.roll(attempt === 1 ? name : `${name}:${attempt}`, die) };
    });
    const best = Math.max(...rolls.map((r) => r.roll.total));
    const top = rolls.filter((r) => r.roll.total === best).map((r) => r.side);
    const winner = top.length === 1 ? top[0]! : null;
    events.push({ type: 'popcorn/sides-rolled', attempt, rolls, winner });
    if (winner !== null) return { ok: true, events, winner };
    rolling = top;
  }
  return refuse(
    'popcorn/tie',
    `${rolling.map((side) => sideName(s, side)).join(' and ')} are still tied after ${MAX_ROLLS} rolls: name who starts instead (start {combatant} or start {side}).`,
  );
}
