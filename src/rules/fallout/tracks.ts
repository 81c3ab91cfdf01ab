import type { CombatantKind, Track } from '../../core/index.ts';
import type { FalloutStats } from './stats.ts';

/**
 * Tracks a combatant starts with: hp (from stats.hp), luck (Luck points: stats.luckPoints, or LUC for a
 * player character), ammo:<type> per ammunition type carried, and thrown:<weapon> per thrown weapon.
 */
export function tracksForFallout(raw: Readonly<Record<string, unknown>>, kind: CombatantKind): Record<string, Track> {
  const s = raw as FalloutStats;
  const tracks: Record<string, Track> = {};
  if (s.hp !== undefined) tracks.hp = { value: s.hp, max: s.hp };
  const luck = s.luckPoints ?? (kind === 'pc' && s.type !== 'creature' ? s.luc : undefined);
  // Built apart from the assignment so that the log label stays optional for the core's Track type.
  const labelled = (value: number, label: string, max?: number): Track => {
    const t = { value, ...(max !== undefined ? { max } : {}), label };
    return t;
  };
  if (luck !== undefined) tracks.luck = labelled(luck, 'Luck points', luck);
  for (const [type, count] of Object.entries(s.ammo)) tracks[`ammo:${type}`] = labelled(count, `${type} ammo`);
  for (const w of s.weapons) if (w.type === 'thrown') tracks[`thrown:${w.name}`] = labelled(w.quantity ?? 1, `${w.name} (carried)`);
  return tracks;
}
