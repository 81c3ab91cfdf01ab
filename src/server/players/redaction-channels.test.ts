/**
 * Redaction on every channel: fights with hidden combatants, GM notes and GM-only lines in several rule
 * modules, driven through the real API while player sockets listen. Everything a player key receives
 * (HTTP bodies, socket frames, error messages) is searched for the secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretFights } from './redaction-fixtures.ts';
import { connect, listen, testApp } from '../test-kit.ts';
import type { Recorder, TestApp } from '../test-kit.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await testApp({ limits: { requestsPerSecond: 1000, requestBurst: 1000 } });
  base = await listen(t);
});
afterAll(async () => t.close());

const settle = () => new Promise((r) => setTimeout(r, 30));

describe('no hidden information reaches a player key, on any channel', () => {
  for (const fight of secretFights) {
    it(`${fight.rules}: HTTP bodies and socket frames`, async () => {
      const { commands, ...setup } = fight.script;
      const c = await t.create(setup);
      const gmView = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json<{ view: { combatants: { id: string; name: string; hidden: boolean; kind: string }[] } }>().view;
      const hiddenIds = gmView.combatants.filter((x) => x.hidden).map((x) => x.id);
      const pcs = gmView.combatants.filter((x) => x.kind === 'pc' && !x.hidden).map((x) => x.name);
      expect(hiddenIds.length).toBe(fight.hidden.length);

      const playerBodies: string[] = [];
      const sockets: Recorder[] = [];
      const asPlayer = async (method: string, url: string, body?: unknown) => {
        const r = await t.call(method, url, { key: c.playerKey, body });
        expect(r.status, `${method} ${url} ${r.body}`).toBeLessThan(500);
        playerBodies.push(r.body);
        return r;
      };
      const probe = async () => {
        await asPlayer('GET', `/api/encounters/${c.id}`);
        await asPlayer('GET', `/api/encounters/${c.id}/log`);
        await asPlayer('GET', `/api/encounters/${c.id}/requests`);
        for (const body of [
          { kind: 'end-turn', combatant: pcs[0] },
          { kind: 'initiative', combatant: pcs[0] },
          { kind: 'initiative', combatant: fight.hidden[0] },
          { kind: 'pass', combatant: pcs[0], to: fight.hidden[0] },
          { kind: 'pass', combatant: pcs[0] },
          { kind: 'luck', combatant: pcs[0] },
          { kind: 'reaction', combatant: pcs[0], label: 'dodges' },
        ]) {
          await asPlayer('POST', `/api/encounters/${c.id}/requests`, body);
        }
      };

      const gmSocket = await connect(base, c.id, c.gmKey);
      sockets.push(gmSocket, await connect(base, c.id, c.playerKey));
      await probe();
      for (const [i, command] of commands.entries()) {
        await t.command(c.id, c.gmKey, command);
        if (i === Math.floor(commands.length / 2)) {
          const v = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json<{ view: { version: number } }>().view.version;
          sockets.push(await connect(base, c.id, c.playerKey, v - 3));
          await probe();
        }
      }
      await probe();
      for (const npcHp of ['exact', 'hidden', 'bands']) {
        await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { npcHp } });
        await probe();
      }
      sockets.push(await connect(base, c.id, c.playerKey, 0));
      await settle();
      for (const s of sockets) s.close();

      const playerSocketText = sockets.slice(1).flatMap((s) => s.frames);
      expect(playerSocketText.length).toBeGreaterThan(commands.length);
      const everything = [...playerBodies, ...playerSocketText];
      // Players know the visible by ids of their own, c1, c2, ... in the order they saw them (issue 20,
      // item 5): a hidden combatant's engine id may be a visible one's player id, and nowhere else.
      const playerView = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).json<{ view: { combatants: { id: string }[] } }>().view;
      const known = playerView.combatants.map((x) => x.id);
      expect(known).toEqual(known.map((_, i) => `c${i + 1}`));
      for (const text of everything) {
        for (const secret of fight.secrets) expect(text.toLowerCase(), text).not.toContain(secret.toLowerCase());
        for (const id of hiddenIds) if (!known.includes(id)) expect(text, text).not.toContain(`"${id}"`);
        expect(text).not.toContain('gmNotes');
        expect(text).not.toContain('"gmOnly"');
        expect(text).not.toContain('"event"');
      }
      // The GM's socket does carry them: the test would see a leak.
      const gmText = gmSocket.frames.join('\n').toLowerCase();
      for (const secret of fight.secrets) expect(gmText).toContain(secret.toLowerCase());
    });
  }
});
