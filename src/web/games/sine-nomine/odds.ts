/** Sine Nomine's odds of an attack before the dice are rolled (gm/turn/odds.ts charts them). Loaded with the game's rules (its loader in index.ts), not with the GM screen's first load. */
import type { Command, EncounterState, EngineEvent } from '../../../core/index.ts';
import { damageNote, findEvent, signed } from '../../gm/turn/odds.ts';
import type { Bar, Odds } from '../../gm/turn/odds.ts';

/** Sine Nomine: 1d20 + the bonus the engine computed, against the target's AC. */
export function sineNomineOdds(state: EncounterState, rules: string, command: Command, events: readonly EngineEvent[]): Odds | null {
  const e = findEvent(events, `${rules}/attacked`);
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
