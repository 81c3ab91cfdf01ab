/**
 * The stream overlay's address (`?tv&overlay`, or `&overlay` on a campaign's TV table link): a compact
 * order on a transparent page for OBS's browser source, in the corner and at the size the address asks:
 *
 * - `overlay` (`overlay=1`, `overlay=yes`) turns it on; `overlay=0|no|false|off` or none leaves it off;
 * - `corner=top-left|top-right|bottom-left|bottom-right` (or `tl`, `tr`, `bl`, `br`); top-right by default;
 * - `size=s|m|l` (or `small`, `medium`, `large`); m by default.
 *
 * A value it does not know falls back to the default without a word: a stream would show the complaint. Pure.
 */

export type OverlayCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
export type OverlaySize = 's' | 'm' | 'l';

export interface OverlayOptions {
  readonly corner: OverlayCorner;
  readonly size: OverlaySize;
}

export const OVERLAY_DEFAULTS: OverlayOptions = { corner: 'top-right', size: 'm' };

const CORNERS: Readonly<Record<string, OverlayCorner>> = {
  'top-left': 'top-left',
  'top-right': 'top-right',
  'bottom-left': 'bottom-left',
  'bottom-right': 'bottom-right',
  tl: 'top-left',
  tr: 'top-right',
  bl: 'bottom-left',
  br: 'bottom-right',
};

const SIZES: Readonly<Record<string, OverlaySize>> = { s: 's', m: 'm', l: 'l', small: 's', medium: 'm', large: 'l' };

/** The words as typed, any case, `_` or a space for `-` ("Top_Left" is top-left). */
const plainWord = (v: string | null): string => (v ?? '').trim().toLowerCase().replace(/[\s_]+/g, '-');

/** The overlay's options from the address's query, or null when the page is no overlay. */
export function overlayOptions(search: string): OverlayOptions | null {
  const p = new URLSearchParams(search);
  if (!p.has('overlay') || /^(0|no|false|off)$/i.test(p.get('overlay') ?? '')) return null;
  return {
    corner: CORNERS[plainWord(p.get('corner'))] ?? OVERLAY_DEFAULTS.corner,
    size: SIZES[plainWord(p.get('size'))] ?? OVERLAY_DEFAULTS.size,
  };
}
