/**
 * Seats behind the API: a phone sits at the player character it plays (a seat key, `tks_`), the GM sees
 * who sits where and with how many phones, makes a seat's own link, moves or frees a seat. In a
 * campaign's fight a PC's seat is the campaign's (it follows the PC from fight to fight); in a one-off
 * encounter it is the encounter's. A seat key opens the player view and the requests of its own
 * character, nothing more (http/auth.ts, the request guard below).
 */
import { isSeatTaken } from '../../store/index.ts';
import type { EncounterRecord, EventStore, SeatRecord, SeatScope } from '../../store/index.ts';
import type { CampaignService } from '../campaigns/index.ts';
import type { EncounterService } from '../encounters/index.ts';
import { CLOSE } from '../live/index.ts';
import { fold, seatChoice, seatView } from '../players/index.ts';
import type { SeatView } from '../players/index.ts';
import { ApiError, hashKey, newKey } from '../shared/index.ts';
import type { Clock, RandomBytes } from '../shared/index.ts';

export interface SeatDeps {
  readonly store: EventStore;
  readonly encounters: EncounterService;
  readonly campaigns: CampaignService;
  readonly clock: Clock;
  readonly random: RandomBytes;
}

/** A seat as the GM sees it, one per player character of the fight. */
export interface GmSeat {
  /** The engine's combatant id. */
  readonly combatant: string;
  readonly name: string;
  readonly seated: boolean;
  /** Phones connected with the seat's key (on this server). More than one is shown, never hidden. */
  readonly phones: number;
  /** Where the seat belongs: the campaign (the PC keeps it across fights) or this encounter. */
  readonly scope: 'campaign' | 'encounter';
  readonly since: string | null;
}

export interface Claimed {
  readonly seatKey: string;
  readonly seat: SeatView;
  readonly scope: SeatScope;
}

const taken = (name: string): ApiError =>
  new ApiError(409, 'seat/taken', `${name} already has a phone in that seat. Ask the GM to free it, or to give you that seat's link.`);

export class SeatService {
  constructor(private readonly deps: SeatDeps) {}

  private now(): string {
    return new Date(this.deps.clock()).toISOString();
  }

  private get hub() {
    return this.deps.encounters.deps.hub;
  }

  /** The seat this key is, if it opens this encounter (its own seat, or its campaign's). */
  async seatOn(record: EncounterRecord, digest: Buffer): Promise<SeatRecord | undefined> {
    const seat = await this.deps.store.seats.getSeat(digest.toString('hex'));
    if (!seat) return undefined;
    const opens = seat.scope.kind === 'encounter' ? seat.scope.id === record.id : seat.scope.id === record.campaignId;
    return opens ? seat : undefined;
  }

  /** The campaign seat this key is, on this campaign. */
  async seatAtTable(campaignId: string, digest: Buffer): Promise<SeatRecord | undefined> {
    const seat = await this.deps.store.seats.getSeat(digest.toString('hex'));
    return seat && seat.scope.kind === 'campaign' && seat.scope.id === campaignId ? seat : undefined;
  }

  /** The seat as it stands now (a socket checks once it has joined): undefined once freed. */
  current(seat: SeatRecord): Promise<SeatRecord | undefined> {
    return this.deps.store.seats.getSeat(seat.keyHash);
  }

  /** The seat's character in this fight (the engine's id), or null when it has none here. */
  async combatantOf(seat: SeatRecord, encounterId: string): Promise<string | null> {
    if (seat.scope.kind === 'encounter') return seat.target;
    const { fight } = await this.deps.campaigns.seating(seat.scope.id, encounterId);
    return fight?.[seat.target] ?? null;
  }

  private async campaignName(seat: SeatRecord): Promise<string> {
    if (seat.scope.kind !== 'campaign') return '';
    return (await this.deps.campaigns.seating(seat.scope.id)).pcs.find((p) => p.id === seat.target)?.name ?? '';
  }

