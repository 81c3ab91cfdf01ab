/** The seats of the PostgreSQL adapter (`seats`, migration 4): one statement or one short transaction each. */
import type pg from 'pg';
import { UNIQUE_VIOLATION, transaction } from './postgres-rows.ts';
import { SeatTakenError, seatFromRow } from './seat-store.ts';
import type { SeatRecord, SeatRow, SeatScope, SeatStore } from './seat-store.ts';

const column = (scope: SeatScope) => (scope.kind === 'encounter' ? 'encounter_id' : 'campaign_id');
const COLUMNS = 'key_hash, encounter_id, campaign_id, target, created_at';

type Queryable = pg.Pool | pg.PoolClient;

async function at(db: Queryable, scope: SeatScope, target: string, lock = false): Promise<SeatRecord | undefined> {
  const { rows } = await db.query<SeatRow>(`SELECT ${COLUMNS} FROM seats WHERE ${column(scope)} = $1 AND target = $2${lock ? ' FOR UPDATE' : ''}`, [scope.id, target]);
  return rows[0] ? seatFromRow(rows[0]) : undefined;
}

function insert(db: Queryable, seat: SeatRecord): Promise<unknown> {
  const { scope } = seat;
  return db.query(`INSERT INTO seats (${COLUMNS}) VALUES ($1, $2, $3, $4, $5)`, [
    seat.keyHash,
    scope.kind === 'encounter' ? scope.id : null,
    scope.kind === 'campaign' ? scope.id : null,
    seat.target,
    seat.createdAt,
  ]);
}

const isUnique = (e: unknown) => (e as { code?: unknown }).code === UNIQUE_VIOLATION;

export class PostgresSeats implements SeatStore {
  constructor(private readonly pool: pg.Pool) {}

  async claimSeat(seat: SeatRecord): Promise<SeatRecord> {
    try {
      await insert(this.pool, seat);
    } catch (e) {
      if (isUnique(e)) throw new SeatTakenError(seat.target);
      throw e;
    }
    return seat;
  }

  async putSeat(seat: SeatRecord): Promise<string | null> {
    // Two GMs making the same seat's link at once: the second waits for the first's row, then replaces it.
    return transaction(this.pool, async (client) => {
      const old = await at(client, seat.scope, seat.target, true);
      if (old) await client.query('DELETE FROM seats WHERE key_hash = $1', [old.keyHash]);
      await insert(client, seat);
      return old?.keyHash ?? null;
    });
  }

  async getSeat(keyHash: string): Promise<SeatRecord | undefined> {
    const { rows } = await this.pool.query<SeatRow>(`SELECT ${COLUMNS} FROM seats WHERE key_hash = $1`, [keyHash]);
    return rows[0] ? seatFromRow(rows[0]) : undefined;
  }

  async listSeats(scope: SeatScope): Promise<SeatRecord[]> {
    const { rows } = await this.pool.query<SeatRow>(`SELECT ${COLUMNS} FROM seats WHERE ${column(scope)} = $1 ORDER BY created_at, key_hash`, [scope.id]);
    return rows.map(seatFromRow);
  }

  async moveSeat(scope: SeatScope, from: string, to: string): Promise<SeatRecord | undefined> {
    const seat = await at(this.pool, scope, from);
    if (!seat || from === to) return seat;
    try {
      const { rowCount } = await this.pool.query(`UPDATE seats SET target = $1 WHERE key_hash = $2 AND target = $3`, [to, seat.keyHash, from]);
      return rowCount === 1 ? { ...seat, target: to } : undefined;
    } catch (e) {
      if (isUnique(e)) throw new SeatTakenError(to);
      throw e;
    }
  }

  async freeSeat(scope: SeatScope, target: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ key_hash: string }>(`DELETE FROM seats WHERE ${column(scope)} = $1 AND target = $2 RETURNING key_hash`, [scope.id, target]);
    return rows[0]?.key_hash ?? null;
  }
}
