/**
 * Issue 20, items 1 to 5 ("Players must not learn what the GM hides"), each through the real API as a
 * player key reads it (HTTP and the live socket): a reveal and rename in one edit, track names and
 * labels, other Unicode spellings of a secret name, what players write themselves, and what would let
 * them count the hidden (ids, automatic numbering, a hidden combatant's turn).
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

type View = { now: Record<string, unknown>; combatants: { id: string; name: string; conditions: { id: string; name: string; note?: string }[]; tracks: Record<string, { label?: string }> }[] };
const playerLog = async (c: Created): Promise<string[]> =>
  (await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.playerKey })).json<{ log: { text: string }[] }>().log.map((l) => l.text);
const playerView = async (c: Created): Promise<View> => (await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).json<{ view: View }>().view;
const gm = async (c: Created, command: Record<string, unknown>): Promise<void> => {
  await t.command(c.id, c.gmKey, command);
};
/** Everything a player key reads at once: the view, the log, the requests, a socket from 0. */
async function everything(c: Created): Promise<string> {
  const s = await connect(base, c.id, c.playerKey, 0);
  await s.waitFor((m) => m.type === 'update');
  s.close();
  const get = async (path: string) => (await t.call('GET', `/api/encounters/${c.id}${path}`, { key: c.playerKey })).body;
  return [await get(''), await get('/log'), await get('/requests'), ...s.frames].join('\n');
}

describe('item 1: "The line must name the combatant by the name players may know."', () => {
  it('revealed and renamed in one edit: "Stranger appears.", and so do its undo and redo', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Assassin Vex', hp: 9, hidden: true }] });
    const live = await connect(base, c.id, c.playerKey, 0);
    await gm(c, { type: 'update-combatant', combatant: 'Assassin Vex', name: 'Stranger', hidden: false });
    await gm(c, { type: 'undo' });
    await gm(c, { type: 'redo' });
    await live.waitFor((m) => JSON.stringify(m).includes('Redo: Stranger appears.'));
    live.close();
    const log = await playerLog(c);
    expect(log).toEqual(expect.arrayContaining(['Stranger appears.', 'Undo: Stranger appears.', 'Redo: Stranger appears.']));
    expect([await everything(c), ...live.frames].join('\n')).not.toMatch(/vex/i);
    // The GM reads what happened.
    const gmLog = (await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.gmKey })).json<{ log: { text: string }[] }>().log.map((l) => l.text);
    expect(gmLog).toContain('Assassin Vex: renamed to Stranger, now visible.');
  });
});

describe('item 2: track names and labels are free text, read through the secrets', () => {
  it('"Zorblax venom" set on a visible PC, a PC created with the track label "Mark of Zorblax"', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Zorblax', hp: 9, hidden: true }] });
    await gm(c, { type: 'set-track', combatant: 'Vasquez', track: 'Zorblax venom', value: 3 });
    await gm(c, { type: 'add-combatant', name: 'Kade', kind: 'pc', hp: 10, tracks: { mark: { value: 1, label: 'Mark of Zorblax' } } });
    const view = await playerView(c);
    expect(Object.keys(view.combatants[0]!.tracks)).toEqual(['hp', 'someone venom']);
    expect(view.combatants[1]!.tracks.mark).toEqual({ value: 1, label: 'Mark of someone' });
    expect(await everything(c)).not.toMatch(/zorblax/i);
  });
});

describe('item 3: "Compare normalised, case-folded text."', () => {
  it('a decomposed "Zoe\\u0308", "ZOË" or fullwidth spelling of a hidden "Zoë" reads "someone" in conditions, notes, labels and reasons', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Zoë', hp: 9, hidden: true }] });
    const nfd = 'Zoe\u0308';
    await gm(c, { type: 'start', dice: { Vasquez: 15, 'Zoë': 3 } });
    await gm(c, { type: 'add-condition', combatants: ['Vasquez'], name: `Cursed by ${nfd}`, duration: 'until-removed', note: `ZOË did it` });
    await gm(c, { type: 'note', text: `${nfd} and Ｚｏë whisper` });
    await gm(c, { type: 'act', actor: 'Vasquez', label: `waves at ${nfd}` });
    const asked = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Vasquez' } });
    const id = asked.json<{ request: { id: number } }>().request.id;
    await t.call('POST', `/api/encounters/${c.id}/requests/${id}/reject`, { key: c.gmKey, body: { reason: `${nfd} says no` } });
    const all = await everything(c);
    expect(all.normalize('NFKC').toLowerCase()).not.toContain('zoë');
    expect(all).not.toContain('Zoe');
    const view = await playerView(c);
    expect(view.combatants[0]!.conditions[0]).toMatchObject({ name: 'Cursed by someone', note: 'someone did it' });
    expect(await playerLog(c)).toEqual(expect.arrayContaining(['someone and someone whisper', 'Vasquez: waves at someone.']));
    expect(all).toContain('someone says no');
  });
});

