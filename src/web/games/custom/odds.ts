/** Custom rules' odds of an attack: its hit dice against the target's defense. Loaded with the game's rules (its loader in index.ts), not with the GM screen's first load. */
import type { Combatant, Command, EncounterState } from '../../../core/index.ts';
import { barsOf, damageNote, dist } from '../../gm/turn/odds.ts';
import type { Odds } from '../../gm/turn/odds.ts';

/** Custom: the attack's hit dice against `vs` or the target's defense. */
export function customOdds(state: EncounterState, command: Command): Odds | null {
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
