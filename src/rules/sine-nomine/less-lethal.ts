import type { EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { hasCondition, UNCONSCIOUS } from './query.ts';

/**
 * CWN: "Non-lethal damage is tracked separately from normal damage. When a character takes non-lethal
 * damage equal to their current hit points, they fall unconscious but are not in danger of death."
 * Checked for every combatant whose HP or lessLethal track changed in a decision: lethal damage that
 * brings current HP down to the less-lethal total knocks out too. Unconscious is a condition (the
 * combatant's turns are skipped), not a defeat; at 0 HP the core's defeat applies as usual.
 */
export function knockOuts(b: Builder, events: readonly EngineEvent[]): void {
  const changed = new Set<string>();
  for (const e of events) {
    if (e.type === 'track-changed' && (e.track === 'hp' || e.track === 'lessLethal')) changed.add(e.id);
  }
  for (const id of changed) {
    const c = b.state.combatants[id];
    if (!c || c.defeated || hasCondition(c, UNCONSCIOUS)) continue;
    const hp = c.tracks.hp?.value;
    const ll = c.tracks.lessLethal?.value ?? 0;
    if (hp === undefined || hp <= 0 || ll <= 0 || ll < hp) continue;
    b.emit('knocked-out', { combatant: id, lessLethal: ll, hp });
    b.addCondition(id, UNCONSCIOUS, { kind: 'until-removed' }, { note: 'less-lethal damage reached current HP; not dying' });
  }
}

/**
 * The core's damage and heal commands on the lessLethal track: damage ADDS less-lethal damage and heal
 * takes it away (the core would do the opposite, as for HP).
 */
