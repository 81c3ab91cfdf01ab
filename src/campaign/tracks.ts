import { clampTrack } from '../core/index.ts';
import type { RuleModule, Track } from '../core/index.ts';
import { sameJson } from './same-json.ts';

/**
 * A PC's tracks, as the core's add-combatant builds a combatant's: the module's tracks for its stats
 * (`tracksFor(stats, 'pc')`), then `hp` (value and max), then the tracks given by hand, each replacing
 * what was there.
 */
export function initialTracks(
  module: RuleModule,
  stats: Readonly<Record<string, unknown>>,
  hp: number | undefined,
  given: Readonly<Record<string, Track>> | undefined,
): Record<string, Track> {
  let tracks: Record<string, Track> = { ...(module.tracksFor?.(stats, 'pc') ?? {}) };
  if (hp !== undefined) tracks = { ...tracks, hp: { value: hp, max: hp } };
  for (const [key, track] of Object.entries(given ?? {})) tracks = { ...tracks, [key]: stripUndefined(track) };
  return tracks;
}

/** Why a track given by hand cannot be kept (its bounds), or null. */
export function trackProblem(track: Track): string | null {
  const min = track.min ?? 0;
  if (track.max !== undefined && min > track.max) return `the minimum (${min}) is above the maximum (${track.max})`;
  if (track.value < min || (track.max !== undefined && track.value > track.max)) {
    return `${track.value} is outside the track's range (${min} to ${track.max ?? 'no limit'})`;
  }
  return null;
}

/**
 * The tracks after the sheet changed from `before` to `after`. Only the tracks the module derives
 * differently from the two sheets change: a new maximum (or minimum) applies and the current value is
 * kept, clamped; a track without a maximum (ammunition, thrown weapons carried) takes the sheet's new
 * number; a track the old sheet gave and the new one does not is dropped; a new one is added at its
 * starting value. Tracks the sheet does not derive (given by hand, or `hp` set apart from the stats)
 * are left alone.
 */
export function retrack(
  module: RuleModule,
  tracks: Readonly<Record<string, Track>>,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, Track> {
  const oldBase = module.tracksFor?.(before, 'pc') ?? {};
  const newBase = module.tracksFor?.(after, 'pc') ?? {};
  const out: [string, Track][] = [];
  for (const [key, track] of Object.entries(tracks)) {
    const was = Object.hasOwn(oldBase, key) ? oldBase[key] : undefined;
    const now = Object.hasOwn(newBase, key) ? newBase[key] : undefined;
    if (was === undefined || (now !== undefined && sameJson(was, now))) out.push([key, track]);
    else if (now !== undefined) out.push([key, rebound(track, now)]);
    // else: the sheet no longer gives this track.
  }
  for (const [key, track] of Object.entries(newBase)) {
    if (!Object.hasOwn(tracks, key)) out.push([key, track]);
  }
  return Object.fromEntries(out);
}

/**
 * The new sheet's track with the current value kept (clamped), or its own value when it has no maximum.
 * A full track stays full: raising the maximum of a PC at full HP (or of one whose HP was 0 of 0) raises
 * the current value with it; a hurt PC keeps the damage (5 of 10 → 5 of 12).
 */
function rebound(current: Track, derived: Track): Track {
  if (derived.max === undefined) return derived;
  return { ...derived, value: keptValue(current, derived.max) };
}

/** The value a track keeps when its maximum becomes `max`: full stays full, else kept, clamped. */
function keptValue(old: Track, max: number): number {
  const raised = old.max !== undefined && max > old.max && !old.rising && old.value >= old.max;
  return raised ? max : clampTrack({ ...old, max }, old.value);
}

/** The tracks with `hp`'s maximum set: full HP stays full, else the current value is kept, clamped (a new hp track starts full). */
export function withHpMax(tracks: Readonly<Record<string, Track>>, hp: number): Record<string, Track> {
  const old = Object.hasOwn(tracks, 'hp') ? tracks.hp : undefined;
  const next: Track = old ? { ...old, max: hp, value: keptValue(old, hp) } : { value: hp, max: hp };
  return { ...tracks, hp: next };
}

/** Whether the tracks hold an HP maximum below 1 (a combatant that would start every fight defeated). */
export function hpBelowOne(tracks: Readonly<Record<string, Track>>): boolean {
  const hp = Object.hasOwn(tracks, 'hp') ? tracks.hp : undefined;
  return hp?.max !== undefined && hp.max < 1;
}

function stripUndefined(track: Track): Track {
  return Object.fromEntries(Object.entries(track).filter(([, v]) => v !== undefined)) as unknown as Track;
}
