import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test-kit.ts';
import type { Created, TestApp } from '../../test-kit.ts';

let t: TestApp;
let c: Created;
beforeAll(async () => {
  t = await testApp();
  c = await t.create({
    rules: 'custom',
    title: 'Night at the docks',
    combatants: [
      { name: 'Vasquez', kind: 'pc', hp: 12, stats: { defense: 12 } },
      { name: 'Zorblax', hp: 4321, hidden: true, stats: { defense: 11 } },
      { name: 'Goblin', hp: 4567, stats: { defense: 10 } },
    ],
    settings: { npcHp: 'hidden' },
  });
  for (const command of [
    { type: 'start', dice: { Vasquez: 10, Zorblax: 8, Goblin: 4 } },
    { type: 'attack', actor: 'Vasquez', target: 'Goblin', hit: '1d20+5', damage: '1d6', dice: { hit: 15, damage: 5 } },
    { type: 'end-turn' },
    { type: 'attack', actor: 'Zorblax', target: 'Vasquez', hit: '1d20+5', damage: '1d6', dice: { hit: 15, damage: 3 } },
    { type: 'end-turn' },
    { type: 'end-encounter' },
  ]) {
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: command });
    expect(r.status, r.body).toBe(200);
  }
});
afterAll(() => t.close());

type Story = { role: string; story: { combatants: { name: string; dealt: number; taken: number | null; unreadHits: number }[]; ended: boolean; timed: boolean }; markdown: string };

describe('GET /api/encounters/:id/story', () => {
  it('the GM key reads the whole story, with its Markdown', async () => {
    const r = await t.call('GET', `/api/encounters/${c.id}/story`, { key: c.gmKey });
    expect(r.status).toBe(200);
    const body = r.json<Story>();
    expect(body.role).toBe('gm');
    expect(body.story.ended).toBe(true);
    expect(body.story.combatants.map((x) => [x.name, x.dealt, x.taken])).toEqual([
      ['Vasquez', 5, 3],
      ['Zorblax', 3, 0],
      ['Goblin', 0, 5],
    ]);
    expect(body.markdown).toContain('## Story of the fight: Night at the docks');
    expect(body.markdown).toContain('Zorblax');
  });

  it('a player key reads what players may know: no hidden combatant, no NPC numbers in the hidden mode', async () => {
    const r = await t.call('GET', `/api/encounters/${c.id}/story`, { key: c.playerKey });
    expect(r.status).toBe(200);
    const body = r.json<Story>();
    expect(body.role).toBe('player');
    expect(body.story.combatants.map((x) => [x.name, x.dealt, x.unreadHits, x.taken])).toEqual([
      ['Vasquez', 0, 1, 3],
      ['Goblin', 0, 0, null],
    ]);
    expect(r.body).not.toMatch(/Zorblax|4321|4567|4562/);
  });

  it('?format=markdown answers with the Markdown alone', async () => {
    const gm = await t.call('GET', `/api/encounters/${c.id}/story?format=markdown`, { key: c.gmKey });
    expect(gm.status).toBe(200);
    expect(gm.headers['content-type']).toMatch(/^text\/markdown/);
    expect(gm.body).toContain('| Zorblax |');
    const player = await t.call('GET', `/api/encounters/${c.id}/story?format=markdown`, { key: c.playerKey });
    expect(player.body).toContain('| Vasquez (PC) |');
    expect(player.body).not.toContain('Zorblax');
  });

  it('refuses without a key, and an unknown format', async () => {
    expect((await t.call('GET', `/api/encounters/${c.id}/story`)).status).toBe(401);
    expect((await t.call('GET', `/api/encounters/${c.id}/story?format=pdf`, { key: c.gmKey })).status).toBe(400);
  });
});
