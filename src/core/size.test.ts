import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../rules/index.ts';
import { runScript } from './script.ts';
import { MAX_DECISION_BYTES, checkDecisionSize, utf8Length } from './size.ts';

describe('the size of one decision (issue 10, item 11)', () => {
  it('utf8Length counts UTF-8 bytes like TextEncoder', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => utf8Length(s) === new TextEncoder().encode(s).length));
    expect(utf8Length('a€😀語')).toBe(1 + 3 + 4 + 3);
  });

  it('accepts events up to the limit and refuses one byte more, saying the limit', () => {
    const note = (bytes: number) => [{ type: 'note-added' as const, text: 'x'.repeat(bytes - JSON.stringify([{ type: 'note-added', text: '', gmOnly: false }]).length), gmOnly: false }];
    expect(checkDecisionSize('note', note(MAX_DECISION_BYTES))).toBeNull();
    const r = checkDecisionSize('note', note(MAX_DECISION_BYTES + 1));
    expect(r).toMatchObject({ ok: false, rejection: { code: 'command/too-large', details: { bytes: MAX_DECISION_BYTES + 1, limit: MAX_DECISION_BYTES } } });
    if (r && !r.ok) expect(r.rejection.message).toBe('note: this would record 2.01 MB of events, and one command may record at most 2 MB. Add fewer combatants at once, or shorten their notes and sheets.');
  });

  it('50 copies of a combatant with a huge sheet and notes are refused with command/too-large, and change nothing', () => {
    const start = runScript(engine, { rules: 'fallout', combatants: [], commands: [] }, 1);
    if (!start.ok) throw new Error(start.rejection.message);
    const effects = Array.from({ length: 20 }, (_, i) => `effect number ${i} with a long name`.slice(0, 40));
    const weapons = Array.from({ length: 30 }, (_, i) => ({ name: `Weapon ${i}`, type: 'melee', damage: 3, effects }));
    const command = { type: 'add-combatant', name: 'Raider', count: 50, notes: '語'.repeat(4000), gmNotes: '語'.repeat(4000), stats: { per: 5, agi: 5, weapons } };
    expect(JSON.stringify(command).length).toBeLessThan(64 * 1024); // fits the server's body limit
    const r = engine.execute(start.encounter, command);
    expect(r).toMatchObject({ ok: false, rejection: { code: 'command/too-large' } });
    expect(engine.execute(start.encounter, { ...command, count: 10 }).ok).toBe(true);
  });
});
