/**
 * A campaign's lasting links for the table: one player link and one TV link that always show the
 * campaign's current fight (its newest fight not ended), or the party as it stands between fights.
 * Each key is stored as its sha256 on the campaign's row, so the links survive restarts. A table key
 * opens the player view of that campaign's fights and nothing else: never a GM route, never another
 * campaign's fight (src/server/http/auth.ts). Rotating a key closes every socket opened with the old one.
 */
import type { CampaignState } from '../../campaign/index.ts';
import type { CampaignRecord } from '../../store/index.ts';
import type { Summary } from '../encounters/index.ts';
import { digestMatches } from '../shared/index.ts';

/** Which link a key is: the players' phones, or the table's TV. */
export type TableScreen = 'player' | 'tv';

export const TABLE_SCREENS: readonly TableScreen[] = ['player', 'tv'];

export interface TableTrack {
  readonly value: number;
  readonly max?: number;
  readonly label?: string;
}

/** What a table link shows: the fight to follow, or the party while there is none. */
export interface TableAnswer {
  readonly campaign: { readonly id: string; readonly title: string; readonly rules: string };
  readonly screen: TableScreen;
  /** The fight's title is not here: players read it through the secrets, in the fight's own view. */
  readonly fight: { readonly id: string; readonly status: string; readonly round: number } | null;
  /** The player characters as they stand (their own players see their numbers in every fight too). */
  readonly party: readonly { readonly name: string; readonly tracks: Readonly<Record<string, TableTrack>> }[];
}

/** The link this key is on the campaign, if any; both hashes are compared, in constant time. */
export function tableScreenOf(record: CampaignRecord, digest: Buffer): TableScreen | null {
  const player = record.playerKeyHash !== null && digestMatches(digest, record.playerKeyHash);
  const tv = record.tvKeyHash !== null && digestMatches(digest, record.tvKeyHash);
  return player ? 'player' : tv ? 'tv' : null;
}

/** The campaign's current fight: its newest fight that has not ended (and is not archived). */
export function currentFight(fights: readonly Summary[]): Summary | undefined {
  return [...fights].reverse().find((f) => f.status !== 'ended' && !f.archived);
}

export function tableAnswer(record: CampaignRecord, state: CampaignState, fights: readonly Summary[], screen: TableScreen): TableAnswer {
  const fight = currentFight(fights);
  return {
    campaign: { id: record.id, title: state.title, rules: record.rules },
    screen,
    fight: fight ? { id: fight.id, status: fight.status, round: fight.round } : null,
    party: state.pcOrder.flatMap((id) => {
      const pc = state.pcs[id];
      if (!pc) return [];
      const tracks = Object.fromEntries(
        Object.entries(pc.tracks).map(([k, t]) => [k, { value: t.value, ...(t.max !== undefined ? { max: t.max } : {}), ...(t.label !== undefined ? { label: t.label } : {}) }]),
      );
      return [{ name: pc.name, tracks }];
    }),
  };
}