describe('item 4: "The answer to anything a player sends must not depend on whether a name or id is hidden."', () => {
  const fight = (dragon: Record<string, unknown>) => ({
    rules: 'swn',
    sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
    combatants: [{ name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12 } }, dragon, { name: 'Dragon', side: 'Pirates', stats: { hp: 30 } }],
    seed: 1,
    commands: [{ type: 'roll-initiative' }, { type: 'start' }],
  });
  /** What a player reads of its own request: the 201 answer, the list and the socket message. */
  async function ask(setup: Record<string, unknown>, label: string): Promise<string[]> {
    const c = await t.create(setup);
    const live = await connect(base, c.id, c.playerKey, 0);
    const made = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'reaction', combatant: 'Vasquez', label } });
    expect(made.status, made.body).toBe(201);
    const message = await live.waitFor((m) => m.type === 'request');
    live.close();
    const list = (await t.call('GET', `/api/encounters/${c.id}/requests`, { key: c.playerKey })).json<{ requests: unknown[] }>().requests;
    const same = (x: unknown) => JSON.stringify(x).replace(/"(createdAt|resolvedAt)":"[^"]*"/g, '');
    return [same(made.json<{ request: unknown }>().request), same(list), same(message.request)];
  }

  it('"I shout at Zorblax and Dragon" and "c2 c3" come back as written, whether Zorblax is hidden, visible or nobody', async () => {
    for (const label of ['I shout at Zorblax and Dragon', 'c2 c3']) {
      const hidden = await ask(fight({ name: 'Zorblax', side: 'Pirates', hidden: true, stats: { hp: 9 } }), label);
      const shown = await ask(fight({ name: 'Zorblax', side: 'Pirates', stats: { hp: 9 } }), label);
      const nobody = await ask(fight({ name: 'Qwerty', side: 'Pirates', hidden: true, stats: { hp: 9 } }), label);
      expect(hidden[0]).toContain(JSON.stringify(label));
      expect(hidden).toEqual(nobody);
      // With Zorblax visible only the ids differ: Dragon is players' c3 then, c2 otherwise.
      expect(shown.map((x) => x.replace(/"c\d"/g, ''))).toEqual(hidden.map((x) => x.replace(/"c\d"/g, '')));
    }
  });
});

