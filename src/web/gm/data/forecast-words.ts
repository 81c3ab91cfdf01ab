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

/** The scale of the rounds chart: whole rounds from 0 past the interval's top (at least 5). */
export function roundsScale(high: number): number {
  return Math.max(5, Math.ceil(high) + 1);
}