  /** The seat as its phone reads it in this fight. */
  async mine(seat: SeatRecord, encounterId: string): Promise<SeatView> {
    const combatant = await this.combatantOf(seat, encounterId);
    const name = await this.campaignName(seat);
    return this.deps.encounters.run(encounterId, (l) => seatView(l.encounter.state, l.secrets().playerIds, combatant, name));
  }

  /** The campaign seat as its phone reads it between fights. */
  async mineAtTable(seat: SeatRecord): Promise<SeatView> {
    return { combatant: null, name: await this.campaignName(seat) };
  }

  /** A phone on the fight's player link (or its campaign's table link) sits at a character it can see. */
  async claim(record: EncounterRecord, ref: string): Promise<Claimed> {
    const seating = record.campaignId ? await this.deps.campaigns.seating(record.campaignId, record.id) : null;
    return this.deps.encounters.run(record.id, async (l) => {
      const ids = l.secrets().playerIds;
      const choice = seatChoice(l.encounter.state, ids, ref);
      if (!choice.ok) throw new ApiError(422, choice.code, choice.message);
      if (l.encounter.state.status === 'ended') throw new ApiError(409, 'seat/fight-over', 'This fight is over: take your seat in the next one.');
      const pc = seating?.fight ? Object.entries(seating.fight).find(([, c]) => c === choice.id)?.[0] : undefined;
      const scope: SeatScope = pc !== undefined ? { kind: 'campaign', id: record.campaignId! } : { kind: 'encounter', id: record.id };
      const seatKey = await this.sit(scope, pc ?? choice.id, choice.name);
      return { seatKey, seat: { combatant: ids.of(choice.id) ?? null, name: choice.name }, scope };
    });
  }

  /** A phone on a campaign's table link sits at one of the party, between fights or during one. */
  async claimAtTable(campaignId: string, ref: string): Promise<Claimed> {
    const { pcs } = await this.deps.campaigns.seating(campaignId);
    const wanted = fold(ref.trim());
    const pc = pcs.find((p) => fold(p.name) === wanted);
    if (!pc) throw new ApiError(422, 'seat/unknown', 'There is no one in the party by that name: choose a name the table shows.');
    const scope: SeatScope = { kind: 'campaign', id: campaignId };
    return { seatKey: await this.sit(scope, pc.id, pc.name), seat: { combatant: null, name: pc.name }, scope };
  }

  private async sit(scope: SeatScope, target: string, name: string): Promise<string> {
    const seatKey = newKey(this.deps.random, 'seat');
    try {
      await this.deps.store.seats.claimSeat({ keyHash: hashKey(seatKey), scope, target, createdAt: this.now() });
    } catch (e) {
      if (isSeatTaken(e)) throw taken(name);
      throw e;
    }
    return seatKey;
  }

  /** The fight's seats (campaign PC id -> combatant, and the seats by combatant). */
  private async seatsOf(record: EncounterRecord) {
    const seating = record.campaignId ? await this.deps.campaigns.seating(record.campaignId, record.id) : null;
    const fight = seating?.fight ?? {};
    const byCombatant = new Map<string, SeatRecord>();
    for (const s of await this.deps.store.seats.listSeats({ kind: 'encounter', id: record.id })) byCombatant.set(s.target, s);
    if (record.campaignId) {
      for (const s of await this.deps.store.seats.listSeats({ kind: 'campaign', id: record.campaignId })) {
        const c = fight[s.target];
        if (c !== undefined) byCombatant.set(c, s);
      }
    }
    const pcOf = new Map(Object.entries(fight).map(([pc, c]) => [c, pc]));
    const scopeFor = (combatant: string): { scope: SeatScope; target: string } =>
      pcOf.has(combatant) ? { scope: { kind: 'campaign', id: record.campaignId! }, target: pcOf.get(combatant)! } : { scope: { kind: 'encounter', id: record.id }, target: combatant };
    return { byCombatant, scopeFor };
  }

