/** NPC HP as the table may read it in "bands" mode. Pure. */
import type { HpBands } from './settings.ts';

/** The band of an HP track: full, above half, half or less, 0 or below. Without a max: above 0 is full. */
export function hpBand(track: { readonly value: number; readonly max?: number }, bands: HpBands): string {
  const { value, max } = track;
  if (value <= 0) return bands.down;
  if (max === undefined || max <= 0 || value >= max) return bands.unhurt;
  return value * 2 > max ? bands.hurt : bands.bloodied;
}
