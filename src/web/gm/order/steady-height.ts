import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * The least height a panel keeps: the tallest it has been (up to `cap`), so a shorter content (the
 * next combatant's fewer actions, a shorter result) leaves everything below where it was.
 */
export function steadyHeight(tallest: number, height: number, cap = Infinity): { tallest: number; least: number } {
  const t = Math.max(tallest, height);
  return { tallest: t, least: Math.min(t, cap) };
}

/**
 * Keeps a panel at the tallest it has been in this window (`cap` in rem at most): it grows with its
 * content and does not shrink back when the turn moves on. A new window width starts afresh (the
 * lines wrap anew).
 */
export function useSteadyHeight(ref: RefObject<HTMLElement | null>, capRem = Infinity): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let tallest = 0;
    let width = window.innerWidth;
    const rem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const measure = () => {
      const next = steadyHeight(tallest, el.getBoundingClientRect().height, capRem * rem());
      tallest = next.tallest;
      el.style.minHeight = `${next.least}px`;
    };
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    const widened = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      tallest = 0;
      el.style.minHeight = '';
      measure();
    };
    window.addEventListener('resize', widened);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', widened);
    };
  }, [ref, capRem]);
}
