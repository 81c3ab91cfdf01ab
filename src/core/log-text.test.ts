import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { band, gmReader, list, mentionedIn, optional, parseLogText, ref, refPossessive, refs, renderLogParts, said, sidePossessive, sideRef, tracks } from './log-text.ts';
import type { LogNames, LogReader } from './log-text.ts';

const people: Record<string, { name: string; pc: boolean }> = {
  c1: { name: 'Vasquez', pc: true },
  c2: { name: 'Zorblax', pc: false },
  c3: { name: 'Marcus', pc: false },
};
const names: LogNames = { combatant: (id) => people[id], side: (id) => ({ pirates: 'Pirates', crew: 'Crew' })[id] };

/** A player who may not see c2 nor the pirates, reads no NPC's tracks, and sees HP bands. */
const player: LogReader = {
  hides: (id) => id === 'c2',
  hidesSide: (id) => id === 'pirates',
  readsTracks: (_id, pc) => pc,
  band: (_id, value, max) => (max !== undefined && value * 2 > max ? 'Hurt' : 'Bloodied'),
  text: (s) => s.replace(/\bZorblax\b/g, 'someone'),
};

const read = (text: string, reader: LogReader = player): string | null => renderLogParts(parseLogText(text, names), reader);
const gm = (text: string): string | null => read(text, gmReader);

