/** Kuro's odds of an attack before the dice are rolled, from the rules' own attackOdds (the kit's kuroAttackOdds). Loaded with the game's rules (its loader in index.ts), not with the GM screen's first load. */
import type { Command, EncounterState } from '../../../core/index.ts';
import { barsOf, dist, signed } from '../../gm/turn/odds.ts';
import type { Odds } from '../../gm/turn/odds.ts';
import type { GameKit } from '../screen-game.ts';

/** Kuro: the rules' attack odds against a TN or an opposed defence. */
export function kuroOdds(kit: Pick<GameKit, 'kuroAttackOdds'>, state: EncounterState, command: Command): Odds | null {
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
