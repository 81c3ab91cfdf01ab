import { describe, expect, it } from 'vitest';
import { runRoll, seedFromArg } from './roll.ts';
import type { CliIo } from './roll.ts';

function fakeIo(): CliIo & { out: (t: string) => void; stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], out: (t: string) => void io.stdout.push(t), err: (t: string) => void io.stderr.push(t) };
  return io;
}

describe('turnkeeper roll', () => {
  it('prints seeded rolls exactly', () => {
    const io = fakeIo();
    expect(runRoll(['4d6kh3', '--seed', '7', '--times', '3'], io)).toBe(0);
    expect(io.stdout).toEqual(['4d6kh3: [4, (1), 3, 3] = 10', '4d6kh3: [4, 3, 2, (2)] = 9', '4d6kh3: [2, 1, (1), 6] = 9']);
    expect(io.stderr).toEqual([]);
  });

  it('joins a notation typed with spaces and accepts --opt=value', () => {
    const io = fakeIo();
    expect(runRoll(['1d20', '+', '3', '--seed=42'], io)).toBe(0);
    expect(io.stdout).toEqual(['1d20+3: [1] + 3 = 4']);
  });

  it('shows successes, crits and complications', () => {
    const io = fakeIo();
    expect(runRoll(['2d20<=12cs<=1cf>=20', '--seed', 'fallout', '--times', '2'], io)).toBe(0);
    expect(io.stdout).toEqual([
      '2d20<=12cs<=1cf>=20: [20:complication, 14] = 0 successes (complication: 1)',
      '2d20<=12cs<=1cf>=20: [7, 20:complication] = 1 success (complication: 1)',
    ]);
  });

  it('without --seed, picks one and prints it so the roll can be repeated', () => {
    const io = fakeIo();
    expect(runRoll(['3d6'], io)).toBe(0);
    expect(io.stdout).toHaveLength(2);
    const m = /^seed (\d+) \(repeat with --seed (\d+)\)$/.exec(io.stdout[1]!);
    expect(m).not.toBeNull();
    const again = fakeIo();
    expect(runRoll(['3d6', '--seed', m![1]!], again)).toBe(0);
    expect(again.stdout).toEqual([io.stdout[0]]);
  });

  it('--json prints the seed and the full results', () => {
    const io = fakeIo();
    expect(runRoll(['3dK+6', '--seed', '5', '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout.join('\n'));
    expect(out.notation).toBe('3dK+6');
    expect(out.seed).toBe(5);
    expect(out.rolls).toHaveLength(1);
    expect(out.rolls[0]).toMatchObject({ notation: '3dK+6', total: 13, source: 'engine', tags: { unlucky: 2 } });
    expect(out.rolls[0].dice[0]).toEqual({ die: 'dK', face: 6, value: 6, kept: true, exploded: true });
  });

  it('bad notation: the message and a caret pointer on stderr, exit 2', () => {
    const io = fakeIo();
    expect(runRoll(['3d6+x'], io)).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toEqual([`Unexpected 'x' at position 5 in "3d6+x": expected a number or dice term`, '3d6+x\n    ^']);
  });

  it.each([
    [[], /missing dice notation/],
    [['1d6', '--times', '0'], /--times must be a whole number from 1 to 10000/],
    [['1d6', '--times', 'many'], /--times/],
    [['1d6', '--bogus'], /unknown option --bogus/],
    [['1d6', '--seed'], /--seed needs a value/],
    [['1d6', '--seed='], /--seed needs a value/],
  ])('usage error %j exits 2', (args, message) => {
    const io = fakeIo();
    expect(runRoll(args as string[], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(message);
    expect(io.stderr.join('\n')).toMatch(/usage: turnkeeper roll/);
  });

  it('--help prints usage', () => {
    const io = fakeIo();
    expect(runRoll(['--help'], io)).toBe(0);
    expect(io.stdout[0]).toMatch(/usage: turnkeeper roll/);
  });

  it('reads integer seeds as numbers and anything else as text', () => {
    expect(seedFromArg('42')).toBe(42);
    expect(seedFromArg('-3')).toBe(-3);
    expect(seedFromArg('4.5')).toBe('4.5');
    expect(seedFromArg('99999999999999999999')).toBe('99999999999999999999');
    expect(seedFromArg('goblins')).toBe('goblins');
  });
});