  /** Every player character of the fight with its seat (GM). */
  async list(record: EncounterRecord): Promise<GmSeat[]> {
    const { byCombatant, scopeFor } = await this.seatsOf(record);
    return this.deps.encounters.run(record.id, (l) => {
      const s = l.encounter.state;
      return s.roster.flatMap((id) => {
        const c = s.combatants[id];
        if (!c || c.kind !== 'pc') return [];
        const seat = byCombatant.get(id);
        return [{ combatant: id, name: c.name, seated: seat !== undefined, phones: seat ? this.hub.countKeyEverywhere(seat.keyHash) : 0, scope: scopeFor(id).scope.kind, since: seat?.createdAt ?? null }];
      });
    });
  }

  private async pcOf(record: EncounterRecord, combatant: string): Promise<string> {
    return this.deps.encounters.run(record.id, (l) => {
      const c = Object.hasOwn(l.encounter.state.combatants, combatant) ? l.encounter.state.combatants[combatant] : undefined;
      if (!c) throw new ApiError(404, 'seat/unknown-combatant', `There is no combatant ${combatant} in this fight.`);
      if (c.kind !== 'pc') throw new ApiError(422, 'seat/not-a-pc', `${c.name} is not a player character: seats are for the players' characters.`);
      return c.name;
    });
  }

  /** The seat's own link (GM): a new key for it; a phone that sat there with the old key is told its seat went. */
  async link(record: EncounterRecord, combatant: string): Promise<Claimed> {
    const name = await this.pcOf(record, combatant);
    const { scopeFor } = await this.seatsOf(record);
    const { scope, target } = scopeFor(combatant);
    const seatKey = newKey(this.deps.random, 'seat');
    const old = await this.deps.store.seats.putSeat({ keyHash: hashKey(seatKey), scope, target, createdAt: this.now() });
    if (old) this.hub.closeAll(CLOSE.keyRevoked, 'seat-freed', (c) => c.keyHash === old);
    return { seatKey, seat: { combatant: null, name }, scope };
  }

  /** Moves a seat, with its phones, to another player character of the fight (GM). */
  async move(record: EncounterRecord, from: string, to: string): Promise<void> {
    const name = await this.pcOf(record, to);
    await this.pcOf(record, from);
    const { byCombatant, scopeFor } = await this.seatsOf(record);
    const seat = byCombatant.get(from);
    if (!seat) throw new ApiError(409, 'seat/empty', 'No phone sits there: there is nothing to move.');
    const dest = scopeFor(to);
    if (dest.scope.kind !== seat.scope.kind) {
      throw new ApiError(422, 'seat/cannot-move', `${name} is not a campaign character like the other: free this seat and give ${name}'s seat a link instead.`);
    }
    try {
      await this.deps.store.seats.moveSeat(seat.scope, seat.target, dest.target);
    } catch (e) {
      if (isSeatTaken(e)) throw taken(name);
      throw e;
    }
    this.hub.closeAll(CLOSE.seatMoved, 'seat-moved', (c) => c.keyHash === seat.keyHash);
  }

  /** Frees a seat (GM): its phones go back to the shared view. */
  async free(record: EncounterRecord, combatant: string): Promise<void> {
    await this.pcOf(record, combatant);
    const seat = (await this.seatsOf(record)).byCombatant.get(combatant);
    if (!seat) throw new ApiError(409, 'seat/empty', 'No phone sits there.');
    await this.leave(seat);
  }

  /** A phone stands up (or the GM freed the seat). */
  async leave(seat: SeatRecord): Promise<void> {
    const hash = await this.deps.store.seats.freeSeat(seat.scope, seat.target);
    if (hash) this.hub.closeAll(CLOSE.keyRevoked, 'seat-freed', (c) => c.keyHash === hash);
  }

  /**
   * Who a player may ask for (the request guard): a seat only for its own character; the shared link
   * only for characters nobody sits at. Answers the refusal's words, or null.
   */
  async requestGuard(record: EncounterRecord, seat: SeatRecord | undefined): Promise<(combatant: string, name: string) => string | null> {
    if (seat) {
      const mine = await this.combatantOf(seat, record.id);
      return (c, name) => (c === mine ? null : `Your seat is another character's: you can ask only for your own, not for ${name}.`);
    }
    const { byCombatant } = await this.seatsOf(record);
    return (c, name) => (byCombatant.has(c) ? `${name} has a seat: ask from that phone.` : null);
  }

}
