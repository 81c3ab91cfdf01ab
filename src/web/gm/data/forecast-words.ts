/** The forecast in words and numbers for the screens (pure). */
import type { Forecast, Proportion } from '../../../forecast/index.ts';

/** A share as a whole percentage: "92%"; "<1%" and ">99%" near the ends, so a rare outcome never reads as none. */
export function percent(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.01) return '<1%';
  if (p > 0.99) return '>99%';
  return `${Math.round(p * 100)}%`;
}

/** A 95% interval: "88–95%". */
export function span(x: Pick<Proportion, 'low' | 'high'>): string {
  const whole = (p: number) => Math.min(100, Math.max(0, Math.round(p * 100)));
  return `${whole(x.low)}–${whole(x.high)}%`;
}

/** "2,000 fights" */
export function fights(n: number): string {
  return `${n.toLocaleString('en')} ${n === 1 ? 'fight' : 'fights'}`;
}

/** Rounds with one decimal: "3.2". */
export function roundsText(n: number): string {
  return (Math.round(n * 10) / 10).toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/**
 * The New fight dialog's line: "3 × Raider: the party wins 92%, Vasquez goes down 31%". The party is
 * the PCs' side; the PC named is the one most likely to go down.
 */
export function partyLine(f: Forecast, opponents: string): string {
  const pcs = f.combatants.filter((c) => c.kind === 'pc');
  const party = f.sides.find((s) => s.id === pcs[0]?.side);
  const head = opponents ? `${opponents}: ` : '';
  if (!party) return `${head}${f.sides.map((s) => `${s.name} wins ${percent(s.p)}`).join(', ')}`;
  const worst = pcs.reduce((a, b) => (b.down.p > a.down.p ? b : a), pcs[0]!);
  const down = worst.down.p > 0 ? `${worst.name} goes down ${percent(worst.down.p)}` : 'nobody in the party goes down';
  return `${head}the party wins ${percent(party.p)}, ${down}`;
}

/** One bar of the rounds chart: the fights that lasted `from` rounds (or `from` and more, when `open`). */
export interface RoundsBar {
  readonly from: number;
  readonly open: boolean;
  /** "3", or "10+" for the bar that gathers the long tail. */
  readonly label: string;
  readonly runs: number;
  /** Its share of the decided fights, 0..1. */
  readonly share: number;
}

/** The most bars the rounds chart draws: past them, the long tail is one last "N+" bar. */
export const ROUND_BARS = 10;

/**
 * The rounds histogram (runs per number of rounds, lowest first) as the chart's bars: one per round
 * count from the fewest rounds seen to the most (counts nobody lasted included, as empty bars), at most
 * `most` of them. The long tail is gathered into a last "N+" bar: the rounds past the `most`th bar, or
 * those after 99% of the fights were over (when that gathers two round counts or more).
 */
export function roundsBars(histogram: readonly { readonly value: number; readonly runs: number }[], most = ROUND_BARS): RoundsBar[] {
  const seen = histogram.filter((h) => h.runs > 0);
  if (seen.length === 0) return [];
  const total = seen.reduce((n, h) => n + h.runs, 0);
  const first = Math.min(...seen.map((h) => h.value));
  const last = Math.max(...seen.map((h) => h.value));
  // The tail: past the `most`th bar, or after the round by which 99% of the fights were over.
  let sofar = 0;
  const p99 = seen.find((h) => (sofar += h.runs) >= 0.99 * total)?.value ?? last;
  const byCount = last - first + 1 > most ? first + Math.max(1, most) - 1 : Infinity;
  const byShare = p99 + 1 < last ? p99 + 1 : Infinity;
  const tailFrom = Math.min(byCount, byShare);
  const count = (Number.isFinite(tailFrom) ? tailFrom : last) - first + 1;
  return Array.from({ length: count }, (_, i) => {
    const from = first + i;
    const open = from === tailFrom;
    const runs = seen.filter((h) => (open ? h.value >= from : h.value === from)).reduce((n, h) => n + h.runs, 0);
    return { from, open, label: open ? `${from}+` : String(from), runs, share: runs / total };
  });
}

/** The bars in words, for the chart's label: "Rounds: 1 round 12%, 2 rounds 40%, 10+ rounds 2%" (empty bars left out). */
export function roundsWords(bars: readonly RoundsBar[]): string {
  const said = bars.filter((b) => b.runs > 0).map((b) => `${b.label} ${b.label === '1' ? 'round' : 'rounds'} ${percent(b.share)}`);
  return `Rounds: ${said.join(', ')}`;
}
