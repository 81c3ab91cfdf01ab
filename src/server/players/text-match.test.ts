import { describe, expect, it } from 'vitest';
import { NameMatcher, fold, sameName } from './text-match.ts';

// Issue 20, item 3: "Free text is not Unicode-normalised before it is matched against secret names ...
// Compare normalised, case-folded text."
describe('names in free text, in any spelling', () => {
  it('folds the spellings of one name to one: composed or not, any case, fullwidth, ligatures, invisible characters', () => {
    for (const spelling of ['Zoë', 'Zoe\u0308', 'ZOË', 'ZOE\u0308', 'zoë', 'Ｚｏë', 'Zo\u00ADë', 'Z\u200Doë']) expect(fold(spelling)).toBe(fold('Zoë'));
    expect(sameName('ﬁnn', 'Finn')).toBe(true);
    expect(sameName('STRAUSS', 'Strauß')).toBe(true);
    expect(sameName('ΟΔΥΣΣΕΥΣ', 'οδυσσευς')).toBe(true);
    expect(sameName('Zoe', 'Zoë')).toBe(false);
  });

  const secret = new NameMatcher([{ text: 'Zoë' }, { text: 'c2' }]);

  it('finds a secret name in any spelling, as a whole word, and leaves nothing of it when replacing', () => {
    expect(secret.replace('Cursed by Zoe\u0308!', 'someone')).toBe('Cursed by someone!');
    expect(secret.replace('ZOË and Ｚｏｅ\u0308 and zoë.', 'someone')).toBe('someone and someone and someone.');
    expect(secret.replace('Zoe\u0308\u0301 waves', 'someone')).toBe('someone waves');
    expect(secret.replace('Zoës and Zoe\u0308y stay; c2 goes, c20 stays', 'someone')).toBe('Zoës and Zoe\u0308y stay; someone goes, c20 stays');
    expect(secret.mentions('Zoey')).toBe(false);
    expect(secret.mentions('the zoe\u0308 of it')).toBe(true);
    expect(secret.replace('', 'someone')).toBe('');
  });

  it('keeps a longer name players may read, reads a renamed one as given, the longest term winning', () => {
    const m = new NameMatcher([{ text: 'Goblin' }, { text: 'Goblin 2', as: null }, { text: 'Ninja 3', as: 'Ninja' }]);
    expect(m.replace('GOBLIN 2 and goblin; Ninja 3 and ninja 3.', 'someone')).toBe('GOBLIN 2 and someone; Ninja and Ninja.');
    expect(m.mentions('Goblin 2 and Ninja 3')).toBe(false);
    // Secret wins over kept when both name the same spelling.
    expect(new NameMatcher([{ text: 'Bob', as: null }, { text: 'BOB' }]).mentions('bob')).toBe(true);
  });
});
