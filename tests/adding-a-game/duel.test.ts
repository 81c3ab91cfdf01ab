/**
 * ARCHITECTURE.md's recipe "Adding a game", followed: the example duel lives in the two folders the
 * recipe names (src/rules/duel and src/web/games/duel, here under tests/adding-a-game/), imports only
 * public faces, and runs through the real engine, the generic property tests, the server (with the
 * player link) and the GM screen's registry, like the shipped games.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, createFoldEngine, runScript } from '../../src/core/index.ts';
import type { Encounter, RuleModule } from '../../src/core/index.ts';
import { checkModuleProperties } from '../../src/rules/testing/index.ts';
import { ruleModules } from '../../src/rules/index.ts';
import { testApp } from '../../src/server/test-kit.ts';
import { GAMES, inListOrder } from '../../src/web/games/index.ts';
import { duel } from './src/rules/duel/index.ts';
import type { DuelState } from './src/rules/duel/state.ts';
import { game } from './src/web/games/duel/index.ts';
import { gm } from './src/web/games/duel/gm.ts';
import { player } from './src/web/games/duel/player.ts';

const engine = createEngine([duel as RuleModule]);
const here = fileURLToPath(new URL('.', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)).map((f) => `${n}/${f}`) : [n]));

const setup = {
  rules: 'duel',
  sides: [{ name: 'Left' }, { name: 'Right' }],
  combatants: [
    { name: 'Ada', side: 'Left', kind: 'pc', hp: 5 },
    { name: 'Brom', side: 'Right', kind: 'npc', hp: 5 },
  ],
};
const run = (commands: unknown[]) => {
  const r = runScript(engine, { ...setup, commands }, 7);
  if (!r.ok) throw new Error(r.rejection.message);
  return r;
};
const fight = (commands: unknown[]) => run(commands).encounter as Encounter & { state: { module: DuelState } };

describe('the example game follows the recipe', () => {
  it('touches only the two folders the recipe names', () => {
    expect(readdirSync(join(here, 'src')).sort()).toEqual(['rules', 'web']);
    expect(readdirSync(join(here, 'src/rules'))).toEqual(['duel']);
    expect(readdirSync(join(here, 'src/web'))).toEqual(['games']);
    expect(readdirSync(join(here, 'src/web/games'))).toEqual(['duel']);
    expect(files(join(here, 'src/rules/duel'))).toContain('index.ts');
    expect(files(join(here, 'src/web/games/duel'))).toContain('index.ts');
  });

  it('"Each combatant rolls 1d6 for initiative." "The highest goes first."', () => {
    const e = fight([{ type: 'roll-initiative', dice: { Ada: 2, Brom: 5 } }, { type: 'start' }]);
    expect(e.state.module.initiative).toEqual({ c1: 2, c2: 5 });
    expect(e.state.module.track.slots.map((s) => s.key)).toEqual(['c2', 'c1']);
    expect(engine.whoMayAct(e)).toMatchObject({ kind: 'actor', actor: 'c2' });
  });

  it('"On a tie, whoever joined the fight first goes first."', () => {
    const e = fight([{ type: 'roll-initiative', dice: { Ada: 4, Brom: 4 } }]);
    const [first, second] = e.state.module.track.slots;
    expect([first!.key, second!.key]).toEqual(['c1', 'c2']);
    expect(second!.tieBreak).toBe('tied with Ada, who joined first');
  });

  it('"When everyone has had a turn, a new round begins in the same order."', () => {
    const r = run([{ type: 'roll-initiative', dice: { Ada: 6, Brom: 1 } }, { type: 'start' }, { type: 'end-turn' }, { type: 'end-turn' }]);
    expect(r.encounter.state.round).toBe(2);
    expect(engine.whoMayAct(r.encounter)).toMatchObject({ kind: 'actor', actor: 'c1' });
    expect(engine.log(r.events).map((l) => l.text)).toEqual(expect.arrayContaining(['Initiative order: Ada 6, Brom 1.', 'Round 2.']));
  });

  it('refuses in GM words, and changes nothing', () => {
    const r = runScript(engine, { ...setup, combatants: [setup.combatants[0]], commands: [{ type: 'start' }] }, 1);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.rejection.message).toBe('A duel needs two combatants: add them before starting the fight.');
  });

  it('passes the generic property tests every shipped game runs', () => {
    checkModuleProperties(
      {
        engine,
        setup,
        candidates: (enc, pick) => [
          { type: 'start' },
          { type: 'end-turn' },
          { type: 'roll-initiative' },
          { type: 'roll-initiative', combatants: [pick(enc.state.roster)] },
          { type: 'add-combatant', name: 'Cid', side: pick(['Left', 'Right']), kind: 'npc' },
          { type: 'remove-combatant', combatant: pick(enc.state.roster) },
          { type: 'damage', target: pick(enc.state.roster), amount: 3 },
        ],
      },
      { runs: 60 },
    );
  });

  it('runs on the real server beside the shipped games, players included', async () => {
    const t = await testApp({ engine: createEngine([...ruleModules, duel as RuleModule]) });
    try {
      const made = await t.create({ title: 'Example duel', rules: 'duel', sides: setup.sides, combatants: setup.combatants });
      await t.command(made.id, made.gmKey, { type: 'roll-initiative', dice: { Ada: 3, Brom: 6 } });
      const started = await t.command(made.id, made.gmKey, { type: 'start' });
      expect(started.version).toBeGreaterThan(0);
      const seen = (await t.call('GET', `/api/encounters/${made.id}`, { key: made.playerKey })).json<{ view: { now: { kind: string; actor?: string }; combatants: { id: string; name: string }[] } }>();
      const brom = seen.view.combatants.find((c) => c.name === 'Brom')!;
      expect(seen.view.now).toMatchObject({ kind: 'actor', actor: brom.id });
      const rules = (await t.call('GET', '/api/rules')).json<{ rules: { id: string }[] }>();
      expect(rules.rules.map((r) => r.id)).toContain('duel');
    } finally {
      await t.close();
    }
  });

  it('gives the screens what they ask of every game: its place in the list, its rules and its fold half', async () => {
    expect(inListOrder([...GAMES, game]).map((g) => g.id)).toEqual(['swn', 'cwn', 'kuro', 'fallout', 'popcorn', 'custom', 'duel']);
    expect([game.id, gm.id, player.id]).toEqual(['duel', 'duel', 'duel']);
    expect((await game.loadRules()).module).toBe(duel);
    // The GM screen shows a fight with the fold half before the rules have come: it must read the log as the whole engine does.
    const { fold } = await game.loadFold();
    const r = run([{ type: 'roll-initiative', dice: { Ada: 1, Brom: 4 } }, { type: 'start' }, { type: 'end-turn' }]);
    const reader = createFoldEngine([fold]);
    expect(reader.log(r.events)).toEqual(engine.log(r.events));
    expect(reader.whoMayAct(reader.replay(r.events))).toEqual(engine.whoMayAct(r.encounter));
  });
});
