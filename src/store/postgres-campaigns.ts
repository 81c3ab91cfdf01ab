/**
 * The campaign part of the PostgreSQL adapter: the `campaigns` rows and their `campaign_events`
 * streams, in the same style as encounters. An append locks the campaign's row (`SELECT ... FOR
 * NO KEY UPDATE`), checks its version, inserts the events and bumps the version in one transaction; the
 * (campaign_id, seq) primary key is the second guard.
 */
import type pg from 'pg';
import {
  CampaignExistsError,
  CampaignNotFoundError,
  EncounterExistsError,
  EncounterLimitError,
  INITIAL_PROGRESS,
  VersionConflictError,
  checkNumbering,
  checkProgress,
} from './event-store.ts';
import type { CampaignChanges, CampaignKeys, CampaignRecord, EncounterRecord, NewCampaignRecord, NewEncounterWithEvents, StoredCampaignEvent } from './event-store.ts';
import { LOCK_CREATE_ENCOUNTER, SCHEMA_KEY } from './postgres-migrations.ts';
import {
  CAMPAIGN_COLUMNS,
  ENCOUNTER_COLUMNS,
  UNIQUE_VIOLATION,
  insertEncounter,
  insertEvents,
  pgError,
  seqBound,
  toCampaign,
  toEncounter,
  transaction,
  updateRow,
} from './postgres-rows.ts';
import type { CampaignRow, EncounterRow, EventRow } from './postgres-rows.ts';

export class PostgresCampaigns {
  constructor(private readonly pool: pg.Pool) {}

