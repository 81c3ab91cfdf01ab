import { clampTrack, own } from '../core/index.ts';
import type { EncounterState } from '../core/index.ts';
import type { PoolChanges } from './events.ts';
import { fightById, pcById, trackLabel } from './lookup.ts';
import type { CampaignState } from './state.ts';

export interface WriteBackChange {
  /** The campaign PC id. */
  readonly pc: string;
  readonly name: string;
  /** The track's key ("hp", "luck", "ammo:10mm"). */
  readonly track: string;
  /** How the GM reads it ("HP", "Luck points"). */
  readonly label: string;
  /** The campaign's value now. */
  readonly from: number;
  /** The fight's value, within the campaign's bounds for the track. */
  readonly to: number;
}

export interface WriteBackProposal {
  readonly changes: readonly WriteBackChange[];
  /** Linked PCs whose combatant is no longer in the fight (removed from it). */
  readonly missing: readonly { readonly pc: string; readonly name: string }[];
  /** Fallout: the fight's Action Point pools, when they differ from the campaign's. */
  readonly pools?: PoolChanges;
}

/**
 * What writing a fight back would change, for the GM to review: for each PC linked to the fight, each
 * track both the campaign and the fight's combatant have whose value differs (clamped to the
 * campaign's bounds; unchanged ones are left out), in party order. Fallout: the pools, if either
 * differs. A fight that is not linked (or a PC removed from the campaign since) proposes nothing.
 * The `write-back` command takes `changes` (pc, track, from, to) and `pools` as they are here.
 */
export function writeBackProposal(state: CampaignState, fightId: string, encounter: EncounterState): WriteBackProposal {
  const fight = fightById(state, fightId);
  if (!fight) return { changes: [], missing: [] };
  const changes: WriteBackChange[] = [];
  const missing: { pc: string; name: string }[] = [];
  for (const id of state.pcOrder) {
    const combatantId = own(fight.pcs, id);
    const pc = pcById(state, id);
    if (combatantId === undefined || !pc) continue;
    const combatant = own(encounter.combatants, combatantId);
    if (!combatant) {
      missing.push({ pc: id, name: pc.name });
      continue;
    }
    for (const [key, track] of Object.entries(pc.tracks)) {
      const there = own(combatant.tracks, key);
      if (!there) continue;
      const to = clampTrack(track, there.value);
      if (to !== track.value) changes.push({ pc: id, name: pc.name, track: key, label: trackLabel(key, track), from: track.value, to });
    }
  }
  const pools = poolsOf(state, encounter);
  return { changes, missing, ...(pools ? { pools } : {}) };
}

function poolsOf(state: CampaignState, encounter: EncounterState): PoolChanges | undefined {
  if (!state.pools || encounter.rules.id !== 'fallout') return undefined;
  const m = encounter.module as { pools?: { party?: unknown; gm?: unknown } } | null;
  const party = m?.pools?.party;
  const gm = m?.pools?.gm;
  if (typeof party !== 'number' || typeof gm !== 'number') return undefined;
  if (party === state.pools.party && gm === state.pools.gm) return undefined;
  return { party: { from: state.pools.party, to: Math.max(0, party) }, gm: { from: state.pools.gm, to: Math.max(0, gm) } };
}
