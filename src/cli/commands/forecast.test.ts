import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../io.ts';
import { runForecast } from './forecast.ts';

function recorder(): CliIo & { stdout: string; stderr: string } {
  const r = { stdout: '', stderr: '', out: (t: string) => void (r.stdout += `${t}\n`), err: (t: string) => void (r.stderr += `${t}\n`) };
  return r;
}
const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-forecast-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const example = new URL('../../rules/custom/examples/fight.json', import.meta.url).pathname;

describe('turnkeeper forecast', async () => {
  it('prints exactly runs, undecided, rounds, sides and combatants as JSON', async () => {
    const io = recorder();
    expect(await runForecast([example, '--runs', '300', '--seed', '4', '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['runs', 'undecided', 'rounds', 'sides', 'combatants']);
    expect(out.runs).toBe(300);
    expect(Object.keys(out.rounds as object)).toEqual(['mean']);
    const sides = out.sides as { name: string; win: number; low: number; high: number }[];
    expect(sides.map((s) => s.name)).toEqual(['Party', 'Bandits']);
    for (const s of sides) expect(s.low <= s.win && s.win <= s.high).toBe(true);
    expect(Object.keys(sides[0]!)).toEqual(['name', 'win', 'low', 'high']);
    expect((out.combatants as { name: string; down: number }[]).map((c) => c.name)).toEqual(['Asha', 'Brom', 'Bandit', 'Bandit 2']);
    // The same seed, the same answer.
    const again = recorder();
    await runForecast([example, '--runs', '300', '--seed', '4', '--json'], again);
    expect(again.stdout).toBe(io.stdout);
  });

  it('prints text for people', async () => {
    const io = recorder();
    expect(await runForecast([example, '--runs', '200'], io)).toBe(0);
    expect(io.stdout).toContain('Forecast: 200 runs of the custom rules');
    expect(io.stdout).toContain('Wins:');
    expect(io.stdout).toContain('Down at the end:');
    expect(io.stdout).toContain('Policy: ');
  });

  it('explains bad input with exit code 2, never a throw', async () => {
    const io = recorder();
    expect(await runForecast([], io)).toBe(2);
    expect(io.stderr).toContain('usage: turnkeeper forecast');
    expect(await runForecast([example, '--runs', 'many'], io)).toBe(2);
    expect(await runForecast([example, '--bogus', '1'], io)).toBe(2);
    expect(await runForecast([example, '--runs', '0'], io)).toBe(2);
    expect(io.stderr).toContain('[forecast/runs]');
    expect(await runForecast([write('broken.json', '{ "rules": ')], io)).toBe(2);
    expect(io.stderr).toContain('Cannot read');
    const alone = write('alone.json', { rules: 'custom', combatants: [{ name: 'A', kind: 'pc', hp: 3 }] });
    expect(await runForecast([alone], io)).toBe(2);
    expect(io.stderr).toContain('[forecast/no-sides]');
    const harmless = write('harmless.json', { rules: 'custom', combatants: [{ name: 'A', kind: 'pc', hp: 3 }, { name: 'B', hp: 3 }] });
    expect(await runForecast([harmless], io)).toBe(2);
    expect(io.stderr).toContain('[forecast/cannot-end]');
  });

  it('shares the runs out between threads and answers exactly what one thread answers', async () => {
    const one = recorder();
    const two = recorder();
    const swn = new URL('../../rules/swn/examples/fight.json', import.meta.url).pathname;
    expect(await runForecast([swn, '--runs', '3000', '--seed', 'x', '--threads', '1', '--json'], one)).toBe(0);
    expect(await runForecast([swn, '--runs', '3000', '--seed', 'x', '--threads', '2', '--json'], two)).toBe(0);
    expect(two.stderr).toBe('');
    expect(two.stdout).toBe(one.stdout);
    const io = recorder();
    expect(await runForecast([swn, '--threads', '0'], io)).toBe(2);
    expect(await runForecast([swn, '--threads', 'all'], io)).toBe(2);
    expect(io.stderr).toContain('--threads needs a whole number from 1 to 8');
  });

  it('takes stances and policy options, and explains bad ones', async () => {
    const fallout = new URL('../../rules/fallout/examples/fight.json', import.meta.url).pathname;
    const plain = recorder();
    const marked = recorder();
    expect(await runForecast([fallout, '--runs', '300', '--json'], plain)).toBe(0);
    expect(await runForecast([fallout, '--runs', '300', '--json', '--stances', 'Ghoul=flee', '--policy', 'spendAp=true'], marked)).toBe(0);
    const down = (out: string) => (JSON.parse(out) as { combatants: { name: string; down: number }[] }).combatants.find((c) => c.name === 'Ghoul')!.down;
    expect(down(marked.stdout)).toBe(0);
    expect(down(plain.stdout)).toBeGreaterThan(0);
    const text = recorder();
    expect(await runForecast([fallout, '--runs', '100', '--policy', '{"spendAp": true}'], text)).toBe(0);
    expect(text.stdout).toContain('spendAp');
    const io = recorder();
    expect(await runForecast([fallout, '--stances', 'Ghoul'], io)).toBe(2);
    expect(io.stderr).toContain('--stances: "Ghoul" is not name=value');
    expect(await runForecast([fallout, '--stances', 'Ghoul=runs'], io)).toBe(2);
    expect(io.stderr).toContain('a stance is fight, flee or hold');
    expect(await runForecast([fallout, '--policy', 'spendAp=yes'], io)).toBe(2);
    expect(io.stderr).toContain('[forecast/policy-option]');
    expect(await runForecast([fallout, '--policy', '{"spendAp": tru'], io)).toBe(2);
    expect(io.stderr).toContain('--policy: not JSON');
  });

  it('caps 10 million runs and stops at its time budget', async () => {
    const io = recorder();
    let t = 0;
    expect(await runForecast([example, '--runs', '10000000', '--json'], io, () => (t += 1000))).toBe(0);
    const out = JSON.parse(io.stdout) as { runs: number };
    expect(out.runs).toBeLessThan(100);
  });
});
