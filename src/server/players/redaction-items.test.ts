/**
 * Issue 10, items 1 to 6, each through the real API as a player key reads it (HTTP and the live
 * socket): NPC HP in the log, renamed hidden combatants, per-module wording of partly hidden lines,
 * requests that must not tell hidden from unknown, requests of a PC hidden later, and hidden sides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen, testApp } from '../test-kit.ts';
import type { Created, TestApp } from '../test-kit.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await testApp({ limits: { requestsPerSecond: 1000, requestBurst: 1000 } });
  base = await listen(t);
});
afterAll(async () => t.close());

type Line = { text: string };
const playerLog = async (c: Created): Promise<string[]> =>
  (await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.playerKey })).json<{ log: Line[] }>().log.map((l) => l.text);
const playerBody = async (c: Created, path = ''): Promise<string> => (await t.call('GET', `/api/encounters/${c.id}${path}`, { key: c.playerKey })).body;
/** A GM command (throws with the answer unless it is accepted). */
const gm = async (c: Created, command: Record<string, unknown>): Promise<void> => {
  await t.command(c.id, c.gmKey, command);
};
/** Everything a player socket connecting from `after` receives at once. */
async function socketText(c: Created, after = 0): Promise<string> {
  const s = await connect(base, c.id, c.playerKey, after);
  await s.waitFor((m) => m.type === 'update');
  s.close();
  return s.frames.join('\n');
}

describe('item 1: NPC HP never reaches players as numbers unless the GM shows it exactly', () => {
  const setup = { rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 7 }] };

  it('bands (the default): "Goblin takes damage (Hurt).", over /log and the socket', async () => {
    const c = await t.create(setup);
    const live = await connect(base, c.id, c.playerKey, 0);
    await gm(c, { type: 'start', dice: { Vasquez: 15, Goblin: 12 } });
    await gm(c, { type: 'damage', combatants: ['Goblin'], amount: 2 });
    await live.waitFor((m) => JSON.stringify(m).includes('Goblin takes'));
    live.close();
    const log = await playerLog(c);
    expect(log).toContain('Goblin takes damage (Hurt).');
    for (const text of [log.join('\n'), live.frames.join('\n'), await socketText(c)]) {
      expect(text).not.toMatch(/Goblin takes 2|7 → 5|HP 7/);
    }
  });

  it('hidden: "Goblin takes damage.", heals and HP set without numbers, defeat without "0 HP"', async () => {
    const c = await t.create({ ...setup, settings: { npcHp: 'hidden' } });
    await gm(c, { type: 'start', dice: { Vasquez: 15, Goblin: 12 } });
    await gm(c, { type: 'damage', combatants: ['Goblin'], amount: 2 });
    await gm(c, { type: 'heal', combatants: ['Goblin'], amount: 1 });
    await gm(c, { type: 'set-track', combatant: 'Goblin', track: 'hp', value: 1 });
    await gm(c, { type: 'damage', combatants: ['Goblin'], amount: 4 });
    const log = await playerLog(c);
    expect(log.slice(-5)).toEqual(['Goblin takes damage.', 'Goblin heals.', "Goblin's HP changes.", 'Goblin takes damage.', 'Goblin is defeated.']);
    expect(log.join('\n')).not.toMatch(/\d+ damage|HP \d|→|0 HP/);
  });
});

describe('item 2: a hidden combatant renamed leaks neither name, on any channel', () => {
  it('old name in the order line, a condition note, the catch-up from 0; new name nowhere', async () => {
    const c = await t.create({
      rules: 'custom',
      combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 7 }, { name: 'Zorblax', hp: 9, hidden: true }],
    });
    await gm(c, { type: 'start', dice: { Vasquez: 15, Goblin: 12, Zorblax: 9 } });
    await gm(c, { type: 'add-condition', combatants: ['Vasquez'], name: 'Marked', duration: 'until-removed', note: 'marked by Zorblax' });
    await gm(c, { type: 'update-combatant', combatant: 'Zorblax', name: 'Bob' });
    const everything = [await playerBody(c), await playerBody(c, '/log'), await socketText(c, 0)].join('\n');
    expect(everything).not.toMatch(/zorblax/i);
    expect(everything).not.toMatch(/\bBob\b/);
    expect(everything).toContain('marked by someone');
  });
});

