/** What the routes share: built once per app by `buildApp`, no global state. */
import type { Engine } from '../../core/index.ts';
import type { Announcer } from '../announce/index.ts';
import type { CampaignService } from '../campaigns/index.ts';
import type { SeatService } from '../seats/index.ts';
import type { DatabaseHealth } from './database-health.ts';
import type { EncounterService } from '../encounters/index.ts';
import type { Clock, Limits, RateBuckets } from '../shared/index.ts';
import type { RequestService } from '../encounters/index.ts';

export interface AppContext {
  readonly engine: Engine;
  readonly service: EncounterService;
  readonly requests: RequestService;
  readonly campaigns: CampaignService;
  readonly seats: SeatService;
  readonly limits: Limits;
  readonly clock: Clock;
  /** sha256 of the owner token. */
  readonly ownerHash: string;
  readonly commandRate: RateBuckets;
  readonly requestRate: RateBuckets;
  /** Reads per key: every GET that takes a key, and the live socket's upgrade. */
  readonly readRate: RateBuckets;
  /** Base of the links handed out (gmUrl, playerUrl); from the request's Host when unset. */
  readonly publicUrl: string | undefined;
  /** Where the built web app lives. */
  readonly webRoot: string;
  readonly startedAt: number;
  readonly version: string;
  /** Whether the store answers (for /api/health). */
  readonly database: DatabaseHealth;
  /** Posts to the GMs' Discord webhooks, and what the GM sees of it. */
  readonly announcer: Announcer;
}
