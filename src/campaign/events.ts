import type { Track } from '../core/index.ts';
import type { CampaignFight, CampaignPc, CampaignTemplate, Pools } from './state.ts';

/** One track's value moving: by a write-back or a new session. */
export type TrackChange = { readonly pc: string; readonly track: string; readonly from: number; readonly to: number };

export type PoolChange = { readonly from: number; readonly to: number };
export type PoolChanges = { readonly party: PoolChange; readonly gm: PoolChange };

export type PcChanges = {
  readonly name?: string;
  readonly side?: string;
  readonly notes?: string;
  readonly stats?: Readonly<Record<string, unknown>>;
  /** The whole new set of tracks, when the sheet or the HP changed them. */
  readonly tracks?: Readonly<Record<string, Track>>;
};

export type TemplateChanges = Partial<Omit<CampaignTemplate, 'id'>>;

/**
 * A campaign's events: past tense, plain JSON, carrying every value the fold needs (a PC's tracks are
 * computed by decide, so replay never runs rule-module code). Every command records exactly one event,
 * except `import`: one `pc-added` or `template-added` per entry, all of them one command (one undo step).
 */
export type CampaignEvent =
  | {
      readonly type: 'campaign-created';
      readonly title: string;
      readonly rules: string;
      readonly options: Readonly<Record<string, unknown>>;
      readonly partySide: string;
      readonly pools: Pools | null;
    }
  | { readonly type: 'title-set'; readonly title: string }
  | { readonly type: 'options-set'; readonly options: Readonly<Record<string, unknown>> }
  | { readonly type: 'pc-added'; readonly pc: CampaignPc }
  | { readonly type: 'pc-updated'; readonly pc: string; readonly changes: PcChanges }
  | { readonly type: 'pc-track-set'; readonly pc: string; readonly track: string; readonly from: number; readonly to: number }
  | { readonly type: 'pc-removed'; readonly pc: string }
  | { readonly type: 'template-added'; readonly template: CampaignTemplate }
  | { readonly type: 'template-updated'; readonly template: string; readonly changes: TemplateChanges }
  | { readonly type: 'template-removed'; readonly template: string }
  | { readonly type: 'fight-linked'; readonly fight: CampaignFight }
  | { readonly type: 'fight-unlinked'; readonly fight: string }
  | { readonly type: 'written-back'; readonly fight: string; readonly changes: readonly TrackChange[]; readonly pools?: PoolChanges }
  | { readonly type: 'session-started'; readonly session: number; readonly luck: readonly TrackChange[]; readonly pools?: PoolChanges }
  | { readonly type: 'undone'; readonly cmd: number }
  | { readonly type: 'redone'; readonly cmd: number };

export type CampaignEventType = CampaignEvent['type'];

export const CAMPAIGN_EVENT_TYPES: readonly CampaignEventType[] = [
  'campaign-created', 'title-set', 'options-set', 'pc-added', 'pc-updated', 'pc-track-set', 'pc-removed',
  'template-added', 'template-updated', 'template-removed', 'fight-linked', 'fight-unlinked', 'written-back',
  'session-started', 'undone', 'redone',
];

/** A campaign's stored event: the same envelope as an encounter's. */
export type StoredCampaignEvent = { readonly seq: number; readonly cmd: number; readonly event: CampaignEvent };

/**
 * A stored event as read back from the store, which keeps events as opaque JSON: the fold takes it as
 * a campaign event (`checkCampaignFile` checks a file's events before they are stored).
 */
export type StoredCampaignEventInput = { readonly seq: number; readonly cmd: number; readonly event: { readonly type: string; readonly [k: string]: unknown } };
