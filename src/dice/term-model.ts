/**
 * What each face of a dice term means once its modifiers are applied: value, whether it is re-rolled
 * or explodes, how likely it is to be the face a die ends on, its tags (face tags, then 'crit', then
 * 'complication') and its successes. Rolling, typed-in rolls and exact odds all read faces through this
 * one model, so they cannot disagree.
 *
 * An extra die (one an explosion rolled) counts one less with `!p`. With `!!` the extra dice add into
 * the die that exploded: successes, `cs` and `cf` then judge the die's total (`successesOf`, `totalTags`),
 * and each part keeps only its face's own tags.
 */
import { matches } from './ast.ts';
import type { Compare, DiceTerm } from './ast.ts';
import { maxValue } from './die-kinds.ts';
import { countMatching } from './parse-checks.ts';

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
  readonly keeps: boolean;
  readonly keepHighest: boolean;
  /** Some face explodes. */
  readonly canExplode: boolean;
  /** `!!`: extra dice add into the die; `!p`: extra dice count one less. */
  readonly compound: boolean;
  readonly penetrate: boolean;
  /** Some face carries a tag (or, compounding, some total can). */
  readonly hasTags: boolean;
  /** The term has `cs` or `cf`. */
  readonly marks: boolean;
  /** A re-roll rule: 'once' (`ro`), 'until' (`r`) or null. */
  readonly reroll: 'once' | 'until' | null;
  /** Standard die with no re-rolls, explosions, tags or success counting: the fast paths apply. */
  readonly plain: boolean;

  private readonly values: Int32Array | null;
  private readonly explodeFlags: Uint8Array | null;
  private readonly explodeRule: Compare | null;
  private readonly faceTags: Array<readonly string[] | null> | null;
  private readonly rerollCmp: Compare | null;
  private readonly successCmp: Compare | null;
  private readonly failureCmp: Compare | null;
  private readonly critCmp: Compare | null;
  private readonly failCmp: Compare | null;
  /** Faces a re-roll until keeps (custom dice), for drawing after MAX_REROLLS. */
  private survivorList: Int32Array | null = null;

  constructor(readonly term: DiceTerm) {
    const { die, count, keep, explode, crit, fail, success } = term;
    this.die = die.name;
    this.sides = die.sides;
    this.count = count;
    this.sign = term.sign;
    this.successMode = success !== null;
    this.keeps = keep !== null;
    this.keepN = keep ? (keep.mode === 'kh' || keep.mode === 'kl' ? keep.n : count - keep.n) : count;
    this.keepHighest = keep ? keep.mode === 'kh' || keep.mode === 'dl' : true;
    this.compound = term.compound;
    this.penetrate = term.penetrate;
    this.reroll = term.reroll ? (term.reroll.once ? 'once' : 'until') : null;
    this.rerollCmp = term.reroll?.when ?? null;
    this.successCmp = success;
    this.failureCmp = term.failure;
    this.critCmp = crit;
    this.failCmp = fail;

    const rule: Compare | null = explode === 'max' ? { op: '=', n: maxValue(die) } : explode;
    if (die.faces) {
      const faces = die.faces;
      this.values = Int32Array.from(faces, (f) => f.value);
      this.explodeFlags = Uint8Array.from(faces, (f) => ((rule ? matches(rule, f.value) : f.explodes) ? 1 : 0));
      this.explodeRule = null;
      this.faceTags = faces.map((f) => (this.compound ? (f.tags.length ? f.tags : null) : withExtra(f.tags, f.value, crit, fail)));
      this.canExplode = this.explodeFlags.includes(1);
    } else {
      this.values = null;
      this.explodeFlags = null;
      this.explodeRule = rule;
      this.canExplode = rule !== null && countMatching(rule, this.sides) > 0;
      this.faceTags = null;
    }
    const marks = crit !== null || fail !== null;
    this.marks = marks;
    this.hasTags = marks || (this.faceTags?.some((t) => t !== null) ?? false);
    this.plain = !die.faces && !this.canExplode && !marks && !this.successMode && this.reroll === null;
  }

  /** Value of face 1..sides; an extra die counts one less with `!p`. */
  value(face: number, extra = false): number {
    const v = this.values ? this.values[face - 1]! : face;
    return extra && this.penetrate ? v - 1 : v;
  }

  /** Whether the face explodes (judged on the face as rolled, before `!p` takes one off). */
  explodes(face: number): boolean {
    if (this.explodeFlags) return this.explodeFlags[face - 1] === 1;
    return this.explodeRule !== null && matches(this.explodeRule, face);
  }

  /** Whether a die showing `face`, already re-rolled `times` times, is re-rolled again. */
  rerolls(face: number, times: number): boolean {
    if (this.rerollCmp === null || (this.reroll === 'once' && times > 0)) return false;
    return matches(this.rerollCmp, this.value(face));
  }

  /** Faces a re-roll until keeps; the `j`-th of them (0-based) is `survivor(j)`. */
  get survivors(): number {
    if (this.reroll !== 'until') return this.sides;
    if (this.values) return this.survivorFaces().length;
    return this.sides - countMatching(this.rerollCmp!, this.sides);
  }

  survivor(j: number): number {
    if (this.reroll !== 'until') return j + 1;
    if (this.values) return this.survivorFaces()[j]!;
    const c = this.rerollCmp!;
    const k = countMatching(c, this.sides);
    switch (c.op) {
      case '<=':
        return k + j + 1; // faces k+1..sides
      case '>=':
        return j + 1; // faces 1..sides-k
      case '=':
        return k === 0 || j + 1 < c.n ? j + 1 : j + 2;
      default:
        return c.n; // only n stays
    }
  }

  private survivorFaces(): Int32Array {
    if (!this.survivorList) {
      const out: number[] = [];
      for (let f = 1; f <= this.sides; f++) if (!matches(this.rerollCmp!, this.value(f))) out.push(f);
      this.survivorList = Int32Array.from(out);
    }
    return this.survivorList;
  }

  /** The probability that a die, re-rolls done, shows `face`. */
  weight(face: number): number {
    const n = this.sides;
    if (this.rerollCmp === null) return 1 / n;
    const hit = matches(this.rerollCmp, this.value(face));
    if (this.reroll === 'until') return hit ? 0 : 1 / this.survivors;
    const again = (this.values ? n - this.survivors0() : countMatching(this.rerollCmp, n)) / n;
    return (hit ? 0 : 1 / n) + again / n;
  }

  /** Faces a re-roll would not touch (custom dice). */
  private survivors0(): number {
    let k = 0;
    for (let f = 1; f <= this.sides; f++) if (!matches(this.rerollCmp!, this.value(f))) k++;
    return k;
  }

  /** Tags of face 1..sides (not, when compounding, those the die's total earns). Shared: copy before handing out. */
  tags(face: number, extra = false): readonly string[] | null {
    if (this.faceTags) {
      if (!extra || !this.penetrate || this.compound) return this.faceTags[face - 1]!;
      return withExtra(this.term.die.faces![face - 1]!.tags, this.value(face, true), this.critCmp, this.failCmp);
    }
    return this.compound ? null : this.totalTags(this.value(face, extra));
  }

  /** The `cs` / `cf` tags a value earns (a face's value, or a compounded die's total). */
  totalTags(v: number): readonly string[] | null {
    const c = this.critCmp !== null && matches(this.critCmp, v);
    const f = this.failCmp !== null && matches(this.failCmp, v);
    return c ? (f ? CRIT_AND_COMPLICATION : ONLY_CRIT) : f ? ONLY_COMPLICATION : null;
  }

  /** Successes a value earns in success mode: 2 for a crit, 1 for meeting the target, -1 for a failure (`f`), else 0. */
  successesOf(v: number): number {
    if (this.critCmp && matches(this.critCmp, v)) return 2;
    if (this.successCmp && matches(this.successCmp, v)) return 1;
    return this.failureCmp && matches(this.failureCmp, v) ? -1 : 0;
  }

  /** Successes of face 1..sides in success mode (a part of a compounded die earns none of its own). */
  successes(face: number, extra = false): number {
    return this.compound ? 0 : this.successesOf(this.value(face, extra));
  }

  /** What a face adds to the term's total: its successes in success mode, else its value. */
  contribution(face: number, extra = false): number {
    return this.successMode ? this.successes(face, extra) : this.value(face, extra);
  }
}

export function withExtra(tags: readonly string[], value: number, crit: Compare | null, fail: Compare | null): readonly string[] | null {
  const out = [...tags];
  if (crit && matches(crit, value) && !out.includes(CRIT)) out.push(CRIT);
  if (fail && matches(fail, value) && !out.includes(COMPLICATION)) out.push(COMPLICATION);
  return out.length ? out : null;
}
