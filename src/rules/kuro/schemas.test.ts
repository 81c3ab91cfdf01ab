import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultKuroOptions, optionsOf } from './options.ts';
import { kuroOptions, kuroStats } from './schemas.ts';
import { KURO_DEFAULT_STATS, statsOf } from './stats.ts';

// The readers the fold uses without zod (options.ts, stats.ts) must read what the schemas write.
describe('Kuro options and stats read without zod', () => {
  it('the defaults are the schemas\' defaults', () => {
    expect(defaultKuroOptions).toEqual(kuroOptions.parse({}));
    expect(KURO_DEFAULT_STATS).toEqual(kuroStats.parse({}));
  });

  it('optionsOf reads any options the schema accepts as the schema parses them', () => {
    const raw = fc.record({ explodingSixes: fc.boolean(), unluckyFours: fc.boolean(), defenceCostsAction: fc.boolean() }, { requiredKeys: [] });
    fc.assert(
      fc.property(raw, (r) => {
        expect(optionsOf(r)).toEqual(kuroOptions.parse(r));
      }),
    );
  });

  it('statsOf reads parsed stats as they are, and anything unparsed as the defaults', () => {
    const parsed = kuroStats.parse({ REF: 5, hp: 12, skills: { Kenjutsu: 3 }, weapons: [{ name: 'Katana', damage: '2d6', skill: 'Kenjutsu' }] });
    expect(statsOf(parsed)).toBe(parsed);
    expect(statsOf(undefined)).toEqual(kuroStats.parse({}));
    expect(statsOf({ REF: 'fast' })).toEqual(kuroStats.parse({}));
  });
});
