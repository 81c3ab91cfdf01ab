/**
 * Tracks as players read them: a PC's every track, an NPC's as the GM chose (every track in `exact`
 * mode, the HP band in `bands` mode, none otherwise), with the names and labels people typed read
 * through the secrets. Pure.
 */
import type { Combatant } from '../../core/index.ts';
import { hpBand } from './hp-band.ts';
import type { Secrets } from './secrets.ts';
import type { EncounterSettings } from './settings.ts';

export interface PlayerTrack {
  readonly value: number;
  readonly max?: number;
  readonly label?: string;
  readonly rising?: boolean;
}

/**
 * Track names as players read them: through the secrets, like any free text; a scrubbed name that
 * would read like another track's ("someone venom" twice) is numbered ("someone venom 2").
 */
function trackNames(keys: readonly string[], secrets: Secrets): string[] {
  const scrubbed = keys.map((k) => secrets.scrub(k));
  const taken = new Set(keys.filter((k, i) => scrubbed[i] === k));
  return keys.map((k, i) => {
    const name = scrubbed[i]!;
    if (name === k) return k;
    let out = name;
    for (let n = 2; taken.has(out); n++) out = `${name} ${n}`;
    taken.add(out);
    return out;
  });
}

export function tracksFor(c: Combatant, settings: EncounterSettings, secrets: Secrets): { tracks: Record<string, PlayerTrack>; health?: string } {
  if (c.kind === 'pc' || settings.npcHp === 'exact') return { tracks: allTracks(c, secrets) };
  const hp = c.tracks.hp;
  if (settings.npcHp === 'bands' && hp) return { tracks: {}, health: hpBand(hp, settings.bands) };
  return { tracks: {} };
}

/** Every track of `c`. Track names and labels are typed by people (set-track, add-combatant): free text. */
function allTracks(c: Combatant, secrets: Secrets): Record<string, PlayerTrack> {
  const out: Record<string, PlayerTrack> = {};
  const keys = Object.keys(c.tracks);
  const names = trackNames(keys, secrets);
  keys.forEach((k, i) => {
    const t = c.tracks[k]!;
    out[names[i]!] = {
      value: t.value,
      ...(t.max !== undefined ? { max: t.max } : {}),
      ...(t.label !== undefined ? { label: secrets.scrub(t.label) } : {}),
      ...(t.rising ? { rising: true } : {}),
    };
  });
  return out;
}