  async create(campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<CampaignRecord> {
    checkNumbering(campaign.id, 0, events);
    try {
      return await transaction(this.pool, (client) => this.insert(client, campaign, events, recordedAt));
    } catch (e) {
      if (pgError(e).code === UNIQUE_VIOLATION && pgError(e).constraint === 'campaigns_pkey') throw new CampaignExistsError(campaign.id);
      throw e;
    }
  }

  private async insert(client: pg.PoolClient, campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<CampaignRecord> {
    const { rows } = await client.query<CampaignRow>(
      `INSERT INTO campaigns (id, title, rules, created_at, archived, version, player_key_hash, tv_key_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${CAMPAIGN_COLUMNS}`,
      [campaign.id, campaign.title, campaign.rules, campaign.createdAt, campaign.archived ?? false, events.length, campaign.playerKeyHash ?? null, campaign.tvKeyHash ?? null],
    );
    await insertEvents(client, 'campaign_events', 'campaign_id', campaign.id, events, recordedAt);
    return toCampaign(rows[0]!);
  }

  /**
   * The campaign and its encounters in one transaction, under the lock every encounter create takes
   * (so the count and the ids checked here cannot go stale before the commit).
   */
  async createWithEncounters(
    campaign: NewCampaignRecord,
    events: readonly StoredCampaignEvent[],
    encounters: readonly NewEncounterWithEvents[],
    recordedAt: string,
    max: number | undefined,
  ): Promise<CampaignRecord> {
    checkNumbering(campaign.id, 0, events);
    for (const e of encounters) {
      checkNumbering(e.record.id, 0, e.events);
      checkProgress(e.record.id, e.record.progress ?? INITIAL_PROGRESS);
    }
    try {
      return await transaction(this.pool, async (client) => {
        await client.query(`SELECT pg_advisory_xact_lock($1, ${SCHEMA_KEY})`, [LOCK_CREATE_ENCOUNTER]);
        const ids = encounters.map((e) => e.record.id);
        const taken = await client.query<{ id: string }>('SELECT id FROM encounters WHERE id = ANY($1::text[]) LIMIT 1', [ids]);
        const twice = ids.find((id, i) => ids.indexOf(id) !== i);
        if (taken.rows[0] || twice !== undefined) throw new EncounterExistsError(taken.rows[0]?.id ?? twice!);
        if (max !== undefined) {
          const { rows } = await client.query<{ n: number }>('SELECT count(*) AS n FROM encounters');
          if (rows[0]!.n + encounters.length > max) throw new EncounterLimitError(max);
        }
        const record = await this.insert(client, campaign, events, recordedAt);
        for (const e of encounters) {
          await client.query(insertEncounter({ ...e.record, campaignId: campaign.id }, e.events.length));
          await insertEvents(client, 'events', 'encounter_id', e.record.id, e.events, recordedAt);
        }
        return record;
      });
    } catch (e) {
      if (pgError(e).code === UNIQUE_VIOLATION && pgError(e).constraint === 'campaigns_pkey') throw new CampaignExistsError(campaign.id);
      throw e;
    }
  }

  async get(id: string): Promise<CampaignRecord | undefined> {
    const { rows } = await this.pool.query<CampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE id = $1`, [id]);
    return rows[0] ? toCampaign(rows[0]) : undefined;
  }

  async list(): Promise<CampaignRecord[]> {
    const { rows } = await this.pool.query<CampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns ORDER BY created_at, pos`);
    return rows.map(toCampaign);
  }

  async append(id: string, expectedVersion: number, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<{ version: number }> {
    checkNumbering(id, expectedVersion, events);
    const version = expectedVersion + events.length;
    try {
      await transaction(this.pool, async (client) => {
        const { rows } = await client.query<{ version: number }>('SELECT version FROM campaigns WHERE id = $1 FOR NO KEY UPDATE', [id]);
        if (rows.length === 0) throw new CampaignNotFoundError(id);
        if (rows[0]!.version !== expectedVersion) throw new VersionConflictError(id, expectedVersion, rows[0]!.version, 'campaign');
        await insertEvents(client, 'campaign_events', 'campaign_id', id, events, recordedAt);
        await client.query('UPDATE campaigns SET version = $2 WHERE id = $1', [id, version]);
      });
    } catch (e) {
      // The row lock makes this unreachable through the store; a writer that skips it still hits the key.
      if (pgError(e).code === UNIQUE_VIOLATION) throw new VersionConflictError(id, expectedVersion, (await this.get(id))?.version, 'campaign');
      throw e;
    }
    return { version };
  }

  async readEvents(id: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<StoredCampaignEvent[]> {
    const { rows } = await this.pool.query<EventRow<StoredCampaignEvent['event']>>(
      'SELECT seq, cmd, data FROM campaign_events WHERE campaign_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq',
      [id, seqBound(after), seqBound(upTo)],
    );
    return rows.map((r) => ({ seq: r.seq, cmd: r.cmd, event: r.data }));
  }

  async update(id: string, changes: CampaignChanges): Promise<CampaignRecord | undefined> {
    const { text, values } = updateRow('campaigns', id, { title: changes.title, archived: changes.archived }, CAMPAIGN_COLUMNS);
    const { rows } = await this.pool.query<CampaignRow>(text, values);
    return rows[0] ? toCampaign(rows[0]) : undefined;
  }

  async setKeys(id: string, keys: CampaignKeys): Promise<CampaignRecord | undefined> {
    const { text, values } = updateRow('campaigns', id, { player_key_hash: keys.playerKeyHash, tv_key_hash: keys.tvKeyHash }, CAMPAIGN_COLUMNS);
    const { rows } = await this.pool.query<CampaignRow>(text, values);
    return rows[0] ? toCampaign(rows[0]) : undefined;
  }

  /** The foreign key would detach the encounters too (ON DELETE SET NULL); said here, not left to it. */
  async delete(id: string): Promise<boolean> {
    return transaction(this.pool, async (client) => {
      await client.query('UPDATE encounters SET campaign_id = NULL WHERE campaign_id = $1', [id]);
      return ((await client.query('DELETE FROM campaigns WHERE id = $1', [id])).rowCount ?? 0) > 0;
    });
  }

  async encounters(campaignId: string): Promise<EncounterRecord[]> {
    const { rows } = await this.pool.query<EncounterRow>(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE campaign_id = $1 ORDER BY created_at, pos`, [campaignId]);
    return rows.map(toEncounter);
  }
}
