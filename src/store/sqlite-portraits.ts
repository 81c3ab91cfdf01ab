/**
 * The portraits of the SQLite adapter (`portraits`, migration 5): one statement each, committed at once
 * (portraits are rare, unlike appends: no group commit). A portrait for a campaign that is not there is
 * refused by the foreign key.
 */
import type Database from 'better-sqlite3';
import { CampaignNotFoundError } from './event-store.ts';
import { ownBytes, portraitHash, portraitInfoFromRow } from './portrait-store.ts';
import type { NewPortrait, Portrait, PortraitInfo, PortraitInfoRow } from './portrait-store.ts';

interface PortraitRow extends PortraitInfoRow {
  bytes: Buffer;
}

const INFO = 'campaign_id, owner, media_type, hash, length(bytes) AS size, updated_at';

export class SqlitePortraits {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      put: db.prepare(
        `INSERT INTO portraits (campaign_id, owner, media_type, bytes, hash, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (campaign_id, owner) DO UPDATE SET media_type = excluded.media_type, bytes = excluded.bytes, hash = excluded.hash, updated_at = excluded.updated_at`,
      ),
      get: db.prepare(`SELECT ${INFO}, bytes FROM portraits WHERE campaign_id = ? AND owner = ?`),
      del: db.prepare('DELETE FROM portraits WHERE campaign_id = ? AND owner = ?'),
      list: db.prepare(`SELECT ${INFO} FROM portraits WHERE campaign_id = ? ORDER BY owner`),
    };
  }

  put(p: NewPortrait): PortraitInfo {
    const bytes = ownBytes(p.bytes);
    const hash = portraitHash(bytes);
    try {
      this.s.put.run(p.campaignId, p.owner, p.type, bytes, hash, p.updatedAt);
    } catch (e) {
      if ((e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw new CampaignNotFoundError(p.campaignId);
      throw e;
    }
    return { campaignId: p.campaignId, owner: p.owner, type: p.type, hash, size: bytes.length, updatedAt: p.updatedAt };
  }

  get(campaignId: string, owner: string): Portrait | undefined {
    const r = this.s.get.get(campaignId, owner) as PortraitRow | undefined;
    return r ? { ...portraitInfoFromRow(r), bytes: r.bytes } : undefined;
  }

  delete(campaignId: string, owner: string): boolean {
    return this.s.del.run(campaignId, owner).changes > 0;
  }

  list(campaignId: string): PortraitInfo[] {
    return (this.s.list.all(campaignId) as PortraitInfoRow[]).map(portraitInfoFromRow);
  }
}
