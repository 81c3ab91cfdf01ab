/**
 * Dice throughput: our rollDice (full RollResult with every die) against @dice-roller/rpg-dice-roller
 * 5.5.1, both parsing once and rolling repeatedly (`new DiceRoll(n)` once, then `.roll()` + `.total`),
 * in the same process with their rounds interleaved.
 *
 *   npx tsx -e "import('./bench/dice.ts').then(m=>m.benchDice(console.log))"
 */
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { Prng, parseDice, rollDice } from '../src/dice/index.ts';
import { breathe, createRunner, formatRate, median } from './harness.ts';

export const DICE_BENCH_EXPRESSIONS = ['1d8+2', '3d6+6', '2d20', '4d6kh3', '10d6'] as const;

export interface DiceBenchRow {
  expr: string;
  /** Median rolls/s, ours. */
  ours: number;
  /** Median rolls/s, rpg-dice-roller parse-once. */
  anchor: number;
  /** ours / anchor. */
  ratio: number;
}

export interface DiceBenchOptions {
  rounds?: number;
  minMs?: number;
  expressions?: readonly string[];
}

export async function benchDice(log: (line: string) => void, opts: DiceBenchOptions = {}): Promise<DiceBenchRow[]> {
  const rounds = opts.rounds ?? 7;
  const minMs = opts.minMs ?? 120;
  const exprs = opts.expressions ?? DICE_BENCH_EXPRESSIONS;
  const rng = Prng.fromSeed('turnkeeper-bench');
  const rows: DiceBenchRow[] = [];
  log(`dice: rolls/s, median of ${rounds} interleaved rounds of ~${minMs} ms (anchor: @dice-roller/rpg-dice-roller 5.5.1, parse once + roll())`);
  log(`${'expr'.padEnd(8)} ${'ours'.padStart(10)} ${'anchor'.padStart(10)} ${'ratio'.padStart(7)}`);
  for (const expr of exprs) {
    const ours = parseDice(expr);
    const anchor = new DiceRoll(expr);
    const mine = createRunner(() => rollDice(ours, rng));
    const theirs = createRunner(() => {
      anchor.roll();
      return anchor.total;
    });
    mine.warm(150);
    theirs.warm(150);
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        a.push(mine.round(minMs));
        b.push(theirs.round(minMs));
      } else {
        b.push(theirs.round(minMs));
        a.push(mine.round(minMs));
      }
      await breathe();
    }
    const row = { expr, ours: median(a), anchor: median(b), ratio: median(a) / median(b) };
    rows.push(row);
    log(`${expr.padEnd(8)} ${formatRate(row.ours).padStart(10)} ${formatRate(row.anchor).padStart(10)} ${(row.ratio.toFixed(1) + 'x').padStart(7)}`);
  }
  return rows;
}
