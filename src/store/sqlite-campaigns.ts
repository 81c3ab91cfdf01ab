/**
 * The campaign part of the SQLite adapter: the `campaigns` rows and their `campaign_events` streams,
 * in the same style as encounters. An append is a conditional version bump plus the inserts, the
 * (campaign_id, seq) primary key as a second guard, committed with the other appends of the same
 * event-loop turn (group commit, shared with the encounters' appends).
 */
import type Database from 'better-sqlite3';
import { CampaignExistsError, CampaignNotFoundError, VersionConflictError, checkNumbering } from './event-store.ts';
import type { CampaignChanges, CampaignKeys, CampaignRecord, EncounterRecord, NewCampaignRecord, StoredCampaignEvent } from './event-store.ts';
import type { GroupCommit } from './sqlite-group-commit.ts';
import { campaignColumns, campaignKeyColumns, toCampaign, toEncounter, updateRow } from './sqlite-rows.ts';
import type { CampaignRow, EncounterRow, EventRow } from './sqlite-rows.ts';

export class SqliteCampaigns {
  private readonly s;
  private readonly createTx;
  private readonly appendTx;
  private readonly deleteTx;

  constructor(
    private readonly db: Database.Database,
    private readonly commit: GroupCommit,
  ) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO campaigns (id, title, rules, created_at, archived, version, player_key_hash, tv_key_hash)
         VALUES (@id, @title, @rules, @created_at, @archived, @version, @player_key_hash, @tv_key_hash)`,
      ),
      get: db.prepare('SELECT * FROM campaigns WHERE id = ?'),
      list: db.prepare('SELECT * FROM campaigns ORDER BY created_at, rowid'),
      version: db.prepare('SELECT version FROM campaigns WHERE id = ?').pluck(),
      bump: db.prepare('UPDATE campaigns SET version = ? WHERE id = ? AND version = ?'),
      insertEvent: db.prepare('INSERT INTO campaign_events (campaign_id, seq, cmd, type, data, recorded_at) VALUES (?, ?, ?, ?, ?, ?)'),
      readEvents: db.prepare('SELECT seq, cmd, data FROM campaign_events WHERE campaign_id = ? AND seq > ? AND seq <= ? ORDER BY seq'),
      detach: db.prepare('UPDATE encounters SET campaign_id = NULL WHERE campaign_id = ?'),
      delete: db.prepare('DELETE FROM campaigns WHERE id = ?'),
      encounters: db.prepare('SELECT * FROM encounters WHERE campaign_id = ? ORDER BY created_at, rowid'),
    };
    const insertEvents = (id: string, events: readonly StoredCampaignEvent[], at: string): void => {
      for (const e of events) this.s.insertEvent.run(id, e.seq, e.cmd, e.event.type, JSON.stringify(e.event), at);
    };
    this.createTx = db.transaction((c: NewCampaignRecord, events: readonly StoredCampaignEvent[], at: string) => {
      this.s.insert.run({
        id: c.id,
        title: c.title,
        rules: c.rules,
        created_at: c.createdAt,
        archived: c.archived ? 1 : 0,
        version: events.length,
        player_key_hash: c.playerKeyHash ?? null,
        tv_key_hash: c.tvKeyHash ?? null,
      });
      insertEvents(c.id, events, at);
    });
    this.appendTx = db.transaction((id: string, expected: number, events: readonly StoredCampaignEvent[], at: string): number => {
      const version = expected + events.length;
      if (this.s.bump.run(version, id, expected).changes !== 1) {
        const actual = this.s.version.get(id) as number | undefined;
        if (actual === undefined) throw new CampaignNotFoundError(id);
        throw new VersionConflictError(id, expected, actual, 'campaign');
      }
      insertEvents(id, events, at);
      return version;
    });
    // The foreign key would detach the encounters too (ON DELETE SET NULL); said here, not left to the pragma.
    this.deleteTx = db.transaction((id: string): boolean => {
      this.s.detach.run(id);
      return this.s.delete.run(id).changes > 0;
    });
  }

  create(campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[], recordedAt: string): CampaignRecord {
    checkNumbering(campaign.id, 0, events);
    try {
      this.createTx(campaign, events, recordedAt);
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new CampaignExistsError(campaign.id);
      throw e;
    }
    return this.get(campaign.id)!;
  }

  get(id: string): CampaignRecord | undefined {
    const row = this.s.get.get(id) as CampaignRow | undefined;
    return row ? toCampaign(row) : undefined;
  }

  list(): CampaignRecord[] {
    return (this.s.list.all() as CampaignRow[]).map(toCampaign);
  }

  /** Queued for the next group commit; settles after it. */
  append(id: string, expectedVersion: number, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<{ version: number }> {
    try {
      checkNumbering(id, expectedVersion, events);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.commit.enqueue(() => {
      try {
        return this.appendTx(id, expectedVersion, events, recordedAt);
      } catch (e) {
        // A second writer on the same file got there first between its read and its write.
        if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw new VersionConflictError(id, expectedVersion, this.s.version.get(id) as number | undefined, 'campaign');
        }
        throw e;
      }
    });
  }

  readEvents(id: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): StoredCampaignEvent[] {
    const rows = this.s.readEvents.all(id, after, upTo) as EventRow[];
    return rows.map((r) => ({ seq: r.seq, cmd: r.cmd, event: JSON.parse(r.data) as StoredCampaignEvent['event'] }));
  }

  update(id: string, changes: CampaignChanges): CampaignRecord | undefined {
    updateRow(this.db, 'campaigns', id, campaignColumns(changes));
    return this.get(id);
  }

  setKeys(id: string, keys: CampaignKeys): CampaignRecord | undefined {
    updateRow(this.db, 'campaigns', id, campaignKeyColumns(keys));
    return this.get(id);
  }

  delete(id: string): boolean {
    return this.deleteTx(id);
  }

  encounters(campaignId: string): EncounterRecord[] {
    return (this.s.encounters.all(campaignId) as EncounterRow[]).map(toEncounter);
  }
}