describe('log text: mentions marked in the text, read per reader', () => {
  it('plain text is one part and reads the same for everyone', () => {
    expect(parseLogText('Round 2.', names)).toEqual(['Round 2.']);
    expect(gm('Round 2.')).toBe('Round 2.');
    expect(read('Round 2.')).toBe('Round 2.');
  });

  it('a combatant is named as it was; a reader who may not see it does not read the line', () => {
    const line = `${ref('c1')} attacks ${ref('c3')}.`;
    expect(gm(line)).toBe('Vasquez attacks Marcus.');
    expect(read(line)).toBe('Vasquez attacks Marcus.');
    expect(gm(`${ref('c1')} attacks ${ref('c2')}.`)).toBe('Vasquez attacks Zorblax.');
    expect(read(`${ref('c1')} attacks ${ref('c2')}.`)).toBeNull();
  });

  it('possessives follow the name: "Vasquez\'s", "Marcus\'", "Pirates\'"', () => {
    expect(gm(`${refPossessive('c1')} turn, ${refPossessive('c3')} turn, the ${sidePossessive('pirates')} turn.`)).toBe("Vasquez's turn, Marcus' turn, the Pirates' turn.");
  });

  it('a side the reader may not know of leaves the line out', () => {
    expect(gm(`Side added: ${sideRef('pirates')}.`)).toBe('Side added: Pirates.');
    expect(read(`Side added: ${sideRef('pirates')}.`)).toBeNull();
    expect(read(`Side added: ${sideRef('crew')}.`)).toBe('Side added: Crew.');
  });

  it('a list drops the items naming someone hidden; below its minimum the line goes', () => {
    const order = `Initiative order: ${list([`${ref('c1')} 15`, `${ref('c2')} 9`, `${ref('c3')} 4`], { min: 1 })}.`;
    expect(gm(order)).toBe('Initiative order: Vasquez 15, Zorblax 9, Marcus 4.');
    expect(read(order)).toBe('Initiative order: Vasquez 15, Marcus 4.');
    expect(read(`Tie: ${list([ref('c1'), ref('c2')], { min: 2 })}.`)).toBeNull();
    expect(read(`Order: ${list([ref('c2')], { min: 1 })}.`)).toBeNull();
    expect(read(`Order: ${list([ref('c2')], { empty: 'nobody' })}.`)).toBe('Order: nobody.');
  });

  it('a list says "act" or "acts" by what is left, with its lead only when something is', () => {
    const who = (ids: string[]): string => `${refs(ids, { empty: 'nobody acts', one: ' acts', many: ' act together', lead: 'Now: ' })}.`;
    expect(gm(who(['c1', 'c2', 'c3']))).toBe('Now: Vasquez, Zorblax and Marcus act together.');
    expect(read(who(['c1', 'c2', 'c3']))).toBe('Now: Vasquez and Marcus act together.');
    expect(read(who(['c1', 'c2']))).toBe('Now: Vasquez acts.');
    expect(read(who(['c2']))).toBe('nobody acts.');
  });

  it('lists nest: a phase of simultaneous slots keeps "(at the same time)" only for two visible members', () => {
    const slot = (ids: string[], init: number): string => refs(ids, { min: 1, one: ` ${init}`, many: ` ${init} (at the same time)` });
    const line = `Phase 1: ${list([slot(['c1'], 9), slot(['c2', 'c3'], 7)], { empty: 'nobody acts' })}.`;
    expect(gm(line)).toBe('Phase 1: Vasquez 9, Zorblax and Marcus 7 (at the same time).');
    expect(read(line)).toBe('Phase 1: Vasquez 9, Marcus 7.');
  });

  it('an optional clause naming someone hidden is left out, the rest stays', () => {
    const line = `${ref('c1')}'s readied action is done${optional(`; ${ref('c2')}'s turn resumes`)}.`;
    expect(gm(line)).toBe("Vasquez's readied action is done; Zorblax's turn resumes.");
    expect(read(line)).toBe("Vasquez's readied action is done.");
  });

  it('tracks: exact numbers for readers of them, vague words (and a band) for the others', () => {
    const hit = (id: string): string => `${ref(id)}${tracks(id, ' takes 2 damage (HP 7 → 5/7)', ` takes damage${band(id, { value: 5, max: 7, before: ' (', after: ')' })}`)}.`;
    expect(gm(hit('c3'))).toBe('Marcus takes 2 damage (HP 7 → 5/7).');
    expect(read(hit('c3'))).toBe('Marcus takes damage (Hurt).');
    expect(read(hit('c1'))).toBe('Vasquez takes 2 damage (HP 7 → 5/7).');
    expect(read(hit('c3'), { ...player, band: () => null })).toBe('Marcus takes damage.');
    expect(mentionedIn(parseLogText(hit('c3'), names))).toEqual(new Set(['c3']));
  });

  it('free text goes through the reader (names typed by people are scrubbed there)', () => {
    expect(read(`${ref('c1')}: Cursed by Zorblax.`)).toBe('Vasquez: Cursed by someone.');
  });

  // Issue 20, item 4: "The answer to anything a player sends must not depend on whether a name or id is hidden."
  it('a player\'s own words (said) read as written for every reader, scrubbed words around them still scrubbed', () => {
    const line = `${ref('c1')} reacts: ${said('I shout at Zorblax and c2')} (Zorblax watches).`;
    expect(gm(line)).toBe('Vasquez reacts: I shout at Zorblax and c2 (Zorblax watches).');
    expect(read(line)).toBe('Vasquez reacts: I shout at Zorblax and c2 (someone watches).');
    // Words are no mention: the line is about Vasquez only.
    expect(mentionedIn(parseLogText(line, names))).toEqual(new Set(['c1']));
    // Markers typed inside the words never become markers.
    expect(read(`${said(`x${ref('c2')}y`)}.`)).toBe('xc2y.');
  });

  it('malformed or stray markers never throw and never show', () => {
    for (const text of ['\uE000c1', '\uE003{"min":1}\uE004x', '\uE006c2\uE007secret', 'a\uE004b\uE005c\uE007d\uE008', '\uE009not json\uE002', '\uE003{bad\uE005']) {
      const out = gm(text);
      expect(out === null || !/[\uE000-\uE00F]/u.test(out)).toBe(true);
    }
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('\uE000', '\uE001', '\uE002', '\uE003', '\uE004', '\uE005', '\uE006', '\uE007', '\uE008', '\uE009', '\uE00A', '\uE00D', 'c1', 'c2', '{', '}', ' '), fc.string())), (bits) => {
        const text = bits.join('');
        for (const r of [gmReader, player]) {
          const out = read(text, r);
          expect(out === null || !/[\uE000-\uE00F]/u.test(out)).toBe(true);
        }
      }),
    );
  });
});
