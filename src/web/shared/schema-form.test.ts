import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { custom } from '../../rules/custom/index.ts';
import { fieldOf } from './form-model.ts';
import type { Draft, JsonSchema, NamedField } from './form-model.ts';
import { SchemaForm } from './schema-form.tsx';

const fieldsOf = (s: z.ZodType): readonly NamedField[] => {
  const f = fieldOf(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  if (f.kind !== 'object') throw new Error('not an object');
  return f.fields;
};

/** The form's HTML (server-rendered: labels, ids and help lines are all in the markup). */
function html(
  fields: readonly NamedField[],
  draft: Record<string, Draft | undefined>,
  extra: { docs?: Record<string, string>; moreTitle?: string; compact?: boolean; errors?: Record<string, string>; errorPaths?: Record<string, string[]> } = {},
): string {
  return renderToStaticMarkup(createElement(SchemaForm, { fields, draft, onChange: () => {}, ...extra }));
}

const text = (s: string): string => s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Each <label for> with its text, and the help line of the input it names (by aria-describedby). */
function labelled(markup: string): { label: string; help: string | null; helpClass: string | null }[] {
  return [...markup.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map(([, id, label]) => {
    const input = new RegExp(`<(?:input|select|textarea) id="${id}"[^>]*?aria-describedby="([^"]+)"`).exec(markup);
    const help = input ? new RegExp(`<small id="${input[1]}"(?: class="([^"]+)")?>([^<]*)</small>`).exec(markup) : null;
    return { label: text(label!), help: help ? text(help[2]!) : null, helpClass: help ? (help[1] ?? null) : null };
  });
}

describe('a generated form labels fields with their titles', () => {
  const fields = fieldsOf(custom.stats);
  const attack = { name: 'Shortsword', hit: '+4', damage: '1d6+2', vs: '' };

  it('shows a stored attack with short GM labels, each tied to its input, and its help line under it', () => {
    const markup = html(fields, { attacks: [attack] }, { docs: custom.statDocs, moreTitle: 'More', compact: true });
    const rows = labelled(markup);
    expect(rows).toEqual(
      expect.arrayContaining([
        { label: 'Attack name *', help: 'e.g. Shortsword', helpClass: 'sf-help' },
        { label: 'Hit *', help: 'A bonus such as +4, or a roll such as 2d6+1', helpClass: 'sf-help' },
        { label: 'Damage', help: 'e.g. 1d6+2', helpClass: 'sf-help' },
        { label: 'Number to beat', help: "Only if not the target's defense", helpClass: 'sf-help' },
      ]),
    );
    expect(markup).not.toMatch(/>(Name \*|vs)</);
    // Fields without a title keep the label made from their name, with the module's doc (hidden when compact).
    expect(rows).toContainEqual({ label: 'Tie modifier', help: custom.statDocs.tieModifier, helpClass: null });
    expect(markup).toContain('More (Attacks)');
  });

  it('a module doc, when given, replaces the schema help line', () => {
    const markup = html(fields, { attacks: [attack] }, { docs: { ...custom.statDocs, defense: 'Armour class.' } });
    expect(labelled(markup)).toContainEqual({ label: 'Defense', help: 'Armour class.', helpClass: null });
  });

  it('the title labels a top-level field and the "More" summary too', () => {
    const own = fieldsOf(z.object({ dodge: z.number().optional().meta({ title: 'Dodge bonus', description: 'Added to defense' }), gear: z.array(z.string()).meta({ title: 'Gear carried' }) }));
    const markup = html(own, {}, { moreTitle: 'More' });
    expect(labelled(markup)).toContainEqual({ label: 'Dodge bonus', help: 'Added to defense', helpClass: 'sf-help' });
    expect(labelled(markup)).toContainEqual({ label: 'Gear carried *', help: null, helpClass: null });
  });

  it('names an item of a list by the item\'s title ("Attack 1", "+ Add attack"), else by the list\'s label', () => {
    const markup = text(html(fields, { attacks: [attack, attack] }));
    expect(markup).toMatch(/<legend>Attack 1 <button[^>]*aria-label="Remove Attack 1"/);
    expect(markup).toContain('<legend>Attack 2 ');
    expect(markup).toContain('>+ Add attack</button>');
    expect(markup).not.toMatch(/Attacks \d|\+ Attacks/);
    const own = fieldsOf(z.object({ gear: z.array(z.object({ item: z.string() })) }));
    const plain = text(html(own, { gear: [{ item: 'rope' }] }));
    expect(plain).toContain('<legend>Gear 1 ');
    expect(plain).toContain('>+ Gear</button>');
  });

  it('marks the one box with the problem inside a list (the second attack\'s hit), and says the problem once under the list', () => {
    const said = 'Attack 2 › Hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1).';
    const markup = text(html(fields, { attacks: [attack, { ...attack, hit: 'lots' }] }, { errors: { attacks: said }, errorPaths: { attacks: ['1.hit'] } }));
    // One input is invalid: the second attack's hit; the list is not marked as a whole.
    const invalid = [...markup.matchAll(/<input [^>]*aria-invalid="true"[^>]*value="([^"]*)"/g)].map((m) => m[1]);
    expect(invalid).toEqual(['lots']);
    expect(markup.match(/class="sf-row[^"]*sf-invalid/g)).toHaveLength(1);
    expect(markup).toContain('sf-has-invalid');
    expect(markup.split(said)).toHaveLength(2);
    // Without a path inside, the whole list is marked, as before.
    const whole = text(html(fields, { attacks: [attack] }, { errors: { attacks: 'Attacks: too many.' } }));
    expect(whole).toMatch(/class="sf-row sf-block sf-invalid"/);
    expect(whole).not.toContain('aria-invalid');
  });
});
