import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMON_CONDITIONS } from '../core/index.ts';
import type { FoldModule } from '../core/index.ts';
import { customFold } from './custom/fold.ts';
import { cwnFold } from './cwn/fold.ts';
import { falloutFold } from './fallout/fold.ts';
import { custom, cwn, fallout, kuro, popcorn, swn } from './index.ts';
import { kuroFold } from './kuro/fold.ts';
import { popcornFold } from './popcorn/fold.ts';
import { swnFold } from './swn/fold.ts';

// Each game offers its own conditions when the GM adds one (issue 21: SWN was offered D&D's Frightened
// and Hasted). The names come from the game's text; each module's README quotes the sentence each comes
// from ("Conditions offered"), and the names the module reads itself (Prone, Grappled...) are spelt as it
// reads them.
const games: readonly [string, FoldModule, { readonly conditions?: unknown }, readonly string[]][] = [
  ['swn', swnFold as FoldModule, swn, ['Surprised', 'Prone', 'Half cover', 'Almost complete cover', 'Prepared firing position']],
  ['cwn', cwnFold as FoldModule, cwn, ['Surprised', 'Prone', 'Grappled', 'Unconscious', 'Half cover', 'Three-quarter cover', 'Full cover']],
  ['fallout', falloutFold as FoldModule, fallout, ['Prone', 'Defending +1', 'Defending +2']],
  ['kuro', kuroFold as FoldModule, kuro, COMMON_CONDITIONS.map((c) => c.name)],
  ['popcorn', popcornFold as FoldModule, popcorn, COMMON_CONDITIONS.map((c) => c.name)],
  ['custom', customFold as FoldModule, custom, COMMON_CONDITIONS.map((c) => c.name)],
];

/** Conditions with rules of their own in D&D and in none of these texts. */
const DND_ONLY = ['Blinded', 'Charmed', 'Deafened', 'Frightened', 'Hasted', 'Incapacitated', 'Invisible', 'Paralyzed', 'Petrified', 'Poisoned', 'Restrained', 'Slowed', 'Exhaustion'];

/** Curly quotes and whitespace as plain text, for comparing a quoted sentence with the README. */
const plain = (s: string): string => s.replace(/[’‘]/g, "'").replace(/\s+/g, ' ');

describe.each(games)('the conditions %s offers', (id, fold, whole, names) => {
  const list = fold.conditions ?? [];
  const readme = plain(readFileSync(new URL(`./${id}/README.md`, import.meta.url), 'utf8'));

  it("are the game's own, by name, each once, none of D&D's", () => {
    expect(list.map((c) => c.name)).toEqual(names);
    expect(new Set(list.map((c) => c.name.toLowerCase())).size).toBe(list.length);
    for (const c of list) expect(DND_ONLY.map((n) => n.toLowerCase())).not.toContain(c.name.toLowerCase());
  });

  it('each says what it does in one line, and the whole module offers the same list', () => {
    for (const c of list) {
      expect(c.meaning.trim()).not.toBe('');
      expect(c.meaning).not.toContain('\n');
    }
    expect(whole.conditions).toBe(fold.conditions);
  });

  it('each one from the text has its sentence quoted in the README, under "Conditions offered"', () => {
    const section = readme.slice(readme.indexOf('## Conditions offered'));
    expect(readme).toContain('## Conditions offered');
    for (const c of list) {
      expect(section).toContain(`**${c.name}**`);
      if (c.source) expect(section).toContain(plain(c.source));
    }
  });
});

it('the games whose text names conditions give a sentence for every one', () => {
  for (const [id, fold] of games.slice(0, 3)) for (const c of fold.conditions ?? []) expect(c.source, `${id}: ${c.name}`).toBeTruthy();
});
