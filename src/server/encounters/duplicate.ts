/**
 * "Duplicate as a template": a prepared copy of an encounter (same options, sides and combatants, each
 * with the tracks it joined with, no fight yet) as a create-encounter script. Pure.
 */
import type { Encounter, StoredEvent, Track } from '../../core/index.ts';
import type { CreateInput } from './encounter-service.ts';

export function duplicateScript(encounter: Encounter, events: readonly StoredEvent[], title: string): CreateInput {
  const s = encounter.state;
  const created = events[0]?.event;
  const options = created?.type === 'encounter-created' ? { ...created.options } : {};
  // The tracks each combatant joined with (the last time it was added): a fresh copy, not the damage taken.
  const joined = new Map<string, Readonly<Record<string, Track>>>();
  for (const e of events) if (e.event.type === 'combatant-added') joined.set(e.event.combatant.id, e.event.combatant.tracks);
  const sideName = (id: string): string => s.sides[id]?.name ?? id;
  const sides = Object.values(s.sides).map((x) => ({ name: x.name, players: x.players }));
  const combatants = s.roster.map((id) => {
    const c = s.combatants[id]!;
    const tracks: Record<string, Track> = {};
    for (const [k, t] of Object.entries(joined.get(id) ?? c.tracks)) tracks[k] = { ...t };
    return {
      name: c.name,
      kind: c.kind,
      side: sideName(c.side),
      hidden: c.hidden,
      stats: c.stats,
      tracks,
      notes: c.notes,
      gmNotes: c.gmNotes,
    };
  });
  return { rules: s.rules.id, title, options, sides, combatants };
}
