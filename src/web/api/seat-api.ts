/** The seat calls of a phone (src/server/http/routes/seats.ts). */
import type { SeatView } from '../../server/players/index.ts';
import { call, encounterPath } from './http.ts';
import type { Answer } from './http.ts';

export type { SeatView };

export interface Seated {
  readonly seatKey: string;
  readonly seat: SeatView;
  readonly url: string;
}

/** Sit at a character of this fight (`key`: the fight's player link, or its campaign's table link). */
export function claimSeat(id: string, key: string, combatant: string): Promise<Answer<Seated>> {
  return call('POST', encounterPath(id, '/seats'), key, { combatant });
}

/** Sit at one of the campaign's party from its table link (between fights too). */
export function claimTableSeat(campaignId: string, key: string, pc: string): Promise<Answer<Seated>> {
  return call('POST', `/api/campaigns/${encodeURIComponent(campaignId)}/seats`, key, { pc });
}

/** Stand up (`seatKey`): the seat is free again. */
export function leaveSeat(id: string, seatKey: string): Promise<Answer<{ ok: true }>> {
  return call('DELETE', encounterPath(id, '/seats/mine'), seatKey);
}

export function leaveTableSeat(campaignId: string, seatKey: string): Promise<Answer<{ ok: true }>> {
  return call('DELETE', `/api/campaigns/${encodeURIComponent(campaignId)}/seats/mine`, seatKey);
}
