/** The parsed form of a dice notation: a signed list of terms. */

export type CompareOp = '<=' | '>=' | '=';

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

export interface DiceTerm {
  readonly kind: 'dice';
  readonly sign: 1 | -1;
  readonly count: number;
  readonly die: DieKind;
  readonly explode: ExplodeRule;
  readonly keep: Keep | null;
  /** Success target: the term counts successes instead of summing. */
  readonly success: Compare | null;
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
  return c.op === '<=' ? v <= c.n : c.op === '>=' ? v >= c.n : v === c.n;
}

export function compareText(c: Compare): string {
  return `${c.op}${c.n}`;
}

/**
 * Normalised notation of a term (without sign): explode, keep/drop, success target, cs, cf. One
 * exception: a plain `!` right before the success target would read back as "explode on" that
 * target (`5d10!>=8` explodes on 8+ and sums), so then the target comes first: `5d10>=8!`.
 */
export function termText(t: Omit<DiceTerm, 'text' | 'kind' | 'sign'>): string {
  let s = `${t.count}${t.die.name}`;
  const bangAfterTarget = t.explode === 'max' && t.keep === null && t.success !== null;
  if (t.explode === 'max') s += bangAfterTarget ? '' : '!';
  else if (t.explode) s += '!' + compareText(t.explode);
  if (t.keep) s += `${t.keep.mode}${t.keep.n}`;
  if (t.success) s += compareText(t.success);
  if (bangAfterTarget) s += '!';
  if (t.crit) s += 'cs' + compareText(t.crit);
  if (t.fail) s += 'cf' + compareText(t.fail);
  return s;
}

/** Normalised notation of a whole expression. */
export function exprText(terms: readonly Term[]): string {
  let s = '';
  terms.forEach((t, i) => {
    if (t.sign < 0) s += '-';
    else if (i > 0) s += '+';
    s += t.text;
  });
  return s;
}
