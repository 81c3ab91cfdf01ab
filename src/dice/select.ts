/** Keep/drop selection for small pools, without sorting objects. */

/**
 * Marks `kept[i] = 1` for the `k` entries that rank first and 0 for the rest. Ranking: by key,
 * descending when `highest` (ascending otherwise); ties go to the earlier index. So `4d6kh3` on
 * [3, 1, 1, 6] drops the second 1, and `2d20kl1` on [7, 7] keeps the first 7.
 */
export function selectKept(keys: ArrayLike<number>, n: number, k: number, highest: boolean, kept: Uint8Array): void {
  if (k >= n) {
    kept.fill(1, 0, n);
    return;
  }
  const drop = n - k;
  if (k <= drop && k <= 16) {
    // Pick the k best one by one.
    kept.fill(0, 0, n);
    for (let r = 0; r < k; r++) {
      let best = -1;
      let bk = 0;
      for (let i = 0; i < n; i++) {
        if (kept[i] === 1) continue;
        const x = keys[i]!;
        if (best < 0 || (highest ? x > bk : x < bk)) {
          best = i;
          bk = x;
        }
      }
      kept[best] = 1;
    }
    return;
  }
  if (drop <= 16) {
    // Remove the worst one by one (the worst of a tie is the latest).
    kept.fill(1, 0, n);
    for (let r = 0; r < drop; r++) {
      let worst = -1;
      let wk = 0;
      for (let i = 0; i < n; i++) {
        if (kept[i] === 0) continue;
        const x = keys[i]!;
        if (worst < 0 || (highest ? x <= wk : x >= wk)) {
          worst = i;
          wk = x;
        }
      }
      kept[worst] = 0;
    }
    return;
  }
  // Large pools: sort indices by (key, index).
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    const d = highest ? keys[b]! - keys[a]! : keys[a]! - keys[b]!;
    return d !== 0 ? d : a - b;
  });
  kept.fill(0, 0, n);
  for (let r = 0; r < k; r++) kept[order[r]!] = 1;
}
