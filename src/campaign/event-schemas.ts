import { z } from 'zod';
import { nameSchema } from '../core/index.ts';
import type { RuleModule } from '../core/index.ts';
import { CAMPAIGN_LIMITS } from './state.ts';

/** An encounter id as servers make them (12 URL-safe characters; up to 64): what a fight link may name. */
export const FIGHT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The shape of each stored campaign event, for checking a file before it is imported. Stats and
 * options go through the game's own schemas, so a bad sheet is named by its path
 * (`events[12].event.pc.stats.hp`).
 */
export function campaignEventSchemas(module: RuleModule): Readonly<Record<string, z.ZodType>> {
  const int = z.number().int().min(-1_000_000).max(1_000_000);
  const count = z.number().int().min(0).max(1_000_000);
  const name = nameSchema(CAMPAIGN_LIMITS.nameLength);
  const notes = z.string().max(CAMPAIGN_LIMITS.notes);
  const campaignTitle = nameSchema(CAMPAIGN_LIMITS.titleLength);
  const title = z.string().max(CAMPAIGN_LIMITS.titleLength);
  const id = z.string().min(1).max(64);
  const fightId = z.string().regex(FIGHT_ID, 'not an encounter id as the server makes them (letters, digits, "-" and "_")');
  const stats = module.stats;
  const track = z.object({ value: int, max: int.optional(), min: int.optional(), rising: z.boolean().optional(), label: z.string().min(1).max(100).optional() }).strict();
  const tracks = z.record(z.string().min(1).max(120), track);
  const pools = z.object({ party: count, gm: count }).strict();
  const poolChanges = z.object({ party: z.object({ from: count, to: count }).strict(), gm: z.object({ from: count, to: count }).strict() }).strict();
  const trackChange = z.object({ pc: id, track: z.string().min(1).max(120), from: int, to: int }).strict();
  const pc = z.object({ id: z.string().regex(/^p[1-9]\d{0,8}$/), name, side: name, stats, tracks, notes }).strict();
  const templateFields = {
    name,
    side: name.nullable(),
    stats,
    hp: count.nullable(),
    notes,
    gmNotes: notes,
    tags: z.array(nameSchema(CAMPAIGN_LIMITS.tagLength)).max(CAMPAIGN_LIMITS.tags),
    hidden: z.boolean(),
  };
  const template = z.object({ id: z.string().regex(/^t[1-9]\d{0,8}$/), ...templateFields }).strict();
  const fight = z.object({ id: fightId, title, pcs: z.record(z.string(), id), writtenBack: count }).strict();
  const event = <T extends z.ZodRawShape>(type: string, shape: T) => z.object({ type: z.literal(type), ...shape }).strict();
  return {
    'campaign-created': event('campaign-created', { title: campaignTitle, rules: z.literal(module.id), options: module.options, partySide: name, pools: pools.nullable() }),
    'title-set': event('title-set', { title: campaignTitle }),
    'options-set': event('options-set', { options: module.options }),
    'pc-added': event('pc-added', { pc }),
    'pc-updated': event('pc-updated', {
      pc: id,
      changes: z.object({ name: name.optional(), side: name.optional(), notes: notes.optional(), stats: stats.optional(), tracks: tracks.optional() }).strict(),
    }),
    'pc-track-set': event('pc-track-set', { pc: id, track: z.string().min(1).max(120), from: int, to: int }),
    'pc-removed': event('pc-removed', { pc: id }),
    'template-added': event('template-added', { template }),
    'template-updated': event('template-updated', { template: id, changes: z.object(templateFields).partial().strict() }),
    'template-removed': event('template-removed', { template: id }),
    'fight-linked': event('fight-linked', { fight }),
    'fight-unlinked': event('fight-unlinked', { fight: fightId }),
    'written-back': event('written-back', { fight: fightId, changes: z.array(trackChange).max(5000), pools: poolChanges.optional() }),
    'session-started': event('session-started', { session: z.number().int().min(2).max(1_000_000), luck: z.array(trackChange).max(CAMPAIGN_LIMITS.pcs), pools: poolChanges.optional() }),
    undone: event('undone', { cmd: z.number().int().min(1) }),
    redone: event('redone', { cmd: z.number().int().min(1) }),
  };
}
