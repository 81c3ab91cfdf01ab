/**
 * Settings every instance on one PostgreSQL database shares (the `server_settings` table): the first
 * instance to start writes its value, every later one reads that value.
 */
import type pg from 'pg';

/** The shared value of `name`: `candidate` if none was stored yet (it is stored now), else the stored one. */
export async function sharedSetting(pool: pg.Pool, name: string, candidate: string): Promise<string> {
  await pool.query('INSERT INTO server_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, candidate]);
  const { rows } = await pool.query<{ value: string }>('SELECT value FROM server_settings WHERE name = $1', [name]);
  return rows[0]!.value;
}
