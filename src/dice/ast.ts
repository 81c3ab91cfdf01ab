/** The parsed form of a dice notation: an arithmetic tree (tree.ts) whose leaves are terms. */

/** `<>` is "not equal" (also typed `!=` where that cannot read as an explosion). */
export type CompareOp = '<=' | '>=' | '=' | '<>';

/** A comparison against a die's value, e.g. `<=12`. */
export interface Compare {
  readonly op: CompareOp;
  readonly n: number;
}

/** One face of a custom die. */
export interface Face {
  readonly value: number;
  readonly tags: readonly string[];
  readonly explodes: boolean;
}

/** A kind of die. Standard dice (`faces === null`) show 1..sides and count their face. */
export interface DieKind {
  /** 'd20', 'dC', 'd{1,2,0}' — also the `die` field of every DieRoll of this kind. */
  readonly name: string;
  readonly sides: number;
  readonly faces: readonly Face[] | null;
}

export type KeepMode = 'kh' | 'kl' | 'dh' | 'dl';

export interface Keep {
  readonly mode: KeepMode;
  readonly n: number;
}

/** What makes a die explode: 'max' (plain `!`), a comparison, or null (custom `!` faces only). */
export type ExplodeRule = 'max' | Compare | null;

/** How an explosion's extra die counts: its own die (`!`), added into the die (`!!`), one less (`!p`), both (`!!p`). */
export interface ExplodeStyle {
  /** `!!`: the extra dice add into the die that exploded, which stays one die. */
  readonly compound: boolean;
  /** `!p`: every extra die counts one less than it shows. */
  readonly penetrate: boolean;
}

/** `ro` (once) or `r` (until it no longer matches): re-roll a die whose value matches. */
export interface Reroll {
  readonly once: boolean;
  readonly when: Compare;
}

export interface DiceTerm extends ExplodeStyle {
  readonly kind: 'dice';
  readonly sign: 1 | -1;
  readonly count: number;
  readonly die: DieKind;
  readonly reroll: Reroll | null;
  readonly explode: ExplodeRule;
  readonly keep: Keep | null;
  /** Success target: the term counts successes instead of summing. */
  readonly success: Compare | null;
  /** `f`: in success counting, a matching die takes one success away. */
  readonly failure: Compare | null;
  /** `cs`: a matching die is a crit (two successes in success mode, tag 'crit'). */
  readonly crit: Compare | null;
  /** `cf`: a matching die gets the tag 'complication'. */
  readonly fail: Compare | null;
  /** Normalised notation of the term, without its sign, e.g. '4d6kh3'. */
  readonly text: string;
}

export interface ConstTerm {
  readonly kind: 'const';
  readonly sign: 1 | -1;
  readonly value: number;
  readonly text: string;
}

export type Term = DiceTerm | ConstTerm;

export function matches(c: Compare, v: number): boolean {
  switch (c.op) {
    case '<=':
      return v <= c.n;
    case '>=':
      return v >= c.n;
    case '=':
      return v === c.n;
    default:
      return v !== c.n;
  }
}

export function compareText(c: Compare): string {
  return `${c.op}${c.n}`;
}

function explodeText(t: ExplodeStyle): string {
  return (t.compound ? '!!' : '!') + (t.penetrate ? 'p' : '');
}

/**
 * Normalised notation of a term (without sign): re-roll, explode, keep/drop, success target, f, cs,
 * cf. One exception: a plain `!` (or `!!`, `!p`) right before the success target would read back as
 * "explode on" that target (`5d10!>=8` explodes on 8+ and sums), so then the target comes first:
 * `5d10>=8!`.
 */
export function termText(t: Omit<DiceTerm, 'text' | 'kind' | 'sign'>): string {
  let s = `${t.count}${t.die.name}`;
  if (t.reroll) s += (t.reroll.once ? 'ro' : 'r') + compareText(t.reroll.when);
  const bangAfterTarget = t.explode === 'max' && t.keep === null && t.success !== null;
  if (t.explode === 'max') s += bangAfterTarget ? '' : explodeText(t);
  else if (t.explode) s += explodeText(t) + compareText(t.explode);
  if (t.keep) s += `${t.keep.mode}${t.keep.n}`;
  if (t.success) s += compareText(t.success);
  if (bangAfterTarget) s += explodeText(t);
  if (t.failure) s += 'f' + compareText(t.failure);
  if (t.crit) s += 'cs' + compareText(t.crit);
  if (t.fail) s += 'cf' + compareText(t.fail);
  return s;
}
