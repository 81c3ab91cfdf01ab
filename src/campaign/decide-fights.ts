import { accept, clampTrack, reject } from '../core/index.ts';
import type { Decision } from '../core/index.ts';
import type { CampaignCommandOf } from './commands.ts';
import type { CampaignEvent, PoolChange, PoolChanges, TrackChange } from './events.ts';
import { fightById, findPc, findTrack, trackLabel, unknownFight, unknownPc, unknownTrack } from './lookup.ts';
import { CAMPAIGN_LIMITS } from './state.ts';
import type { CampaignState, Pools } from './state.ts';

type D = Decision<CampaignEvent>;

/** Record a fight the server created for this campaign, with the combatant each PC became. */
export function linkFight(state: CampaignState, command: CampaignCommandOf<'link-fight'>): D {
  const existing = fightById(state, command.fight);
  if (existing) return reject('campaign/fight-exists', `fight: the encounter "${command.fight}" is already a fight of this campaign (“${existing.title}”).`, { path: 'fight' });
  if (state.fightOrder.length >= CAMPAIGN_LIMITS.fights) {
    return reject('campaign/too-many-fights', `A campaign keeps at most ${CAMPAIGN_LIMITS.fights} fights: unlink old ones first.`);
  }
  const pcs: [string, string][] = [];
  const combatants = new Set<string>();
  for (const [ref, combatant] of Object.entries(command.pcs)) {
    const pc = findPc(state, ref);
    if (!pc) return unknownPc(state, ref, `pcs.${ref}`);
    if (pcs.some(([id]) => id === pc.id)) return reject('campaign/invalid', `pcs.${ref}: ${pc.name} is listed twice.`, { path: `pcs.${ref}` });
    if (combatants.has(combatant)) return reject('campaign/invalid', `pcs.${ref}: the combatant "${combatant}" is given to two PCs.`, { path: `pcs.${ref}` });
    combatants.add(combatant);
    pcs.push([pc.id, combatant]);
  }
  return accept([{ type: 'fight-linked', fight: { id: command.fight, title: command.title, pcs: Object.fromEntries(pcs), writtenBack: 0 } }]);
}

export function unlinkFight(state: CampaignState, command: CampaignCommandOf<'unlink-fight'>): D {
  if (!fightById(state, command.fight)) return unknownFight(command.fight, 'fight');
  return accept([{ type: 'fight-unlinked', fight: command.fight }]);
}

/**
 * Write a fight's results back to the party: each change says what the GM reviewed (`from`) and the
 * value to keep (`to`, clamped to the campaign's bounds). If anything moved since the review, nothing
 * is written (`campaign/stale`). Changes that change nothing are left out; an empty write-back still
 * counts (the GM reviewed the fight and kept everything).
 */
export function writeBack(state: CampaignState, command: CampaignCommandOf<'write-back'>): D {
  const fight = fightById(state, command.fight);
  if (!fight) return unknownFight(command.fight, 'fight');
  const changes: TrackChange[] = [];
  const seen = new Set<string>();
  for (const [i, c] of command.changes.entries()) {
    const path = `changes[${i}]`;
    const pc = findPc(state, c.pc);
    if (!pc) return unknownPc(state, c.pc, `${path}.pc`);
    if (!Object.hasOwn(fight.pcs, pc.id)) {
      return reject('campaign/not-in-fight', `${path}.pc: ${pc.name} did not take part in “${fight.title || fight.id}”.`, { path: `${path}.pc` });
    }
    const found = findTrack(pc.tracks, c.track);
    if (!found) return unknownTrack(pc, c.track, `${path}.track`);
    const { key, track } = found;
    const label = trackLabel(key, track);
    if (seen.has(`${pc.id}\u0000${key}`)) return reject('campaign/invalid', `${path}: ${pc.name}'s ${label} is written back twice.`, { path });
    seen.add(`${pc.id}\u0000${key}`);
    if (c.from !== track.value) {
      return reject(
        'campaign/stale',
        `${pc.name}'s ${label} changed since you reviewed it (it is ${track.value} now, not ${c.from}): review the write-back again.`,
        { path: `${path}.from` },
      );
    }
    const to = clampTrack(track, c.to);
    if (to !== track.value) changes.push({ pc: pc.id, track: key, from: track.value, to });
  }
  let pools: PoolChanges | undefined;
  if (command.pools) {
    if (!state.pools) return reject('campaign/no-pools', 'pools: only Fallout campaigns keep Action Point pools.', { path: 'pools' });
    const party = poolChange(state.pools, 'party', command.pools.party, Number(state.options.partyPoolMax ?? 6));
    if (typeof party === 'string') return reject('campaign/stale', party, { path: 'pools.party.from' });
    const gmMax = state.options.gmPoolMax;
    const gm = poolChange(state.pools, 'gm', command.pools.gm, typeof gmMax === 'number' ? gmMax : Number.POSITIVE_INFINITY);
    if (typeof gm === 'string') return reject('campaign/stale', gm, { path: 'pools.gm.from' });
    if (party.to !== party.from || gm.to !== gm.from) pools = { party, gm };
  }
  return accept([{ type: 'written-back', fight: fight.id, changes, ...(pools ? { pools } : {}) }]);
}

function poolChange(pools: Pools, which: keyof Pools, change: PoolChange, max: number): PoolChange | string {
  const now = pools[which];
  const name = which === 'party' ? 'The party pool' : "The GM's pool";
  if (change.from !== now) return `${name} changed since you reviewed it (it holds ${now} AP now, not ${change.from}): review the write-back again.`;
  return { from: now, to: Math.min(Math.max(change.to, 0), max) };
}
