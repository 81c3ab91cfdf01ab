import { describe, expect, it } from 'vitest';
import { fight, mod, noraTurn, refuse, since, step } from './test-kit.ts';

describe('fallout: Action Points', () => {
  // Rules README: "Party AP pool: max 6; the GM has its own pool." "every success over the difficulty is an Action Point."
  it('the party pool holds at most 6: AP beyond it are lost, and the log says so', () => {
    const p = step(noraTurn({ partyPoolStart: 5 }), { type: 'act', actor: 'Nora', action: 'rally', dice: { test: [1, 1] } });
    expect(p.log.at(-1)).toBe('Nora generates 4 AP: the party pool 5 → 6 (3 lost: the pool holds at most 6).');
    expect(mod(p).pools.party).toBe(6);
  });

  it("an NPC's extra successes go to the GM's pool, and the GM pays for its extra actions", () => {
    let p = noraTurn({ gmPoolStart: 1 });
    p = step(step(p, { type: 'end-turn' }), { type: 'end-turn' });
    p = step(p, { type: 'act', actor: 'Raider', action: 'rally', skill: 'melee weapons', attribute: 'str', dice: { test: [1, 5] } });
    expect(p.log.at(-1)).toBe("Raider generates 3 AP: the GM's pool 1 → 4.");
    const q = step(p, { type: 'act', actor: 'Raider', action: 'pass' });
    expect(since(p, q)).toEqual(['Raider: Pass (second major action, 2 AP).', "The GM's pool: 4 → 2 AP (a second major action, Raider)."]);
    expect(mod(q).pools).toEqual({ party: 0, gm: 2 });
  });

  // "Obtain Information (1 AP): Ask the gamemaster a single question about the current situation, based on your test."
  it('spend-ap: obtain information for 1 AP; refused when the pool is empty', () => {
    const p = step(noraTurn({ partyPoolStart: 1 }), { type: 'spend-ap', actor: 'Nora', on: 'information', question: 'Is anyone else in the garage?' });
    expect(p.log.slice(-2)).toEqual(['The party pool: 1 → 0 AP (obtain information, Nora).', 'Nora asks the GM: "Is anyone else in the garage?" (1 AP).']);
    expect(refuse(p, { type: 'spend-ap', actor: 'Nora', on: 'information' })).toEqual({ code: 'fallout/ap-short', message: 'The party pool has 0 AP; a question to the GM costs 1.' });
  });

  it('set-ap: the GM sets a pool, within its maximum', () => {
    const p = step(fight([]), { type: 'set-ap', pool: 'gm', value: 4 });
    expect(p.log.at(-1)).toBe("The GM sets the GM's pool to 4 AP.");
    expect(refuse(p, { type: 'set-ap', pool: 'party', value: 7 })).toEqual({ code: 'fallout/pool-max', message: 'The party pool holds at most 6 AP.' });
    expect(refuse(p, { type: 'set-ap', pool: 'gm', value: 4 }).code).toBe('fallout/pool-unchanged');
  });

  it("allied NPCs use the party pool by default, or the GM's (allyNpcPool: gm)", () => {
    const codsworth = { name: 'Codsworth', side: 'Vault', stats: { per: 4, agi: 4, end: 5, skills: { survival: 1 }, hp: 10 } };
    const run = (options: Record<string, unknown>) => {
      let p = fight([{ type: 'start', initiator: 'Codsworth' }], options, [codsworth]);
      p = step(p, { type: 'act', actor: 'Codsworth', action: 'rally', dice: { test: [1, 2] } });
      return mod(p).pools;
    };
    expect(run({})).toEqual({ party: 3, gm: 0 });
    expect(run({ allyNpcPool: 'gm' })).toEqual({ party: 0, gm: 3 });
  });

  it('options are checked: a pool cannot start above its maximum', () => {
    expect(() => fight([], { partyPoolStart: 7 })).toThrow(/partyPoolStart: cannot be more than the party pool holds/);
  });
});

describe('fallout: First Aid stabilizes', () => {
  it('stabilize removes the Dying condition on a success', () => {
    const p = noraTurn({}, [], [{ type: 'add-condition', combatants: ['Piper'], name: 'Dying' }]);
    const q = step(p, { type: 'act', actor: 'Nora', action: 'first-aid', target: 'Piper', outcome: 'stabilize', dice: { test: [5, 9] } });
    expect(since(p, q).slice(1)).toEqual([
      'Nora: First Aid test, INT 6 + Medicine 2 = 8, no success needed: 100%: [5, 9] = 1 success, success, 1 AP: stabilizes the patient.',
      'Nora generates 1 AP: the party pool 0 → 1.',
      'Piper: Dying removed.',
    ]);
  });
});
