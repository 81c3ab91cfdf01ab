/**
 * The distribution of one die of a term, explosions included ("a chain": the die plus the extra dice
 * it triggered), followed to a fixed depth: after `depth` extra dice, an exploding face simply stays
 * (its probability mass remains on the last level, as AnyDice's "explode depth" does). Re-rolls only
 * change how likely each face is (TermModel.weight); `!p` changes what the extra dice count.
 *
 * Two views: the marginal of what the chain adds to the quantity being counted (for plain sums), and
 * the joint of (rank key = the chain's summed value, contribution) needed for keep/drop. A compounded
 * die (`!!`) whose successes or `cs`/`cf` tags judge its total is walked through the joint.
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
function contribution(m: TermModel, of: string, face: number, extra: boolean): number {
  if (of === 'total') return m.contribution(face, extra);
  const t = m.tags(face, extra);
  return t !== null && t.includes(of) ? 1 : 0;
}

function faceGroups(m: TermModel, of: string, extra: boolean, budget: Budget): FaceGroup[] {
  const n = m.sides;
  budget.spend(n, 'listing faces');
  const out: FaceGroup[] = [];
  if (!m.term.die.faces) {
    for (let f = 1; f <= n; f++) {
      const w = m.weight(f);
      if (w > 0) out.push({ value: m.value(f, extra), contrib: contribution(m, of, f, extra), go: m.explodes(f), w });
    }
    return out;
  }
  const seen = new Map<string, FaceGroup>();
  for (let f = 1; f <= n; f++) {
    const w = m.weight(f);
    if (!(w > 0)) continue;
    const g = { value: m.value(f, extra), contrib: contribution(m, of, f, extra), go: m.explodes(f), w };
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
  for (let f = 1; f <= m.sides; f++) if (m.explodes(f)) go += m.weight(f);
  return Math.pow(Math.min(1, go), depth + 1);
}

/** Whether a chain's contribution depends on its total (a compounded die judged as one die). */
function judgedOnTotal(m: TermModel, of: string): boolean {
  return m.compound && (of === 'total' ? m.successMode : m.marks);
}

function stopGo(groups: readonly FaceGroup[]): { stop: Pmf; go: Pmf } {
  const stopMap = new Map<number, number>();
  const goMap = new Map<number, number>();
  for (const g of groups) {
    const target = g.go ? goMap : stopMap;
    target.set(g.contrib, (target.get(g.contrib) ?? 0) + g.w);
  }
  return { stop: fromMap(stopMap), go: fromMap(goMap) };
}

/** Distribution of what one chain adds to the counted quantity. */
export function chainMarginal(m: TermModel, of: string, depth: number, budget: Budget): Pmf {
  if (of === 'total' && m.plain) {
    budget.spend(m.sides, 'listing faces');
    return { off: 1, p: new Float64Array(m.sides).fill(1 / m.sides) };
  }
  if (of !== 'total' && !m.hasTags) return point(0);
  if (judgedOnTotal(m, of)) {
    const j = chainJoint(m, of, depth, budget);
    return j.cond.reduce((acc, c) => add(acc, c));
  }
  const first = stopGo(faceGroups(m, of, false, budget));
  if (first.go.p.length === 0) return first.stop;
  const rest = m.penetrate ? stopGo(faceGroups(m, of, true, budget)) : first;
  let terminal = first.stop;
  let frontier = first.go;
  for (let level = 1; level <= depth; level++) {
    if (mass(frontier) === 0) break;
    terminal = add(terminal, convolve(frontier, rest.stop, budget));
    frontier = convolve(frontier, rest.go, budget);
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

/**
 * The walk follows (summed value, contribution so far); for a die judged on its total the contribution
 * is stored doubled plus a flag (whether the first part's own face carries the tag counted, so a `cs`
 * tag on the total is not counted twice), and the total's judgement is added where the chain stops.
 */
export function chainJoint(m: TermModel, of: string, depth: number, budget: Budget): Joint {
  const groups0 = faceGroups(m, of, false, budget);
  const groups1 = m.penetrate ? faceGroups(m, of, true, budget) : groups0;
  const judged = judgedOnTotal(m, of);
  const settle = (key: number, code: number): number => {
    if (!judged) return code;
    const c = code >> 1;
    if (of === 'total') return c + m.successesOf(key);
    const flag = code & 1;
    return c + (!flag && m.totalTags(key)?.includes(of) ? 1 : 0);
  };
  const terminal: Table = new Map();
  let frontier: Table = new Map([[0, new Map([[0, 1]])]]);
  for (let level = 0; level <= depth && frontier.size > 0; level++) {
    const groups = level === 0 ? groups0 : groups1;
    let entries = 0;
    for (const row of frontier.values()) entries += row.size;
    budget.spend(entries * groups.length * 25, 'following explosions'); // map updates cost ~25 flops
    const next: Table = new Map();
    for (const [k0, row] of frontier) {
      for (const [c0, p0] of row) {
        for (const g of groups) {
          const k = k0 + g.value;
          const c = judged ? c0 + g.contrib * 2 + (level === 0 && g.contrib > 0 ? 1 : 0) : c0 + g.contrib;
          if (g.go && level < depth) put(next, k, c, p0 * g.w);
          else put(terminal, k, settle(k, c), p0 * g.w);
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
