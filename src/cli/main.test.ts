import { describe, expect, it } from 'vitest';
import { main } from './main.ts';
import type { CliIo } from './io.ts';

function recorder(): CliIo & { stdout: string; stderr: string } {
  const r = { stdout: '', stderr: '', out: (t: string) => void (r.stdout += `${t}\n`), err: (t: string) => void (r.stderr += `${t}\n`) };
  return r;
}

describe('turnkeeper', () => {
  it('shows help', async () => {
    const io = recorder();
    expect(await main(['help'], io)).toBe(0);
    expect(io.stdout).toContain('turnkeeper roll <expr>');
  });
  it('refuses unknown commands with exit code 2', async () => {
    const io = recorder();
    expect(await main(['dance'], io)).toBe(2);
    expect(io.stderr).toContain('Unknown command "dance"');
  });
  it('lists rule modules and explains one', async () => {
    const io = recorder();
    expect(await main(['rules'], io)).toBe(0);
    expect(io.stdout).toContain('custom');
    expect(await main(['rules', 'custom'], io)).toBe(0);
    expect(io.stdout).toContain('tieBreak ["pcs-first"]');
    expect(await main(['rules', 'gurps'], io)).toBe(2);
  });
});
