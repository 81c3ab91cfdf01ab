/**
 * What each face of a dice term means once its modifiers are applied: value, whether it explodes,
 * its tags (face tags, then 'crit', then 'complication') and its successes. Rolling, typed-in rolls
 * and exact odds all read faces through this one model, so they cannot disagree.
 */
import { matches } from './ast.ts';
import type { Compare, DiceTerm } from './ast.ts';
import { maxValue } from './die-kinds.ts';

const CRIT = 'crit';
const COMPLICATION = 'complication';
const ONLY_CRIT: readonly string[] = [CRIT];
const ONLY_COMPLICATION: readonly string[] = [COMPLICATION];
const CRIT_AND_COMPLICATION: readonly string[] = [CRIT, COMPLICATION];

export class TermModel {
  readonly die: string;
  readonly sides: number;
  readonly count: number;
  readonly sign: 1 | -1;
  readonly successMode: boolean;
  /** Dice kept (count when there is no keep/drop). */
  readonly keepN: number;
  /** Keep the highest (true) or the lowest (false) when `keeps`. */
  readonly keepHighest: boolean;
  readonly keeps: boolean;
  /** Some face explodes. */
  readonly canExplode: boolean;
  /** Some face carries a tag. */
  readonly hasTags: boolean;
  /** Standard die with no explosions, tags or success counting: the fast paths apply. */
  readonly plain: boolean;

  private readonly values: Int32Array | null;
  private readonly explodeFlags: Uint8Array | null;
  private readonly explodeRule: Compare | null;
  private readonly faceTags: Array<readonly string[] | null> | null;
  private readonly successCmp: Compare | null;
  private readonly critCmp: Compare | null;
  private readonly failCmp: Compare | null;

  constructor(readonly term: DiceTerm) {
    const { die, count, keep, explode, crit, fail, success } = term;
    this.die = die.name;
    this.sides = die.sides;
    this.count = count;
    this.sign = term.sign;
    this.successMode = success !== null;
    this.keeps = keep !== null;
    const n = keep ? (keep.mode === 'kh' || keep.mode === 'kl' ? keep.n : count - keep.n) : count;
    this.keepN = n;
    this.keepHighest = keep ? keep.mode === 'kh' || keep.mode === 'dl' : true;

    const top = maxValue(die);
    const rule: Compare | null = explode === 'max' ? { op: '=', n: top } : explode;
    if (die.faces) {
      const faces = die.faces;
      this.values = Int32Array.from(faces, (f) => f.value);
      this.explodeFlags = Uint8Array.from(faces, (f) => (rule ? matches(rule, f.value) : f.explodes) ? 1 : 0);
      this.explodeRule = null;
      this.faceTags = faces.map((f) => withExtra(f.tags, f.value, crit, fail));
      this.canExplode = this.explodeFlags.includes(1);
    } else {
      this.values = null;
      this.explodeFlags = null;
      this.explodeRule = rule;
      this.canExplode = rule !== null && anyFaceMatches(rule, this.sides);
      this.faceTags = null;
    }
    this.successCmp = success;
    this.critCmp = crit;
    this.failCmp = fail;
    this.hasTags = this.faceTags
      ? this.faceTags.some((t) => t !== null)
      : (crit !== null && anyFaceMatches(crit, this.sides)) || (fail !== null && anyFaceMatches(fail, this.sides));
    this.plain = !die.faces && !this.canExplode && !this.hasTags && !this.successMode;
  }

  /** Value of face 1..sides. */
  value(face: number): number {
    return this.values ? this.values[face - 1]! : face;
  }

  explodes(face: number): boolean {
    if (this.explodeFlags) return this.explodeFlags[face - 1] === 1;
    return this.explodeRule !== null && matches(this.explodeRule, face);
  }

  /** Tags of face 1..sides, or null. Shared: copy before handing out. */
  tags(face: number): readonly string[] | null {
    if (this.faceTags) return this.faceTags[face - 1]!;
    const c = this.critCmp !== null && matches(this.critCmp, face);
    const f = this.failCmp !== null && matches(this.failCmp, face);
    return c ? (f ? CRIT_AND_COMPLICATION : ONLY_CRIT) : f ? ONLY_COMPLICATION : null;
  }

  /** Successes of face 1..sides in success mode: 2 for a crit, 1 for meeting the target, else 0. */
  successes(face: number): number {
    const v = this.value(face);
    if (this.critCmp && matches(this.critCmp, v)) return 2;
    return this.successCmp && matches(this.successCmp, v) ? 1 : 0;
  }

  /** What a face adds to the term's total: its successes in success mode, else its value. */
  contribution(face: number): number {
    return this.successMode ? this.successes(face) : this.value(face);
  }
}

function withExtra(tags: readonly string[], value: number, crit: Compare | null, fail: Compare | null): readonly string[] | null {
  const out = [...tags];
  if (crit && matches(crit, value) && !out.includes(CRIT)) out.push(CRIT);
  if (fail && matches(fail, value) && !out.includes(COMPLICATION)) out.push(COMPLICATION);
  return out.length ? out : null;
}

function anyFaceMatches(c: Compare, sides: number): boolean {
  if (c.op === '<=') return c.n >= 1;
  if (c.op === '>=') return c.n <= sides;
  return c.n >= 1 && c.n <= sides;
}
