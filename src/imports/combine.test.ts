import { describe, expect, it } from 'vitest';
import { combineResults, importText } from './index.ts';

const target = { rules: 'swn' };

describe('combineResults', () => {
  it('joins the items of a file and pasted lines, and names the source of a refusal', () => {
    const lines = importText('Dock Rat 1 12 +1 1d4 10m 7 +1 15+', target);
    const more = importText('Gull 1 11 +0 1d2 5m 5 +0 15+', target);
    const r = combineResults([{ source: 'File', result: lines }, { source: 'Pasted text', result: more }]);
    expect(r).toMatchObject({ ok: true, format: 'Statblock lines (1) + Statblock lines (1)' });
    expect(r.ok && r.items.map((i) => i.name)).toEqual(['Dock Rat', 'Gull']);
    const bad = combineResults([{ source: 'File', result: lines }, { source: 'Pasted text', result: importText('Gull 1 11', target) }]);
    expect(bad).toMatchObject({ ok: false, path: 'Pasted text, line 1' });
    expect(combineResults([{ source: 'File', result: lines }, { source: 'Pasted text', result: lines }])).toMatchObject({ ok: false, path: 'Pasted text', message: expect.stringContaining('“Dock Rat” is in File too') });
    expect(combineResults([])).toMatchObject({ ok: false });
  });
});
