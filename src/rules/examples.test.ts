import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPlay } from '../cli/index.ts';
import { ruleModules } from './index.ts';

const scripting = readFileSync(new URL('../../docs/scripting.md', import.meta.url), 'utf8');

/** Every shipped module has a complete example in docs/scripting.md that `turnkeeper play` runs to the end. */
describe.each(ruleModules.map((m) => m.id))('the %s example', (id) => {
  const path = new URL(`./${id}/examples/fight.json`, import.meta.url).pathname;
  const text = readFileSync(path, 'utf8').trim();

  it('is in docs/scripting.md, whole and unchanged', () => {
    expect(scripting).toContain(`### Example: ${id}`);
    expect(scripting).toContain(text);
  });

  it('runs to the end with turnkeeper play', () => {
    let out = '';
    let err = '';
    const code = runPlay([path], { out: (t) => void (out += t), err: (t) => void (err += t) });
    expect(err).toBe('');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { ok: boolean }).ok).toBe(true);
  });
});