describe('item 4, once accepted: a player\'s words stay the player\'s in the log', () => {
  const fights = (zorblax: Record<string, unknown>): Record<string, unknown>[] => [
    {
      rules: 'swn',
      sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
      combatants: [{ name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12 } }, { ...zorblax, side: 'Pirates', stats: { hp: 9 } }, { name: 'Dragon', side: 'Pirates', stats: { hp: 30 } }],
      seed: 1,
      commands: [{ type: 'roll-initiative' }, { type: 'start' }],
    },
    {
      rules: 'popcorn',
      combatants: [{ name: 'Vasquez', kind: 'pc', side: 'Party', hp: 10, stats: { heroDice: 3, luckDie: 'd8' } }, { ...zorblax, side: 'Orcs', hp: 8 }, { name: 'Dragon', side: 'Orcs', hp: 8 }],
      seed: 1,
      commands: [{ type: 'start', combatant: 'Dragon', dice: { 'luck:Vasquez': 4 } }, { type: 'act', actor: 'Dragon', label: 'bites' }],
    },
  ];
  /** The player's log after a reaction asked for with `label` and accepted by the GM, then one auto-accepted; and the socket's frames. */
  async function accepted(setup: Record<string, unknown>, label: string): Promise<{ log: string[]; frames: string }> {
    const c = await t.create(setup);
    const live = await connect(base, c.id, c.playerKey, 0);
    const ask = async (words: string) => t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'reaction', combatant: 'Vasquez', label: words } });
    const id = (await ask(label)).json<{ request: { id: number } }>().request.id;
    expect((await t.call('POST', `/api/encounters/${c.id}/requests/${id}/accept`, { key: c.gmKey })).status).toBe(200);
    await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { autoAccept: { reaction: true } } });
    const auto = await ask(`${label} again`);
    expect(auto.json<{ request: { status: string } }>().request.status, auto.body).toBe('accepted');
    await live.waitFor((m) => JSON.stringify(m).includes(`${label} again`) && m.type === 'update');
    live.close();
    const log = (await playerLog(c)).filter((l) => /^Vasquez(:| reacts)/.test(l));
    return { log, frames: live.frames.filter((f) => f.includes('"update"')).join('\n') };
  }

  it('"I shout at Zorblax and c2", accepted or auto-accepted, reads as written, whether Zorblax is hidden or nobody is (swn Instant act, popcorn react)', async () => {
    for (const [i, rules] of ['swn', 'popcorn'].entries()) {
      const label = 'I shout at Zorblax and c2';
      const hidden = await accepted(fights({ name: 'Zorblax', hidden: true })[i]!, label);
      const nobody = await accepted(fights({ name: 'Qwerty', hidden: true })[i]!, label);
      expect(hidden.log, rules).toEqual(rules === 'swn'
        ? [`Vasquez: Instant action (${label}).`, `Vasquez: Instant action (${label} again).`]
        : [expect.stringMatching(/^Vasquez reacts: I shout at Zorblax and c2 \(/), expect.stringMatching(/^Vasquez reacts: I shout at Zorblax and c2 again \(/)]);
      expect(hidden.log, rules).toEqual(nobody.log);
      expect(hidden.frames, rules).toContain(label);
    }
  });

  it('what the GM writes is still read through the secrets, and no command can pass it off as a player\'s words', async () => {
    const c = await t.create(fights({ name: 'Zorblax', hidden: true })[0]!);
    await gm(c, { type: 'act', actor: 'Vasquez', action: 'instant', label: 'I shout at Zorblax' });
    expect(await playerLog(c)).toContain('Vasquez: Instant action (I shout at someone).');
    const spoof = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'act', actor: 'Vasquez', action: 'instant', label: 'I shout at Zorblax', labelBy: 'player' } });
    expect(spoof.status).toBe(422);
    expect(spoof.json()).toMatchObject({ code: 'command/invalid' });
    expect((await everything(c)).toLowerCase()).not.toContain('zorblax');
  });
});

