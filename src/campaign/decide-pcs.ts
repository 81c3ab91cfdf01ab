import { accept, reject } from '../core/index.ts';
import { rejectIssues } from './issue-path.ts';
import type { Decision } from '../core/index.ts';
import type { CampaignCommandOf } from './commands.ts';
import type { CampaignEvent, PcChanges } from './events.ts';
import { findPc, findTrack, moduleFor, pcNameTaken, trackLabel, unknownPc, unknownTrack } from './lookup.ts';
import { sameJson } from './same-json.ts';
import { CAMPAIGN_LIMITS } from './state.ts';
import type { CampaignPc, CampaignState } from './state.ts';
import { hpBelowOne, initialTracks, retrack, trackProblem, withHpMax } from './tracks.ts';

type D = Decision<CampaignEvent>;

export function addPc(state: CampaignState, command: CampaignCommandOf<'add-pc'>): D {
  if (state.pcOrder.length >= CAMPAIGN_LIMITS.pcs) {
    return reject('campaign/too-many-pcs', `A campaign holds at most ${CAMPAIGN_LIMITS.pcs} PCs: remove one first.`);
  }
  const taken = pcNameTaken(state, command.name);
  if (taken) return reject('campaign/name-taken', `name: there is already a PC called "${taken.name}".`, { path: 'name' });
  const module = moduleFor(state.rules)!;
  const stats = module.stats.safeParse(command.stats ?? {});
  if (!stats.success) return rejectIssues(stats.error, 'campaign/invalid-stats', command.name, ['stats']);
  for (const [key, track] of Object.entries(command.tracks ?? {})) {
    const problem = trackProblem(track);
    if (problem) return reject('campaign/invalid-track', `${command.name}: tracks.${key}: ${problem}.`, { path: `tracks.${key}` });
  }
  const tracks = initialTracks(module, stats.data, command.hp, command.tracks);
  if (hpBelowOne(tracks)) return hpTooLow(command.name, command.tracks?.hp ? 'tracks.hp' : command.hp !== undefined ? 'hp' : 'stats.hp');
  const pc: CampaignPc = {
    id: `p${state.nextPc}`,
    name: command.name,
    side: command.side ?? state.partySide,
    stats: stats.data,
    tracks,
    notes: command.notes ?? '',
  };
  return accept([{ type: 'pc-added', pc }]);
}

export function updatePc(state: CampaignState, command: CampaignCommandOf<'update-pc'>): D {
  const pc = findPc(state, command.pc);
  if (!pc) return unknownPc(state, command.pc, 'pc');
  const changes: { -readonly [K in keyof PcChanges]: PcChanges[K] } = {};
  if (command.name !== undefined && command.name !== pc.name) {
    const taken = pcNameTaken(state, command.name, pc.id);
    if (taken) return reject('campaign/name-taken', `name: there is already a PC called "${taken.name}".`, { path: 'name' });
    changes.name = command.name;
  }
  if (command.side !== undefined && command.side !== pc.side) changes.side = command.side;
  if (command.notes !== undefined && command.notes !== pc.notes) changes.notes = command.notes;
  let tracks = pc.tracks;
  if (command.stats !== undefined) {
    const module = moduleFor(state.rules)!;
    const stats = module.stats.safeParse({ ...pc.stats, ...command.stats });
    if (!stats.success) return rejectIssues(stats.error, 'campaign/invalid-stats', pc.name, ['stats']);
    if (!sameJson(stats.data, pc.stats)) {
      changes.stats = stats.data;
      tracks = retrack(module, tracks, pc.stats, stats.data);
    }
  }
  if (command.hp !== undefined) tracks = withHpMax(tracks, command.hp);
  // A maximum HP brought below 1 now (one kept from before is left for the GM to fix).
  if (hpBelowOne(tracks) && !sameJson(tracks.hp, pc.tracks.hp)) return hpTooLow(pc.name, command.hp !== undefined ? 'hp' : 'stats.hp');
  if (!sameJson(tracks, pc.tracks)) changes.tracks = tracks;
  if (Object.keys(changes).length === 0) return reject('campaign/unchanged', `Nothing to change on ${pc.name}.`);
  return accept([{ type: 'pc-updated', pc: pc.id, changes }]);
}

/** A PC's maximum HP below 1: at 0 HP a combatant is defeated, so the PC would start every fight down. */
function hpTooLow(name: string, path: string): D {
  return reject('campaign/hp-too-low', `${name}: ${path}: at least 1 (a character at 0 HP is defeated before the fight starts).`, { path });
}

export function setPcTrack(state: CampaignState, command: CampaignCommandOf<'set-pc-track'>): D {
  const pc = findPc(state, command.pc);
  if (!pc) return unknownPc(state, command.pc, 'pc');
  const found = findTrack(pc.tracks, command.track);
  if (!found) return unknownTrack(pc, command.track, 'track');
  const { key, track } = found;
  const label = trackLabel(key, track);
  const min = track.min ?? 0;
  if (command.value < min || (track.max !== undefined && command.value > track.max)) {
    return reject('campaign/out-of-bounds', `value: ${command.value} is outside ${pc.name}'s ${label} range (${min} to ${track.max ?? 'no limit'}).`, { path: 'value' });
  }
  if (command.value === track.value) return reject('campaign/unchanged', `${pc.name}'s ${label} is already ${track.value}.`);
  return accept([{ type: 'pc-track-set', pc: pc.id, track: key, from: track.value, to: command.value }]);
}

export function removePc(state: CampaignState, command: CampaignCommandOf<'remove-pc'>): D {
  const pc = findPc(state, command.pc);
  if (!pc) return unknownPc(state, command.pc, 'pc');
  return accept([{ type: 'pc-removed', pc: pc.id }]);
}

