/**
 * `turnkeeper odds <expr> [--at-least N] [--of TAG] [--depth N] [--json]`: the exact distribution,
 * with a table value | P(=) | P(>=) and a bar chart scaled to the most likely row.
 */
import { DiceOddsError, distribution } from '../../dice/index.ts';
import type { Distribution } from '../../dice/index.ts';
import type { CliIo } from '../io.ts';
import { diceArgs } from '../dice-args.ts';

export type { CliIo };

export const oddsUsage = 'usage: turnkeeper odds <expr> [--at-least N] [--of TAG] [--depth N] [--json]';
const KNOWN = new Set(['at-least', 'of', 'depth', 'json', 'help']);

/** Most rows in the table; longer distributions have their tails folded and values grouped. */
export const MAX_ROWS = 40;
/** Tails lighter than this (in total) may be folded into one '<=' / '>=' row. */
const TAIL_MASS = 0.0005;
const BAR_WIDTH = 40;
const PARTIAL = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

export interface OddsRow {
  label: string;
  /** P(value in this row). */
  p: number;
  /** P(total >= the row's lowest value). */
  atLeast: number;
}

/** A bar of `frac` (0..1) of `width` cells, in eighths of a block. */
export function bar(frac: number, width = BAR_WIDTH): string {
  const eighths = Math.round(Math.max(0, Math.min(1, frac)) * width * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + PARTIAL[eighths % 8]!;
}

/** '9.26%', '<0.01%', '>99.99%', '100.00%'. */
export function percent(x: number): string {
  if (x <= 0) return '0%';
  if (x >= 1) return '100.00%';
  if (x < 0.00005) return '<0.01%';
  if (x > 0.99995) return '>99.99%';
  return `${(x * 100).toFixed(2)}%`;
}

/** The table rows: every value if there are at most MAX_ROWS, else folded tails and grouped values. */
export function oddsRows(d: Distribution): { rows: OddsRow[]; note: string | null } {
  const o = d.outcomes;
  if (o.length <= MAX_ROWS) {
    return { rows: o.map((x) => ({ label: String(x.value), p: x.p, atLeast: d.atLeast(x.value) })), note: null };
  }
  // Fold the lighter tail first while the folded mass stays tiny.
  let lo = 0;
  let hi = o.length - 1;
  let lowMass = 0;
  let highMass = 0;
  while (hi - lo + 1 > MAX_ROWS - 2) {
    const a = o[lo]!.p;
    const b = o[hi]!.p;
    if (Math.min(a, b) + lowMass + highMass > TAIL_MASS) break;
    if (a <= b) {
      lowMass += a;
      lo++;
    } else {
      highMass += b;
      hi--;
    }
  }
  const rows: OddsRow[] = [];
  const notes: string[] = [];
  if (lo > 0) rows.push({ label: `<=${o[lo - 1]!.value}`, p: lowMass, atLeast: 1 });
  const first = o[lo]!.value;
  const last = o[hi]!.value;
  const slots = MAX_ROWS - (lo > 0 ? 1 : 0) - (hi < o.length - 1 ? 1 : 0);
  const width = Math.max(1, Math.ceil((last - first + 1) / slots));
  for (let v = first; v <= last; v += width) {
    const top = Math.min(last, v + width - 1);
    let p = 0;
    for (let x = v; x <= top; x++) p += d.p(x);
    if (p === 0) continue;
    rows.push({ label: top === v ? String(v) : `${v}..${top}`, p, atLeast: d.atLeast(v) });
  }
  if (hi < o.length - 1) rows.push({ label: `>=${o[hi + 1]!.value}`, p: highMass, atLeast: highMass });
  if (lo > 0 || hi < o.length - 1) notes.push(`tails under ${percent(TAIL_MASS)} folded into the first/last row`);
  if (width > 1) notes.push(`values grouped ${width} per row`);
  return { rows, note: `${o.length} values; ${notes.join('; ')}` };
}

function fixed(x: number, digits: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(digits);
}

export function runOdds(args: string[], io: CliIo): number {
  const got = diceArgs(args, io, oddsUsage, KNOWN);
  if (typeof got === 'number') return got;
  const { expr, flags } = got;
  const at = flags['at-least'];
  const atLeast = at === undefined ? undefined : Number(at);
  if (atLeast !== undefined && (at === '' || !Number.isFinite(atLeast))) {
    io.err(`--at-least needs a number, not "${String(at)}"\n${oddsUsage}`);
    return 2;
  }
  const ofArg = flags.of;
  if (ofArg === true || ofArg === '') {
    io.err(`--of needs a tag name, e.g. --of effect\n${oddsUsage}`);
    return 2;
  }
  const depthArg = flags.depth;
  const depth = depthArg === undefined ? undefined : Number(depthArg);
  let d: Distribution;
  try {
    d = distribution(expr, { of: ofArg ?? 'total', explodeDepth: depth });
  } catch (e) {
    if (e instanceof DiceOddsError) {
      io.err(e.message);
      return 1;
    }
    if (e instanceof RangeError) {
      io.err(`${e.message}\n${oddsUsage}`);
      return 2;
    }
    throw e;
  }
  const what = d.of !== 'total' ? d.of : expr.mode === 'successes' ? 'successes' : 'total';

  if (flags.json) {
    const out = {
      notation: d.notation,
      of: d.of,
      min: d.min,
      max: d.max,
      mean: d.mean,
      sd: d.sd,
      ...(d.explodeDepth !== undefined ? { explodeDepth: d.explodeDepth, explodeCutoff: d.explodeCutoff } : {}),
      ...(atLeast !== undefined ? { atLeast: { value: atLeast, p: d.atLeast(atLeast) } } : {}),
      outcomes: d.outcomes.map((x) => ({ value: x.value, p: x.p, atLeast: d.atLeast(x.value) })),
    };
    io.out(JSON.stringify(out, null, 2));
    return 0;
  }

  io.out(d.of === 'total' ? d.notation : `${d.notation}: number of kept dice tagged '${d.of}'`);
  io.out(`min ${d.min}, max ${d.max}, mean ${fixed(d.mean, 4)}, sd ${fixed(d.sd, 4)}`);
  if (d.explodeDepth !== undefined) {
    io.out(`explosions followed ${d.explodeDepth} extra dice deep (P(still exploding) = ${d.explodeCutoff!.toExponential(1)}; change with --depth N)`);
  }
  if (atLeast !== undefined) {
    const p = d.atLeast(atLeast);
    io.out('');
    io.out(`P(${what} >= ${atLeast}) = ${p.toFixed(4)} (${percent(p)})`);
  }
  const { rows, note } = oddsRows(d);
  const top = Math.max(...rows.map((r) => r.p));
  const lw = Math.max(5, ...rows.map((r) => r.label.length));
  io.out('');
  io.out(`${'value'.padStart(lw)} | ${'P(=)'.padStart(7)} | ${'P(>=)'.padStart(7)} |`);
  io.out(`${'-'.repeat(lw)}-+-${'-'.repeat(7)}-+-${'-'.repeat(7)}-+`);
  for (const r of rows) {
    io.out(`${r.label.padStart(lw)} | ${percent(r.p).padStart(7)} | ${percent(r.atLeast).padStart(7)} | ${bar(r.p / top)}`.trimEnd());
  }
  if (note) io.out(`(${note})`);
  return 0;
}
