/**
 * The distribution of one die of a term, explosions included ("a chain": the die plus the extra dice
 * it triggered), followed to a fixed depth: after `depth` extra dice, an exploding face simply stays
 * (its probability mass remains on the last level, as AnyDice's "explode depth" does).
 *
 * Two views: the marginal of what the chain adds to the quantity being counted (for plain sums), and
 * the joint of (rank key = the chain's summed value, contribution) needed for keep/drop.
 */
import type { Budget, Pmf } from './pmf.ts';
import { add, convolve, fromMap, mass, point } from './pmf.ts';
import type { TermModel } from './term-model.ts';

/** A set of faces that behave identically: same value, same contribution, same explosion. */
interface FaceGroup {
  value: number;
  contrib: number;
  go: boolean;
  w: number;
}

/** What a face adds to the counted quantity: the term's contribution, or 1 if it carries the tag `of`. */
function contribution(m: TermModel, of: string, face: number): number {
  if (of === 'total') return m.contribution(face);
  const t = m.tags(face);
  return t !== null && t.includes(of) ? 1 : 0;
}

function faceGroups(m: TermModel, of: string, budget: Budget): FaceGroup[] {
  const n = m.sides;
  budget.spend(n, 'listing faces');
  const w = 1 / n;
  const out: FaceGroup[] = [];
  if (!m.term.die.faces) {
    for (let f = 1; f <= n; f++) out.push({ value: f, contrib: contribution(m, of, f), go: m.explodes(f), w });
    return out;
  }
  const seen = new Map<string, FaceGroup>();
  for (let f = 1; f <= n; f++) {
    const g = { value: m.value(f), contrib: contribution(m, of, f), go: m.explodes(f), w };
    const key = `${g.value}|${g.contrib}|${g.go ? 1 : 0}`;
    const old = seen.get(key);
    if (old) old.w += w;
    else {
      seen.set(key, g);
      out.push(g);
    }
  }
  return out;
}

/** The probability that one die of the term is still exploding when the depth runs out. */
export function cutoffProbability(m: TermModel, depth: number): number {
  if (!m.canExplode) return 0;
  let go = 0;
  for (let f = 1; f <= m.sides; f++) if (m.explodes(f)) go++;
  return Math.pow(go / m.sides, depth + 1);
}

/** Distribution of what one chain adds to the counted quantity. */
export function chainMarginal(m: TermModel, of: string, depth: number, budget: Budget): Pmf {
  if (of === 'total' && m.plain) {
    budget.spend(m.sides, 'listing faces');
    return { off: 1, p: new Float64Array(m.sides).fill(1 / m.sides) };
  }
  if (of !== 'total' && !m.hasTags) return point(0);
  const stopMap = new Map<number, number>();
  const goMap = new Map<number, number>();
  for (const g of faceGroups(m, of, budget)) {
    const target = g.go ? goMap : stopMap;
    target.set(g.contrib, (target.get(g.contrib) ?? 0) + g.w);
  }
  const stop = fromMap(stopMap);
  const go = fromMap(goMap);
  if (go.p.length === 0) return stop;
  let terminal = stop;
  let frontier = go;
  for (let level = 1; level <= depth; level++) {
    if (mass(frontier) === 0) break;
    terminal = add(terminal, convolve(frontier, stop, budget));
    frontier = convolve(frontier, go, budget);
  }
  return add(terminal, frontier);
}

/** Joint distribution of one chain: for each rank key (ascending), the contribution weights. */
export interface Joint {
  keys: number[];
  /** Unnormalised: cond[i] sums to mass[i], the probability of keys[i]. */
  cond: Pmf[];
  mass: number[];
}

type Table = Map<number, Map<number, number>>;

function put(t: Table, key: number, c: number, p: number): void {
  let row = t.get(key);
  if (!row) t.set(key, (row = new Map()));
  row.set(c, (row.get(c) ?? 0) + p);
}

export function chainJoint(m: TermModel, of: string, depth: number, budget: Budget): Joint {
  const groups = faceGroups(m, of, budget);
  const terminal: Table = new Map();
  let frontier: Table = new Map([[0, new Map([[0, 1]])]]);
  for (let level = 0; level <= depth && frontier.size > 0; level++) {
    let entries = 0;
    for (const row of frontier.values()) entries += row.size;
    budget.spend(entries * groups.length * 25, 'following explosions'); // map updates cost ~25 flops
    const next: Table = new Map();
    for (const [k0, row] of frontier) {
      for (const [c0, p0] of row) {
        for (const g of groups) {
          const target = g.go && level < depth ? next : terminal;
          put(target, k0 + g.value, c0 + g.contrib, p0 * g.w);
        }
      }
    }
    frontier = next;
  }
  const keys = [...terminal.keys()].sort((a, b) => a - b);
  budget.size(keys.length, 'one die');
  const cond = keys.map((k) => fromMap(terminal.get(k)!));
  return { keys, cond, mass: cond.map(mass) };
}
