import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { coreCommandSchemas } from './commands.ts';
import { lazySchemas } from './lazy-schemas.ts';

const eager = () => z.object({ type: z.literal('note'), text: z.string().trim().min(1).max(20), gmOnly: z.boolean().default(false) }).strict();

describe('schemas built on first use', () => {
  it('build nothing until used, then each once', () => {
    const make = vi.fn(eager);
    const other = vi.fn(eager);
    const schemas = lazySchemas({ note: make, other });
    expect(make).not.toHaveBeenCalled();
    expect(Object.keys(schemas)).toEqual(['note', 'other']);
    schemas.note.safeParse({ type: 'note', text: 'a' });
    schemas.note.safeParse({ type: 'note', text: 'b' });
    expect(make).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('parse, refuse and describe themselves exactly as the schema they stand for', () => {
    const lazy = lazySchemas({ note: eager }).note;
    const plain = eager();
    for (const input of [{ type: 'note', text: ' hi ' }, { type: 'note', text: '' }, { type: 'note', text: 'x', extra: 1 }, { type: 'note' }, null, 'note']) {
      expect(lazy.safeParse(input), JSON.stringify(input)).toEqual(plain.safeParse(input));
    }
    expect(z.toJSONSchema(lazy, { io: 'input' })).toEqual(z.toJSONSchema(plain, { io: 'input' }));
  });

  it('are what the core commands are: every one parses its own minimal command', () => {
    expect(coreCommandSchemas.undo.parse({ type: 'undo' })).toEqual({ type: 'undo' });
    expect(coreCommandSchemas.note.parse({ type: 'note', text: ' Door opens ' })).toEqual({ type: 'note', text: 'Door opens', gmOnly: false });
    expect(coreCommandSchemas.damage.safeParse({ type: 'damage', combatants: [], amount: 1 }).success).toBe(false);
  });
});
