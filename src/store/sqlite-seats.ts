/**
 * The seats of the SQLite adapter (`seats`, migration 4). Each call is one statement or one small
 * transaction, committed at once (seats are rare, unlike appends: no group commit).
 */
import type Database from 'better-sqlite3';
import { SeatTakenError, seatFromRow } from './seat-store.ts';
import type { SeatRecord, SeatRow, SeatScope } from './seat-store.ts';

export class SqliteSeats {
  private readonly s;
  private readonly putTx;
  private readonly moveTx;

  constructor(db: Database.Database) {
    const per = (sql: (column: string) => string) => ({
      encounter: db.prepare(sql('encounter_id')),
      campaign: db.prepare(sql('campaign_id')),
    });
    this.s = {
      insert: db.prepare('INSERT INTO seats (key_hash, encounter_id, campaign_id, target, created_at) VALUES (?, ?, ?, ?, ?)'),
      byKey: db.prepare('SELECT * FROM seats WHERE key_hash = ?'),
      at: per((c) => `SELECT * FROM seats WHERE ${c} = ? AND target = ?`),
      list: per((c) => `SELECT * FROM seats WHERE ${c} = ? ORDER BY created_at, rowid`),
      del: db.prepare('DELETE FROM seats WHERE key_hash = ?'),
      retarget: db.prepare('UPDATE seats SET target = ? WHERE key_hash = ?'),
    };
    this.putTx = db.transaction((seat: SeatRecord): string | null => {
      const old = this.at(seat.scope, seat.target);
      if (old) this.s.del.run(old.keyHash);
      this.insert(seat);
      return old?.keyHash ?? null;
    });
    this.moveTx = db.transaction((scope: SeatScope, from: string, to: string): SeatRecord | undefined => {
      const seat = this.at(scope, from);
      if (!seat || from === to) return seat;
      if (this.at(scope, to)) throw new SeatTakenError(to);
      this.s.retarget.run(to, seat.keyHash);
      return { ...seat, target: to };
    });
  }

  private at(scope: SeatScope, target: string): SeatRecord | undefined {
    const row = this.s.at[scope.kind].get(scope.id, target) as SeatRow | undefined;
    return row ? seatFromRow(row) : undefined;
  }

  private insert(seat: SeatRecord): void {
    const { scope } = seat;
    this.s.insert.run(seat.keyHash, scope.kind === 'encounter' ? scope.id : null, scope.kind === 'campaign' ? scope.id : null, seat.target, seat.createdAt);
  }

  claim(seat: SeatRecord): SeatRecord {
    try {
      this.insert(seat);
    } catch (e) {
      if ((e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' || (e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new SeatTakenError(seat.target);
      }
      throw e;
    }
    return seat;
  }

  put(seat: SeatRecord): string | null {
    return this.putTx.immediate(seat);
  }

  get(keyHash: string): SeatRecord | undefined {
    const row = this.s.byKey.get(keyHash) as SeatRow | undefined;
    return row ? seatFromRow(row) : undefined;
  }

  list(scope: SeatScope): SeatRecord[] {
    return (this.s.list[scope.kind].all(scope.id) as SeatRow[]).map(seatFromRow);
  }

  move(scope: SeatScope, from: string, to: string): SeatRecord | undefined {
    return this.moveTx.immediate(scope, from, to);
  }

  free(scope: SeatScope, target: string): string | null {
    const seat = this.at(scope, target);
    if (!seat) return null;
    this.s.del.run(seat.keyHash);
    return seat.keyHash;
  }
}
