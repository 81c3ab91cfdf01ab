import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Whether a scrolling box has more to show above or below what is in sight. */
export interface ScrollEdges {
  readonly above: boolean;
  readonly below: boolean;
}

/** Rounding slack: a box scrolled to within a pixel of its end shows everything. */
const SLACK = 1;

export function edgesOf(box: { scrollTop: number; clientHeight: number; scrollHeight: number }): ScrollEdges {
  return { above: box.scrollTop > SLACK, below: box.scrollTop + box.clientHeight < box.scrollHeight - SLACK };
}

/**
 * The height that shows whole lines only when a list is scrolled to its end: from the tops of its lines
 * (from the list's top, in order), the list's full height and the most it may take, the distance from
 * the first line that fits to the end. Null when everything fits, or when not even the last line does.
 */
export function wholeLinesHeight(lineTops: readonly number[], scrollHeight: number, cap: number): number | null {
  if (scrollHeight <= cap + SLACK) return null;
  const first = lineTops.find((top) => scrollHeight - top <= cap + SLACK);
  return first === undefined ? null : scrollHeight - first;
}

/**
 * Follows a scrolling box (scrolled, resized, or its content changed: `content`) and says whether more
 * is hidden above or below, for the hint that shows it.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, content: unknown): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ above: false, below: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const next = edgesOf(el);
      setEdges((e) => (e.above === next.above && e.below === next.below ? e : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resized?.disconnect();
    };
  }, [ref, content]);
  return edges;
}
