/** The portraits of the PostgreSQL adapter (`portraits`, migration 5): one statement each. */
import type pg from 'pg';
import { CampaignNotFoundError } from './event-store.ts';
import { ownBytes, portraitHash, portraitInfoFromRow } from './portrait-store.ts';
import type { NewPortrait, Portrait, PortraitInfo, PortraitInfoRow, PortraitStore } from './portrait-store.ts';
import { FOREIGN_KEY_VIOLATION } from './postgres-rows.ts';

const INFO = 'campaign_id, owner, media_type, hash, octet_length(bytes) AS size, updated_at';

export class PostgresPortraits implements PortraitStore {
  constructor(private readonly pool: pg.Pool) {}

  async putPortrait(p: NewPortrait): Promise<PortraitInfo> {
    const bytes = ownBytes(p.bytes);
    const hash = portraitHash(bytes);
    try {
      await this.pool.query(
        `INSERT INTO portraits (campaign_id, owner, media_type, bytes, hash, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (campaign_id, owner) DO UPDATE SET media_type = excluded.media_type, bytes = excluded.bytes, hash = excluded.hash, updated_at = excluded.updated_at`,
        [p.campaignId, p.owner, p.type, bytes, hash, p.updatedAt],
      );
    } catch (e) {
      if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) throw new CampaignNotFoundError(p.campaignId);
      throw e;
    }
    return { campaignId: p.campaignId, owner: p.owner, type: p.type, hash, size: bytes.length, updatedAt: p.updatedAt };
  }

  async getPortrait(campaignId: string, owner: string): Promise<Portrait | undefined> {
    const { rows } = await this.pool.query<PortraitInfoRow & { bytes: Buffer }>(`SELECT ${INFO}, bytes FROM portraits WHERE campaign_id = $1 AND owner = $2`, [campaignId, owner]);
    const r = rows[0];
    return r ? { ...portraitInfoFromRow(r), bytes: r.bytes } : undefined;
  }

  async deletePortrait(campaignId: string, owner: string): Promise<boolean> {
    return ((await this.pool.query('DELETE FROM portraits WHERE campaign_id = $1 AND owner = $2', [campaignId, owner])).rowCount ?? 0) > 0;
  }

  async listPortraits(campaignId: string): Promise<PortraitInfo[]> {
    const { rows } = await this.pool.query<PortraitInfoRow>(`SELECT ${INFO} FROM portraits WHERE campaign_id = $1 ORDER BY owner COLLATE "C"`, [campaignId]);
    return rows.map(portraitInfoFromRow);
  }
}
