/** Reading one term: a constant, or a dice term with its die and modifiers (see README.md, Notation). */
import { termText } from './ast.ts';
import type { Compare, DiceTerm, DieKind, ExplodeRule, Face, Keep, KeepMode, Reroll, Term } from './ast.ts';
import { NAMED_DICE, customDie, minValue, standardDie } from './die-kinds.ts';
import { explodesEverywhere, rerollsEverywhere } from './parse-checks.ts';
import { MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_FACES, MAX_FACE_VALUE, MAX_SIDES } from './limits.ts';
import { Scanner, fmt, isDigit } from './scanner.ts';

export const TERM = 'a number or dice term';
export const MODIFIERS = 'a modifier (r, ro, !, !!, !p, kh, kl, dh, dl, <=, >=, =, <>, f, cs, cf)';

function isTagChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || isDigit(c) || c === '_' || c === '-';
}

export class TermParser extends Scanner {
  /** Dice in the terms read so far. */
  private dice = 0;

  constructor(
    text: string,
    private readonly maxDice: number,
  ) {
    super(text);
  }

  /** A constant or a dice term at the cursor (the caller checked that one starts here). */
  protected term(sign: 1 | -1): Term {
    const start = this.i;
    let count = 1;
    if (isDigit(this.peek())) {
      const n = this.uint('a number', MAX_CONSTANT, `numbers are limited to ${fmt(MAX_CONSTANT)}`);
      if (this.lower() !== 'd') {
        return { kind: 'const', sign, value: n, text: String(n) };
      }
      if (n === 0) this.invalid(start, 'a dice term needs at least 1 die');
      if (n > MAX_DICE_PER_TERM && MAX_DICE_PER_TERM <= this.maxDice) this.invalid(start, `at most ${fmt(MAX_DICE_PER_TERM)} dice in a term`);
      count = n;
    } else if (this.lower() !== 'd') {
      this.fail(`expected ${TERM}`);
    }
    if (this.dice + count > this.maxDice) {
      const why = `at most ${fmt(this.maxDice)} dice in one roll`;
      this.invalid(start, this.dice === 0 ? why : `${why}, and this term brings it to ${fmt(this.dice + count)}`);
    }
    this.dice += count;
    this.i++; // the 'd'
    const die = this.die();
    return this.modifiers(sign, count, die);
  }

  private die(): DieKind {
    const c = this.peek();
    const at = this.i;
    if (isDigit(c)) {
      const sides = this.uint('a number', MAX_SIDES, `at most ${fmt(MAX_SIDES)} sides on a die`);
      if (sides === 0) this.invalid(at, 'a die needs at least 1 side');
      return standardDie(sides);
    }
    if (c === '%') {
      this.i++;
      return standardDie(100);
    }
    if (c === '{') return this.faces();
    const up = c.toUpperCase();
    if (up >= 'A' && up <= 'Z') {
      const named = NAMED_DICE[up];
      if (!named) this.invalid(at, `unknown named die 'd${up}': expected the number of sides, %, {faces} or dC, dK, dF`);
      this.i++;
      return named;
    }
    return this.fail(`expected the number of sides, %, {faces} or a named die (dC, dK, dF) after 'd'`);
  }

  private faces(): DieKind {
    this.i++; // '{'
    const faces: Face[] = [];
    for (;;) {
      this.skipWs();
      if (faces.length >= MAX_FACES) this.invalid(this.i, `at most ${fmt(MAX_FACES)} faces on a die`);
      const value = this.int('expected a face value (a whole number)', MAX_FACE_VALUE, `face values are limited to ±${fmt(MAX_FACE_VALUE)}`);
      const tags: string[] = [];
      while (this.peek() === ':') {
        this.i++;
        const at = this.i;
        if (!(this.lower() >= 'a' && this.lower() <= 'z')) this.fail(`expected a tag name after ':' (a letter, then letters, digits, - or _)`);
        while (isTagChar(this.lower())) this.i++;
        const tag = this.text.slice(at, this.i).toLowerCase();
        if (!tags.includes(tag)) tags.push(tag);
      }
      let explodes = false;
      if (this.peek() === '!') {
        explodes = true;
        this.i++;
      }
      faces.push({ value, tags, explodes });
      this.skipWs();
      const c = this.peek();
      this.i++;
      if (c === ',') continue;
      if (c === '}') break;
      this.i--;
      this.fail(`expected ',' or '}' (a face is a number, then optional :tags, then an optional !)`);
    }
    return customDie(faces);
  }

