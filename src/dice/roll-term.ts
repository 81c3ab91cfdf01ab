/**
 * Rolling one dice term. `rollTerm` is the general path (custom faces, explosions, tags, successes,
 * keep/drop) and reads faces from any FaceSource, so typed-in rolls reuse it; `fastTermRoller`
 * returns specialised closures for plain standard dice that give exactly the same dice.
 */
import { MAX_EXPLOSIONS, MAX_REROLLS } from './limits.ts';
import type { Prng } from './prng.ts';
import { selectKept } from './select.ts';
import type { TermModel } from './term-model.ts';
import type { DieRoll } from './types.ts';

/** Where faces come from: the PRNG, or the faces a GM typed in. */
export interface FaceSource {
  /**
   * A face 1..m.sides for die `die` (0-based) of the term; `extra` counts the explosion extras of
   * that die so far (0 for the die itself), `trigger` is the face that exploded (0 if none) and
   * `rerolled` the face being re-rolled (0 if none). With `survivorOnly` (after MAX_REROLLS re-rolls
   * until), the PRNG draws straight among the faces that stay, which gives the same odds as rolling on.
   */
  face(m: TermModel, die: number, extra: number, trigger: number, rerolled: number, survivorOnly: boolean): number;
}

export class RngFaces implements FaceSource {
  constructor(private readonly rng: Prng) {}
  face(m: TermModel, _die: number, _extra: number, _trigger: number, _rerolled: number, survivorOnly: boolean): number {
    return survivorOnly ? m.survivor(this.rng.int(m.survivors)) : this.rng.int(m.sides) + 1;
  }
}

/** Rolls a term's dice into `dice`, counts tags of kept dice into `tags`, returns the unsigned term total. */
export function rollTerm(m: TermModel, src: FaceSource, dice: DieRoll[], tags: Record<string, number>): number {
  const n = m.count;
  const first = dice.length;
  const keys = m.keeps ? new Float64Array(n) : null;
  const starts = m.keeps ? new Int32Array(n + 1) : null;
  for (let i = 0; i < n; i++) {
    if (starts) starts[i] = dice.length;
    const head = dice.length;
    let extra = 0;
    let trigger = 0;
    let key = 0;
    for (;;) {
      const isExtra = extra > 0;
      let f = src.face(m, i, extra, trigger, 0, false);
      for (let times = 0; m.reroll !== null && m.rerolls(f, times); times++) {
        dice.push({ die: m.die, face: f, value: m.value(f, isExtra), kept: false, rerolled: true });
        f = src.face(m, i, extra, trigger, f, m.reroll === 'until' && times + 1 >= MAX_REROLLS);
      }
      const v = m.value(f, isExtra);
      const ex = m.canExplode && extra < MAX_EXPLOSIONS && m.explodes(f);
      const d: DieRoll = { die: m.die, face: f, value: v, kept: true };
      if (ex) d.exploded = true;
      if (isExtra && m.compound) d.compounded = true;
      const t = m.tags(f, isExtra);
      if (t) d.tags = t.slice();
      if (m.successMode) d.successes = m.successes(f, isExtra);
      dice.push(d);
      key += v;
      if (!ex) break;
      extra++;
      trigger = f;
    }
    if (m.compound) judgeTotal(m, dice, head, key);
    if (keys) keys[i] = key;
  }
  if (keys && starts) {
    starts[n] = dice.length;
    const kept = new Uint8Array(n);
    selectKept(keys, n, m.keepN, m.keepHighest, kept);
    for (let i = 0; i < n; i++) {
      if (kept[i] === 1) continue;
      for (let j = starts[i]!; j < starts[i + 1]!; j++) dice[j]!.kept = false;
    }
  }
  let total = 0;
  for (let j = first; j < dice.length; j++) {
    const d = dice[j]!;
    if (!d.kept) continue;
    total += m.successMode ? d.successes! : d.value;
    if (d.tags) for (const t of d.tags) tags[t] = (tags[t] ?? 0) + 1;
  }
  return total;
}

/** A compounded die is one die: its successes and `cs` / `cf` tags judge its total, on its first part. */
function judgeTotal(m: TermModel, dice: DieRoll[], head: number, total: number): void {
  let j = head;
  while (dice[j]!.rerolled) j++;
  const d = dice[j]!;
  if (m.successMode) d.successes = m.successesOf(total);
  const marks = m.totalTags(total);
  if (marks) d.tags = [...(d.tags ?? []), ...marks.filter((x) => !d.tags?.includes(x))];
}

export type TermRoller = (rng: Prng, dice: DieRoll[], tags: Record<string, number>) => number;

/** The fastest roller for a term (plain standard dice get closures; others use `rollTerm`). */
export function termRoller(m: TermModel): TermRoller {
  if (!m.plain) return (rng, dice, tags) => rollTerm(m, new RngFaces(rng), dice, tags);
  const die = m.die;
  const sides = m.sides;
  const n = m.count;
  if (!m.keeps || m.keepN >= n) {
    if (n === 1) {
      return (rng, dice) => {
        const f = rng.int(sides) + 1;
        dice.push({ die, face: f, value: f, kept: true });
        return f;
      };
    }
    return (rng, dice) => {
      let s = 0;
      for (let i = 0; i < n; i++) {
        const f = rng.int(sides) + 1;
        dice.push({ die, face: f, value: f, kept: true });
        s += f;
      }
      return s;
    };
  }
  const k = m.keepN;
  const highest = m.keepHighest;
  const keys = new Int32Array(n);
  const kept = new Uint8Array(n);
  if (n - k === 1) {
    // Drop one die (4d6kh3, 2d20kh1, 2d20kl1): the worst, latest of a tie.
    return (rng, dice) => {
      let worst = 0;
      let wk = 0;
      let s = 0;
      for (let i = 0; i < n; i++) {
        const f = rng.int(sides) + 1;
        keys[i] = f;
        s += f;
        if (i === 0 || (highest ? f <= wk : f >= wk)) {
          worst = i;
          wk = f;
        }
      }
      for (let i = 0; i < n; i++) {
        const f = keys[i]!;
        dice.push({ die, face: f, value: f, kept: i !== worst });
      }
      return s - wk;
    };
  }
  return (rng, dice) => {
    for (let i = 0; i < n; i++) keys[i] = rng.int(sides) + 1;
    selectKept(keys, n, k, highest, kept);
    let s = 0;
    for (let i = 0; i < n; i++) {
      const f = keys[i]!;
      const kp = kept[i] === 1;
      dice.push({ die, face: f, value: f, kept: kp });
      if (kp) s += f;
    }
    return s;
  };
}