describe('item 5: "Give players nothing that varies with hidden combatants"', () => {
  it('with two hidden "Ninja", a visible one joining is "Ninja", for players and the GM alike; the hidden one gives the name up', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Ninja', count: 2, hidden: true, hp: 5 }] });
    await gm(c, { type: 'add-combatant', name: 'Ninja', hp: 5 });
    const gmView = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json<{ view: { combatants: { name: string; hidden: boolean }[] } }>().view;
    expect(gmView.combatants.map((x) => `${x.name}${x.hidden ? ' (hidden)' : ''}`)).toEqual(['Vasquez', 'Ninja 3 (hidden)', 'Ninja 2 (hidden)', 'Ninja']);
    await gm(c, { type: 'add-combatant', name: 'Ninja', hp: 5 });
    await gm(c, { type: 'start', dice: { Vasquez: 15, Ninja: 9, 'Ninja 2': 3, 'Ninja 3': 2, 'Ninja 4': 1 } });
    expect((await playerView(c)).combatants.map((x) => x.name)).toEqual(['Vasquez', 'Ninja', 'Ninja 2']);
    expect(await playerLog(c)).toEqual(expect.arrayContaining(['Ninja joins the fight (NPC, NPCs).', 'Ninja 2 joins the fight (NPC, NPCs).']));
    expect(await everything(c)).not.toMatch(/Ninja [34]/);
    const gmLog = (await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.gmKey })).json<{ log: { text: string }[] }>().log.map((l) => l.text);
    expect(gmLog).toContain('Ninja: renamed to Ninja 3.');
  });

  it('the title is the GM\'s free text: "Ambush by Zorblax" reads "Ambush by someone" in the encounter and the view, until Zorblax is revealed', async () => {
    const c = await t.create({ rules: 'custom', title: 'Ambush by Zorblax', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Zorblax', hp: 9, hidden: true }] });
    const titles = async () => {
      const got = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).json<{ encounter: { title: string }; view: { title: string } }>();
      return [got.encounter.title, got.view.title];
    };
    expect(await titles()).toEqual(['Ambush by someone', 'Ambush by someone']);
    expect(await everything(c)).not.toMatch(/zorblax/i);
    await gm(c, { type: 'update-combatant', combatant: 'Zorblax', hidden: false });
    expect(await titles()).toEqual(['Ambush by Zorblax', 'Ambush by Zorblax']);
  });

  it('ids: players know the visible as c1, c2 (the engine has c1, c4), condition ids k1, k2; a request by player id is mapped back', async () => {
    const c = await t.create({
      rules: 'custom',
      combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Lurker', hp: 5, hidden: true }, { name: 'Sneak', hp: 5, hidden: true }, { name: 'Kade', kind: 'pc', hp: 10 }],
    });
    await gm(c, { type: 'add-condition', combatants: ['Lurker', 'Vasquez', 'Sneak', 'Kade'], name: 'Wet', duration: 'until-removed' });
    const view = await playerView(c);
    expect(view.combatants.map((x) => [x.id, x.name, x.conditions.map((k) => k.id)])).toEqual([['c1', 'Vasquez', ['k1']], ['c2', 'Kade', ['k2']]]);
    const asked = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'c2', dice: [4] } });
    expect(asked.json()).toMatchObject({ request: { combatant: 'c2', command: { combatants: ['c2'], dice: { Kade: [4] } } } });
    const forGm = (await t.call('GET', `/api/encounters/${c.id}/requests`, { key: c.gmKey })).json<{ requests: { combatant: string }[] }>().requests;
    expect(forGm[0]!.combatant).toBe('c4');
    // The engine's id of a hidden one is no one to players; nor is the engine's id of a visible one.
    const unknown = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'c9' } });
    for (const id of ['c3', 'c4']) {
      expect((await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: id } })).body).toBe(unknown.body);
    }
    // Revealed, a combatant takes the next player id; hidden again and revealed, it keeps it.
    await gm(c, { type: 'update-combatant', combatant: 'Sneak', hidden: false });
    await gm(c, { type: 'update-combatant', combatant: 'Kade', hidden: true });
    await gm(c, { type: 'update-combatant', combatant: 'Kade', hidden: false });
    expect((await playerView(c)).combatants.map((x) => [x.id, x.name])).toEqual([['c1', 'Vasquez'], ['c3', 'Sneak'], ['c2', 'Kade']]);
  });

  it('a hidden combatant\'s turn reads like a decision of the GM\'s, not "someone unseen"', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Zorblax', hp: 9, hidden: true }] });
    await gm(c, { type: 'start', dice: { Vasquez: 15, Zorblax: 9 } });
    await gm(c, { type: 'end-turn' });
    const hiddenTurn = (await playerView(c)).now;
    const tie = await t.create({
      rules: 'fallout',
      sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
      combatants: [
        { name: 'Nora', kind: 'pc', side: 'Vault', stats: { per: 5, agi: 5, luc: 2, hp: 12 } },
        { name: 'Piper', kind: 'pc', side: 'Vault', stats: { per: 4, agi: 4, luc: 2, hp: 10 } },
        { name: 'Ghoul', side: 'Raiders', stats: { per: 5, agi: 5, hp: 8 } },
      ],
      commands: [{ type: 'start', initiator: 'Piper' }, { type: 'end-turn' }],
    });
    const decision = (await playerView(tie)).now;
    expect(decision).toEqual({ kind: 'decision', round: 0, question: 'The GM is deciding.', options: [] });
    expect(hiddenTurn).toEqual({ ...decision, round: 1 });
  });

  it('kuro: a visible combatant tied with a hidden one acts alone to players, with no "at the same time"', async () => {
    const c = await t.create({
      rules: 'kuro',
      sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
      combatants: [
        { name: 'Kenji', kind: 'pc', side: 'Party', stats: { REA: 3, REF: 3, DEX: 3, STR: 3, hp: 20, defence: 9 } },
        { name: 'Zorblax', side: 'Bandits', hidden: true, stats: { REA: 3, REF: 3, DEX: 3, STR: 3, hp: 14, defence: 8 } },
      ],
      commands: [{ type: 'start', dice: { Kenji: [3, 2, 1], Zorblax: [3, 2, 1] } }],
    });
    const view = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).json<{ view: { now: Record<string, unknown>; order: { kind: string }[] } }>().view;
    // As Kenji acting alone would: "Game turn 1, phase 1 of 3".
    expect(view.now).toMatchObject({ kind: 'actor', actor: 'c1', label: expect.stringMatching(/^Game turn 1, phase 1 of \d$/) });
    expect(view.order.map((s) => s.kind)).toEqual(['actor']);
    // The log too: the turn starts as Kenji's alone.
    const log = await playerLog(c);
    expect(log).toContain('Game turn 1, phase 1: Kenji acts.');
    expect(log.join('\n')).not.toMatch(/together|same time/);
  });
});
