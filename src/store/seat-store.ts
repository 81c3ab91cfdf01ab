/**
 * Seats: which phone plays which player character. A seat is a key (stored as its sha256) bound to one
 * target in one scope: a combatant of a one-off encounter, or a PC of a campaign (which follows the PC
 * from fight to fight). At most one seat per target: a second claim is refused, never silently shared.
 */
export interface SeatScope {
  readonly kind: 'encounter' | 'campaign';
  readonly id: string;
}

export interface SeatRecord {
  /** sha256 (hex) of the seat's key. */
  readonly keyHash: string;
  readonly scope: SeatScope;
  /** The encounter's combatant id, or the campaign's PC id. */
  readonly target: string;
  readonly createdAt: string;
}

export interface SeatStore {
  /** Makes the seat; `SeatTakenError` when its target already has one (nothing written). */
  claimSeat(seat: SeatRecord): Promise<SeatRecord>;
  /** Makes the seat or gives it a new key; answers the key hash it replaced, or null. */
  putSeat(seat: SeatRecord): Promise<string | null>;
  getSeat(keyHash: string): Promise<SeatRecord | undefined>;
  /** The scope's seats, oldest first. */
  listSeats(scope: SeatScope): Promise<SeatRecord[]>;
  /** Moves the seat of `from` to `to`, key and all; `SeatTakenError` when `to` has one; undefined when `from` has none. */
  moveSeat(scope: SeatScope, from: string, to: string): Promise<SeatRecord | undefined>;
  /** Frees the seat of `target`; answers its key hash, or null when there was none. */
  freeSeat(scope: SeatScope, target: string): Promise<string | null>;
}

/** A store error (`code`, as `StoreError` in event-store.ts, which imports this file's types). */
export class SeatTakenError extends Error {
  readonly code = 'store/seat-taken';
  constructor(readonly target: string) {
    super(`The seat of ${target} is taken.`);
    this.name = 'StoreError';
  }
}

export function isSeatTaken(e: unknown): e is SeatTakenError {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'store/seat-taken';
}

/** A `seats` row as the SQL adapters read it. */
export interface SeatRow {
  key_hash: string;
  encounter_id: string | null;
  campaign_id: string | null;
  target: string;
  created_at: string;
}

export function seatFromRow(r: SeatRow): SeatRecord {
  const scope: SeatScope = r.encounter_id !== null ? { kind: 'encounter', id: r.encounter_id } : { kind: 'campaign', id: r.campaign_id ?? '' };
  return { keyHash: r.key_hash, scope, target: r.target, createdAt: r.created_at };
}

export function sameScope(a: SeatScope, b: SeatScope): boolean {
  return a.kind === b.kind && a.id === b.id;
}
