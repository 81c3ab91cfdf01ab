import { describe, expect, it } from 'vitest';
import { distribution, parseDice } from '../../dice/index.ts';
import { MAX_ROWS, bar, oddsRows, percent, runOdds } from './odds.ts';
import type { CliIo } from './odds.ts';

function fakeIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], out: (t: string) => void io.stdout.push(t), err: (t: string) => void io.stderr.push(t) };
  return io;
}

describe('turnkeeper odds', () => {
  it('prints the summary, the at-least line and the table with bars', () => {
    const io = fakeIo();
    expect(runOdds(['2d20<=12cs<=1', '--at-least', '2'], io)).toBe(0);
    expect(io.stdout).toEqual([
      '2d20<=12cs<=1',
      'min 0, max 4, mean 1.3000, sd 0.8093',
      '',
      'P(successes >= 2) = 0.4000 (40.00%)',
      '',
      'value |    P(=) |   P(>=) |',
      '------+---------+---------+',
      '    0 |  16.00% | 100.00% | ██████████████▌',
      '    1 |  44.00% |  84.00% | ████████████████████████████████████████',
      '    2 |  34.25% |  40.00% | ███████████████████████████████▏',
      '    3 |   5.50% |   5.75% | █████',
      '    4 |   0.25% |   0.25% | ▎',
    ]);
    expect(io.stderr).toEqual([]);
  });

  it('--at-least on a sum', () => {
    const io = fakeIo();
    expect(runOdds(['3d6', '--at-least', '15'], io)).toBe(0);
    expect(io.stdout).toContain('P(total >= 15) = 0.0926 (9.26%)');
    expect(io.stdout).toContain('   15 |   4.63% |   9.26% | ██████████████▉');
    expect(io.stdout).toHaveLength(4 + 3 + 16);
  });

  it('--of TAG counts tagged dice', () => {
    const io = fakeIo();
    expect(runOdds(['4dC', '--of', 'effect', '--at-least', '1'], io)).toBe(0);
    expect(io.stdout[0]).toBe("4dC: number of kept dice tagged 'effect'");
    expect(io.stdout).toContain('P(effect >= 1) = 0.8025 (80.25%)');
  });

  it('says how deep explosions were followed; --depth changes it', () => {
    const io = fakeIo();
    expect(runOdds(['1d6!', '--depth', '2'], io)).toBe(0);
    expect(io.stdout[1]).toBe('min 1, max 18, mean 4.1806, sd 3.1579');
    expect(io.stdout[2]).toBe('explosions followed 2 extra dice deep (P(still exploding) = 4.6e-3; change with --depth N)');
  });

  it('keeps long distributions to about 40 rows and says how', () => {
    for (const n of ['10d6', '1d100', '1d6!', '20d10', '1d1000000', '20d{0,100,10000}']) {
      const io = fakeIo();
      expect(runOdds([n], io)).toBe(0);
      const rows = io.stdout.filter((l) => /^\s*[<>=\d.-]+ \|/.test(l));
      expect(rows.length).toBeLessThanOrEqual(MAX_ROWS);
      expect(io.stdout.at(-1)).toMatch(/^\(\d+ values; /);
    }
    const { rows, note } = oddsRows(distribution(parseDice('10d6')));
    expect(rows[0]).toMatchObject({ label: '<=15', atLeast: 1 });
    expect(rows.at(-1)!.label).toBe('>=54');
    expect(rows.reduce((s, r) => s + r.p, 0)).toBeCloseTo(1, 12);
    expect(note).toBe('51 values; tails under 0.05% folded into the first/last row');
    const grouped = oddsRows(distribution(parseDice('1d100')));
    expect(grouped.rows[0]).toMatchObject({ label: '1..3', atLeast: 1 });
    expect(grouped.rows.at(-1)!.label).toBe('100');
    expect(grouped.rows.reduce((s, r) => s + r.p, 0)).toBeCloseTo(1, 12);
  });

  it('--json prints the numbers', () => {
    const io = fakeIo();
    expect(runOdds(['3d6', '--json', '--at-least', '15'], io)).toBe(0);
    const out = JSON.parse(io.stdout.join('\n'));
    expect(out).toMatchObject({ notation: '3d6', of: 'total', min: 3, max: 18 });
    expect(out.mean).toBeCloseTo(10.5, 12);
    expect(out.atLeast.value).toBe(15);
    expect(out.atLeast.p).toBeCloseTo(20 / 216, 14);
    expect(out.outcomes).toHaveLength(16);
    expect(out.outcomes[0]).toMatchObject({ value: 3, atLeast: 1 });
    expect(out.outcomes[0].p).toBeCloseTo(1 / 216, 15);
  });

  it('errors: notation (2), usage (2), too costly (1)', () => {
    const bad = fakeIo();
    expect(runOdds(['4d6kh5'], bad)).toBe(2);
    expect(bad.stderr).toEqual([`Invalid '5' at position 6 in "4d6kh5": cannot keep 5 of 4 dice (expected 1..4)`, '4d6kh5\n     ^']);
    for (const args of [[], ['3d6', '--at-least', 'x'], ['3d6', '--of'], ['3d6', '--nope'], ['1d6!', '--depth', '200']]) {
      const io = fakeIo();
      expect(runOdds(args, io), JSON.stringify(args)).toBe(2);
      expect(io.stderr.join('\n')).toMatch(/usage: turnkeeper odds/);
    }
    const costly = fakeIo();
    expect(runOdds(['1000d1000000'], costly)).toBe(1);
    expect(costly.stderr[0]).toMatch(/Cannot compute exact odds for "1000d1000000"/);
  });

  it('draws bars in eighths of a block', () => {
    expect(bar(1, 4)).toBe('████');
    expect(bar(0.5, 4)).toBe('██');
    expect(bar(1 / 32, 4)).toBe('▏');
    expect(bar(0.5 + 3 / 32, 4)).toBe('██▍');
    expect(bar(0, 4)).toBe('');
    expect(percent(0.0926)).toBe('9.26%');
    expect(percent(1e-9)).toBe('<0.01%');
    expect(percent(1 - 1e-9)).toBe('>99.99%');
    expect(percent(1)).toBe('100.00%');
  });
});
