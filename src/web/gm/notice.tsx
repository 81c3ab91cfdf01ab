import { useLayoutEffect, useState } from 'react';

/**
 * What the last command did, in a word ("Undo"), or why it was refused; `wait`: something is under way
 * (a command whose answer was lost is being checked). `actions`: buttons beside the text ("Send again").
 */
export interface Notice {
  readonly text: string;
  readonly kind: 'error' | 'ok' | 'wait';
  readonly at: number;
  readonly actions?: readonly { readonly label: string; readonly run: () => void }[];
  /** It tells of a command in doubt: dismissing it ends the doubt. */
  readonly doubt?: boolean;
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface Place {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The narrowest a notice may be in the header (px): about 40 characters a line. */
export const MIN_NOTICE_WIDTH = 256;
const GAP = 12;

/**
 * Where a notice fits in the header, between the title and the toolbar, covering no control: it may
 * cover the end of the title's text (never its links) when the free space is too narrow. Null when
 * the toolbar has wrapped under the title (a narrow window) or there is no room even so.
 * `linksRight` is where the title's last link or button ends.
 */
export function headerPlace(header: Box, brand: Box, toolbar: Box, linksRight: number, min = MIN_NOTICE_WIDTH): Place | null {
  if (toolbar.top >= brand.bottom - 1) return null;
  const right = toolbar.left - GAP;
  const left = Math.min(brand.right + GAP, Math.max(linksRight + GAP, right - min));
  if (right - left < min) return null;
  return { left: Math.round(left), top: Math.round(header.top), width: Math.floor(right - left), height: Math.round(header.bottom - header.top) };
}

function same(a: Place | null, b: Place | null): boolean {
  return a === b || (a !== null && b !== null && a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height);
}

/**
 * The notice of the last command, in the header's free space between the title and the toolbar, so it
 * covers no row or button and takes no clicks from them; on a narrow window, at the bottom of the
 * screen, letting clicks through (only its × takes them). Successes fade; refusals stay until dismissed.
 */
export function NoticeSlot({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    if (!notice) return;
    const header = document.querySelector<HTMLElement>('.gm-header');
    const brand = header?.querySelector<HTMLElement>('.brand');
    const toolbar = header?.querySelector<HTMLElement>('.toolbar');
    if (!header || !brand || !toolbar) return;
    const measure = () => {
      const links = [...brand.querySelectorAll('a, button')].map((e) => e.getBoundingClientRect().right);
      const next = headerPlace(header.getBoundingClientRect(), brand.getBoundingClientRect(), toolbar.getBoundingClientRect(), Math.max(0, ...links));
      setPlace((p) => (same(p, next) ? p : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const el of [header, brand, toolbar]) resized?.observe(el);
    return () => {
      window.removeEventListener('resize', measure);
      resized?.disconnect();
    };
  }, [notice]);
  return (
    <div
      className={place ? 'notice-slot in-header' : 'notice-slot'}
      style={place ? { left: place.left, top: place.top, width: place.width, height: place.height } : undefined}
      aria-live="polite"
    >
      {notice && (
        <p key={notice.at} className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          {notice.actions?.map((a) => (
            <button key={a.label} type="button" className="small" onClick={a.run}>
              {a.label}
            </button>
          ))}
          <button type="button" className="icon tiny" aria-label="Dismiss" onClick={onDismiss}>
            ×
          </button>
        </p>
      )}
    </div>
  );
}