describe('item 3: lines naming a hidden combatant among others are reworded, not dropped', () => {
  it('custom: the initiative order line lists the visible combatants', async () => {
    const c = await t.create({
      rules: 'custom',
      combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 7 }, { name: 'Zorblax', hp: 9, hidden: true }],
    });
    await gm(c, { type: 'start', dice: { Vasquez: 15, Goblin: 12, Zorblax: 9 } });
    expect(await playerLog(c)).toContain('Initiative order: Vasquez 15, Goblin 12.');
  });

  it('popcorn: the Reaction Pools line lists the visible pools', async () => {
    const c = await t.create({
      rules: 'popcorn',
      sides: [{ name: 'Party', players: true }, { name: 'Orcs' }],
      combatants: [
        { name: 'Mira', kind: 'pc', side: 'Party', hp: 10, stats: { heroDice: 2 } },
        { name: 'Zorblax', side: 'Orcs', hp: 8, hidden: true, stats: { heroDice: 1 } },
        { name: 'Orc', side: 'Orcs', hp: 8, stats: { heroDice: 1 } },
      ],
    });
    await gm(c, { type: 'start', combatant: 'Mira' });
    expect((await playerLog(c)).some((l) => /^Reaction Pools set aside: Mira \d+, Orc \d+\.$/.test(l))).toBe(true);
  });

  it('fallout: a tie the GM decided reads among the visible combatants', async () => {
    const c = await t.create({
      rules: 'fallout',
      sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
      combatants: [
        { name: 'Nora', kind: 'pc', side: 'Vault', stats: { per: 5, agi: 5, luc: 2, hp: 12 } },
        { name: 'Piper', kind: 'pc', side: 'Vault', stats: { per: 4, agi: 4, luc: 2, hp: 10 } },
        { name: 'Zorblax', side: 'Raiders', hidden: true, stats: { per: 5, agi: 5, hp: 8 } },
        { name: 'Ghoul', side: 'Raiders', stats: { per: 5, agi: 5, hp: 8 } },
      ],
    });
    await gm(c, { type: 'start', initiator: 'Piper' });
    await gm(c, { type: 'end-turn' });
    await gm(c, { type: 'decide-tie', first: 'Ghoul' });
    expect(await playerLog(c)).toContain('Initiative tie at 10: the GM puts Ghoul before Nora.');
  });
});

describe('item 4: a request naming a hidden combatant gets the same answer as one naming nobody', () => {
  const ask = async (c: Created, body: Record<string, unknown>) => {
    const r = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body });
    return { status: r.status, body: r.body };
  };

  it('custom: by name and by id', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Zorblax', kind: 'pc', hidden: true }] });
    const hidden = await ask(c, { kind: 'initiative', combatant: 'Zorblax' });
    const unknown = await ask(c, { kind: 'initiative', combatant: 'Qwerty' });
    expect(hidden.status).toBe(422);
    expect(hidden).toEqual(unknown);
    expect(await ask(c, { kind: 'initiative', combatant: 'c2' })).toEqual(await ask(c, { kind: 'initiative', combatant: 'c9' }));
  });

  it('popcorn: pass.to', async () => {
    const c = await t.create({
      rules: 'popcorn',
      sides: [{ name: 'Party', players: true }, { name: 'Orcs' }],
      combatants: [
        { name: 'Mira', kind: 'pc', side: 'Party', hp: 10 },
        { name: 'Zorblax', side: 'Orcs', hp: 8, hidden: true },
        { name: 'Orc', side: 'Orcs', hp: 8 },
      ],
    });
    await gm(c, { type: 'start', combatant: 'Mira' });
    const hidden = await ask(c, { kind: 'pass', combatant: 'Mira', to: 'Zorblax' });
    const unknown = await ask(c, { kind: 'pass', combatant: 'Mira', to: 'Qwerty' });
    expect(hidden.status).toBe(422);
    expect(hidden).toEqual(unknown);
  });
});

describe('item 5: a PC the GM hides takes its requests out of the player view', () => {
  it('the request list and the request socket messages', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Kade', kind: 'pc', hp: 10 }] });
    const made = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Kade', dice: [7] } });
    expect(made.status).toBe(201);
    const requestId = made.json<{ request: { id: number } }>().request.id;
    await gm(c, { type: 'update-combatant', combatant: 'Kade', hidden: true });
    const live = await connect(base, c.id, c.playerKey, 0);
    await live.waitFor((m) => m.type === 'update');
    const rejected = await t.call('POST', `/api/encounters/${c.id}/requests/${requestId}/reject`, { key: c.gmKey, body: { reason: 'Kade is elsewhere' } });
    expect(rejected.status).toBe(200);
    await gm(c, { type: 'note', text: 'flush' });
    await live.waitFor((m) => JSON.stringify(m).includes('flush'));
    live.close();
    const seen = [await playerBody(c, '/requests'), live.frames.join('\n')].join('\n');
    expect(seen).not.toMatch(/Kade|"c2"/);
    // The GM still sees it.
    expect((await t.call('GET', `/api/encounters/${c.id}/requests`, { key: c.gmKey })).body).toContain('Kade');
  });
});

describe('item 6: hidden sides and condition names', () => {
  it('"Side added" for a side whose members are all hidden; "Cursed by Skulker"', async () => {
    const c = await t.create({
      rules: 'custom',
      sides: [{ name: 'Crew', players: true }, { name: 'Shadowhands' }],
      combatants: [{ name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 }, { name: 'Skulker', side: 'Shadowhands', hidden: true, hp: 5 }],
    });
    await gm(c, { type: 'add-condition', combatants: ['Vasquez'], name: 'Cursed by Skulker', duration: 'until-removed' });
    const everything = [await playerBody(c), await playerBody(c, '/log'), await socketText(c, 0)].join('\n');
    expect(everything).not.toMatch(/shadowhands|skulker/i);
    expect(everything).toContain('Cursed by someone');
  });
});
