/**
 * Exact keep/drop odds without enumerating outcomes (in the spirit of Icepool, Liu 2022).
 *
 * n independent dice share one joint distribution of (rank key, contribution). We walk the rank keys
 * from best to worst (highest first for kh/dl, lowest first for kl/dh). Conditioned on what is left,
 * the number of the remaining dice that land on the current key is binomial; while fewer than k dice
 * have been placed every one of them is kept and adds its contribution, and once k are placed the rest
 * no longer matters. State: (dice placed so far < k) x (kept contribution so far). Cost is roughly
 * keys x k^2 x (contribution range), independent of the number of outcomes (which is sides^n).
 *
 * Dice tied on a key are interchangeable given that key, so the roll's tie rule (earlier die kept)
 * does not change the distribution.
 */
import type { Joint } from './chain.ts';
import type { Budget, Pmf } from './pmf.ts';
import { convolve, convolveInto, point, trim } from './pmf.ts';

let logFact = new Float64Array([0]);

function lnFact(n: number): number {
  if (n >= logFact.length) {
    const t = new Float64Array(n + 1);
    t.set(logFact);
    for (let i = logFact.length; i <= n; i++) t[i] = t[i - 1]! + Math.log(i);
    logFact = t;
  }
  return logFact[n]!;
}

/** Binomial(m, r) probabilities for j = 0..m. */
function binomial(m: number, r: number): Float64Array {
  const w = new Float64Array(m + 1);
  if (r >= 1) w[m] = 1;
  else if (r <= 0) w[0] = 1;
  else {
    const lr = Math.log(r);
    const l1 = Math.log1p(-r);
    const lm = lnFact(m);
    for (let j = 0; j <= m; j++) w[j] = Math.exp(lm - lnFact(j) - lnFact(m - j) + j * lr + (m - j) * l1);
  }
  return w;
}

/** Distribution of the summed contribution of the k best of n dice (best = highest key if `highest`). */
export function keepPmf(joint: Joint, n: number, k: number, highest: boolean, budget: Budget): Pmf {
  const K = joint.keys.length;
  const order = Array.from({ length: K }, (_, i) => (highest ? K - 1 - i : i));
  let cmin = Infinity;
  let cmax = -Infinity;
  for (const c of joint.cond) {
    cmin = Math.min(cmin, c.off);
    cmax = Math.max(cmax, c.off + c.p.length - 1);
  }
  const span = cmax - cmin;
  budget.size(k * span + 1, 'the kept dice');
  budget.check((K * k * k * k * (span + 1)) / 6, 'keeping dice');
  const fresh = (): Pmf[] => Array.from({ length: k }, (_, i) => ({ off: i * cmin, p: new Float64Array(i * span + 1) }));
  let dp = fresh();
  dp[0]!.p[0] = 1;
  let alive = new Uint8Array(k);
  alive[0] = 1;
  const done: Pmf = { off: k * cmin, p: new Float64Array(k * span + 1) };
  // Mass of the keys not yet walked, from each step on.
  const rest = new Float64Array(K + 1);
  for (let t = K - 1; t >= 0; t--) rest[t] = rest[t + 1]! + joint.mass[order[t]!]!;

  for (let t = 0; t < K; t++) {
    const idx = order[t]!;
    const q = joint.mass[idx]!;
    if (!(q > 0)) continue;
    const r = t === K - 1 ? 1 : Math.min(1, q / rest[t]!);
    // Divided, not multiplied by 1 / q: a subnormal q (a far explosion tail) has no finite inverse.
    const cq = joint.cond[idx]!;
    const c: Pmf = { off: cq.off, p: cq.p.map((x) => x / q) };
    const pow: Pmf[] = [point(0)];
    const powerOf = (j: number): Pmf => {
      while (pow.length <= j) pow.push(convolve(pow[pow.length - 1]!, c, budget));
      return pow[j]!;
    };
    const next = fresh();
    const nextAlive = new Uint8Array(k);
    for (let i = 0; i < k; i++) {
      if (!alive[i]) continue;
      const m = n - i;
      const w = binomial(m, r);
      const need = k - i;
      for (let j = 0; j < need && j <= m; j++) {
        if (w[j] === 0) continue;
        convolveInto(next[i + j]!, dp[i]!, powerOf(j), w[j]!, budget);
        nextAlive[i + j] = 1;
      }
      let tail = 0;
      for (let j = m; j >= need; j--) tail += w[j]!;
      if (tail > 0) convolveInto(done, dp[i]!, powerOf(need), tail, budget);
    }
    dp = next;
    alive = nextAlive;
  }
  return trim(done);
}
