import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../io.ts';
import { runPlay } from './play.ts';

function recorder(): CliIo & { stdout: string; stderr: string } {
  const r = { stdout: '', stderr: '', out: (t: string) => void (r.stdout += `${t}\n`), err: (t: string) => void (r.stderr += `${t}\n`) };
  return r;
}
const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-play-'));
const write = (name: string, content: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const example = new URL('../../rules/custom/examples/fight.json', import.meta.url).pathname;

describe('turnkeeper play', () => {
  it('prints the state and log as JSON', () => {
    const io = recorder();
    expect(runPlay([example], io)).toBe(0);
    const out = JSON.parse(io.stdout) as { ok: boolean; state: { round: number; now: { actor: string } }; log: { text: string }[] };
    expect(out.ok).toBe(true);
    expect(out.state.round).toBe(2);
    expect(out.state.now.actor).toBe('c1');
    expect(out.log.map((l) => l.text)).toContain('Round 2.');
  });
  it('prints text for people', () => {
    const io = recorder();
    expect(runPlay([example, '--format', 'text'], io)).toBe(0);
    expect(io.stdout).toContain('Now: Asha acts (round 2)');
    expect(io.stdout).toContain('Bandit [NPC, defeated] HP 0/6');
  });
  it('stops at a rejected command with exit code 2, its code and message', () => {
    const file = write('bad.json', {
      rules: 'custom',
      combatants: [{ name: 'A', kind: 'pc' }, { name: 'B' }],
      commands: [{ type: 'start', dice: { A: 5, B: 9 } }, { type: 'act', actor: 'A', label: 'waves' }, { type: 'end-turn' }],
    });
    const io = recorder();
    expect(runPlay([file], io)).toBe(2);
    expect(io.stderr).toContain("Rejected at commands[1]: It is not A's turn (it is B's). [turn/not-your-turn]");
    const out = JSON.parse(io.stdout) as { ok: boolean; rejected: { at: string; code: string } };
    expect(out.rejected).toMatchObject({ at: 'commands[1]', code: 'turn/not-your-turn' });
  });
  it('explains unreadable input and usage errors', () => {
    const io = recorder();
    expect(runPlay([write('broken.json', '{ "rules": ')], io)).toBe(2);
    expect(io.stderr).toContain('Cannot read');
    expect(runPlay([], io)).toBe(2);
    expect(io.stderr).toContain('usage: turnkeeper play');
    expect(runPlay([example, '--seed', 'abc'], io)).toBe(2);
    expect(runPlay([example, '--format', 'xml'], io)).toBe(2);
    expect(runPlay([write('nope.json', { rules: 'dnd' })], io)).toBe(2);
    expect(io.stderr).toContain('There are no "dnd" rules');
  });
  it('the same seed gives the same fight', () => {
    const file = write('seeded.json', { rules: 'custom', combatants: [{ name: 'A', kind: 'pc' }, { name: 'B' }], commands: [{ type: 'start' }] });
    const a = recorder();
    const b = recorder();
    runPlay([file, '--seed', '42'], a);
    runPlay([file, '--seed', '42'], b);
    expect(a.stdout).toBe(b.stdout);
  });
});
