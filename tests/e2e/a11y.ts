/**
 * The accessibility check of the browser tests: axe-core (through @axe-core/playwright) on the page as
 * it is now, in the dark and the light colour scheme. Only what axe rates serious or critical counts
 * (missing labels, contrast under 4.5:1, names of controls...): each as its rule, axe's help and the
 * elements at fault, so a failing test says what to fix and where. Beside axe, what it lets pass
 * (`ownProblems`): placeholder-only labels, placeholder contrast, click targets under 24 x 24 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type Scheme = 'dark' | 'light';
export const SCHEMES: readonly Scheme[] = ['dark', 'light'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);

/** One violation in words: "[light] GM screen (swn): color-contrast (serious) Elements must meet... at .slot-state, ...". */
export function describeViolation(where: string, v: Violation): string {
  const targets = v.nodes.map((n) => {
    const target = n.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : String(t))).join(' >> ');
    // The contrast rule says the colours and the ratio it measured: the fix starts there.
    const why = n.failureSummary?.match(/contrast of [^)]*\)|foreground color: [^,]+, background color: [^,)]+/g);
    return why ? `${target} (${why.join('; ')})` : target;
  });
  return `${where}: ${v.id} (${v.impact ?? 'no impact'}) ${v.help} at ${targets.join(', ')}`;
}

/** The serious and critical violations on the page now, described. */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  // A notice fading out is not measured halfway (its colours are the theme's once it shows in full).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.notice')].every((n) => getComputedStyle(n).visibility === 'hidden' || n.getAnimations().every((a) => a.playState !== 'running')),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? '')).map((v) => describeViolation(where, v));
}

/**
 * What axe lets pass but the GM trips on: a field named by its placeholder only (axe counts a
 * placeholder as a name), a placeholder under 4.5:1 against its field, and a click target (tick box,
 * choice, button, disclosure) under 24 x 24 px. Text links inside a line are exempt, as WCAG 2.2 has it.
 */
export async function ownProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const parse = (c: string): [number, number, number, number] => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
    };
    const over = (top: number[], below: number[]): [number, number, number, number] => {
      const a = top[3]!;
      return [top[0]! * a + below[0]! * (1 - a), top[1]! * a + below[1]! * (1 - a), top[2]! * a + below[2]! * (1 - a), 1];
    };
    /** The colour behind an element: its own background and its ancestors', composed. */
    const backdrop = (el: Element): number[] => {
      const layers: number[][] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let colour: number[] = matchMedia('(prefers-color-scheme: dark)').matches ? [0, 0, 0, 1] : [255, 255, 255, 1];
      for (const l of layers.reverse()) colour = over(l, colour);
      return colour;
    };
    const lum = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: number[], b: number[]) => {
      const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
      return (x! + 0.05) / (y! + 0.05);
    };
    const what = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const name = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? (el.textContent ?? '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${id}${cls}${name ? ` "${name}"` : ''}`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 2 && r.height > 2 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    for (const el of document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), select, textarea')) {
      if (!visible(el) && !(el.type === 'radio' || el.type === 'checkbox')) continue;
      const named = (el.labels?.length ?? 0) > 0 || el.getAttribute('aria-label')?.trim() || el.getAttribute('aria-labelledby');
      if (!named) out.push(`no label (placeholder only): ${what(el)}`);
      if (el.placeholder && visible(el)) {
        const fg = parse(getComputedStyle(el, '::placeholder').color);
        const bg = backdrop(el);
        const r = ratio(over(fg, bg), bg);
        if (r < 4.5) out.push(`placeholder contrast ${r.toFixed(2)}:1 (under 4.5): ${what(el)}`);
      }
    }
    // A button drawn as a link is exempt when it is words (inline, like a link); an icon (×) is not.
    const targets = 'input[type=checkbox], input[type=radio], button, a.button, summary, select';
    for (const el of document.querySelectorAll(targets)) {
      if (!visible(el) || (el.matches('button.link') && (el.textContent ?? '').trim().length > 2)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 23.5 || r.height < 23.5) out.push(`click target ${Math.round(r.width)}x${Math.round(r.height)} px (under 24x24): ${what(el)}`);
    }
    return out;
  });
  return [...new Set(found)].map((f) => `${where}: ${f}`);
}

/**
 * The page's problems in both colour schemes (`prefers-color-scheme` emulated, then set back to dark).
 * `settle` waits for what must show before axe looks (a dialog, a live update).
 */
export async function axeBothSchemes(page: Page, where: string, settle?: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme);
    if (settle) await settle();
    problems.push(...(await axeProblems(page, `[${scheme}] ${where}`)), ...(await ownProblems(page, `[${scheme}] ${where}`)));
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  return problems;
}