  private modifiers(sign: 1 | -1, count: number, die: DieKind): DiceTerm {
    let explode: ExplodeRule | undefined;
    let explodeAt = -1;
    let compound = false;
    let penetrate = false;
    let reroll: Reroll | null = null;
    let rerollAt = -1;
    let keep: Keep | null = null;
    let keepAt = -1;
    let success: Compare | null = null;
    let failure: Compare | null = null;
    let failureAt = -1;
    let crit: Compare | null = null;
    let fail: Compare | null = null;
    for (;;) {
      this.skipWs();
      const at = this.i;
      const c = this.lower();
      if (c === '!') {
        if (explode !== undefined) this.invalid(at, 'only one explosion (!, !!, !p) per term');
        this.i++;
        if (this.peek() === '!') {
          compound = true;
          this.i++;
        }
        if (this.lower() === 'p') {
          penetrate = true;
          this.i++;
        }
        explode = this.compare(true, false) ?? 'max';
        explodeAt = at;
      } else if (c === 'r') {
        if (reroll) this.invalid(at, 'only one re-roll (r or ro) per term');
        this.i++;
        const once = this.lower() === 'o';
        if (once) this.i++;
        // A bare `r` re-rolls the die's lowest value, as rpg-dice-roller reads it.
        const when = this.compare(true, false, true) ?? { op: '=', n: minValue(die) };
        reroll = { once, when };
        rerollAt = at;
      } else if (c === 'k' || c === 'd') {
        if (keep) this.invalid(at, 'only one keep/drop modifier (kh, kl, dh, dl) per term');
        this.i++;
        const hl = this.lower();
        let mode: KeepMode;
        if (hl === 'h' || hl === 'l') {
          this.i++;
          mode = `${c}${hl}` as KeepMode;
        } else if (c === 'k') {
          mode = 'kh';
        } else {
          return this.fail(`expected 'h' or 'l' after 'd' (dh N drops the highest N, dl N the lowest N)`);
        }
        keepAt = this.i;
        const n = this.uint(`expected how many dice to ${c === 'k' ? 'keep' : 'drop'}`, MAX_DICE_PER_TERM, `cannot ${c === 'k' ? 'keep' : 'drop'} that many: the term rolls ${count}`);
        keep = { mode, n };
      } else if (c === '<' || c === '>' || c === '=') {
        if (success) this.invalid(at, 'only one success target (<=N, >=N, =N or <>N) per term');
        success = this.compare(false, true);
      } else if (c === 'f') {
        if (failure) this.invalid(at, 'only one failure count (f) per term');
        this.i++;
        failure = this.compare(true, true, true);
        failureAt = at;
      } else if (c === 'c') {
        this.i++;
        const which = this.lower();
        if (which !== 's' && which !== 'f') this.fail(`expected 's' or 'f' after 'c' (cs marks crits, cf complications)`);
        if ((which === 's' ? crit : fail) !== null) this.invalid(at, `only one c${which} per term`);
        this.i++;
        const cmp = this.compare(true, true, true);
        if (which === 's') crit = cmp;
        else fail = cmp;
      } else {
        break;
      }
    }
    if (keep) {
      const dropping = keep.mode === 'dh' || keep.mode === 'dl';
      if (!dropping && keep.n < 1) this.invalid(keepAt, 'keep at least 1 die');
      if (!dropping && keep.n > count) this.invalid(keepAt, `cannot keep ${keep.n} of ${count} dice (expected 1..${count})`);
      if (dropping && keep.n >= count) this.invalid(keepAt, `cannot drop ${keep.n} of ${count} dice: at least one must stay (expected 0..${count - 1})`);
    }
    if (failure && !success) {
      this.invalid(failureAt, 'f counts failures against successes: give a success target too, as in 6d10>=7f=1');
    }
    if (reroll && !reroll.once && rerollsEverywhere(die, reroll.when)) {
      this.invalid(rerollAt, `every face of this die is re-rolled (r${reroll.when.op}${reroll.when.n}), so the roll would never end: re-roll fewer faces, or once with ro`);
    }
    const rule = explode ?? null;
    if (explodesEverywhere(die, rule, reroll)) {
      const why = reroll && !reroll.once ? 'every face left after the re-roll explodes' : 'every face of this die explodes';
      this.invalid(explodeAt >= 0 ? explodeAt : this.i - 1, `${why}, so the roll would never end`);
    }
    const parts = { count, die, reroll, explode: rule, compound, penetrate, keep, success, failure, crit, fail };
    return { kind: 'dice', sign, ...parts, text: termText(parts) };
  }
}
