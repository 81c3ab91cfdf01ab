import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPlay } from '../../cli/index.ts';
import { cards } from './index.ts';
import { engine, run } from './test-support.ts';

const example = JSON.parse(readFileSync(new URL('./examples/fight.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('popcorn: the example fight (examples/fight.json), checkable by hand', () => {
  const r = run(example);
  const at = (line: string): number => {
    const i = r.log.indexOf(line);
    expect(i, line).toBeGreaterThan(-1);
    return i;
  };

  it('round 1: the Party wins the roll and picks Brom, who holds and must pass to an opponent', () => {
    at('Each side rolls for the initiative: Party 1d20: [15] = 15; Orcs 1d20: [9] = 9; the initiative goes to the Party.');
    at('Mira rolls the Luck Die (1d8: [5] = 5): starting Instant Karma 5.');
    at('Reaction Pools set aside: Mira 3, Brom 1, Kit 2, Orc 1, Orc 2 1, Orc Chief 2.');
    expect(at('Brom is picked by the Party to start with the initiative.')).toBeLessThan(at('Brom holds and passes the initiative to Orc.'));
  });

  it("Kit's conditional action goes off before the Orc Chief's charge that triggers it", () => {
    const fired = at(
      "Kit's conditional action goes off before its trigger (the Orc Chief charges Mira), ahead of Orc Chief's action: shoots the Chief (2d6: [3, 1] = 4).",
    );
    expect(fired).toBeLessThan(at('Orc Chief: charges Mira (2d6: [4, 4] = 8).'));
    at('Mira reacts passively: braces behind her staff; no reaction die used.');
  });

  it("Brom's Reaction Pool (one die) is exhausted by the first dodge: the second automatically fails", () => {
    at('Brom reacts: dodges the axe (1d6: [5] = 5); Reaction Pool 1 → 0.');
    at('Brom reacts: tries to dodge — the Reaction Pool is empty and no other dice apply: it automatically fails.');
  });

  it("Mira's Fireball (5 segments) is carried into round 2 and goes off before the Orc Chief acts; her initiative refreshes", () => {
    at("Mira's Fireball: 1 segment left.");
    at('Nobody else can act in round 1. Brom chooses Kit to go first in round 2.');
    at("Round 1, step 3: uncompleted actions (Mira's Fireball).");
    at('Mira continues Fireball into round 2.');
    at('Brom makes a Health Check (2d6: [4, 3] = 7): passed.');
    at('Initiative and Reaction Pools refresh (Brom 0 → 1). Mira stays face up (delayed action under way).');
    at("Mira's Fireball is due: it takes effect before the next action.");
    expect(at("Mira's delayed action takes effect, before Orc Chief acts: Fireball (4d6: [4, 3, 2, 1] = 10); Mira's initiative refreshes.")).toBeLessThan(
      at('Orc Chief: roars and staggers back.'),
    );
    at('Orc Chief passes the initiative to Mira.');
  });

  it('ends with the numbers a GM would have', () => {
    expect(r.s.round).toBe(2);
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c1', round: 2 });
    const tracks = Object.fromEntries(r.s.roster.map((id) => [r.s.combatants[id]!.name, r.s.combatants[id]!.tracks]));
    expect(tracks).toEqual({
      Mira: { reactionPool: { value: 3, max: 3 }, hp: { value: 7, max: 10 }, instantKarma: { value: 5 } },
      Brom: { reactionPool: { value: 1, max: 1 }, hp: { value: 8, max: 14 }, instantKarma: { value: 2 } },
      Kit: { reactionPool: { value: 2, max: 2 }, hp: { value: 12, max: 12 }, instantKarma: { value: 4 } },
      Orc: { reactionPool: { value: 1, max: 1 }, hp: { value: 0, max: 8 } },
      'Orc 2': { reactionPool: { value: 1, max: 1 }, hp: { value: 0, max: 8 } },
      'Orc Chief': { reactionPool: { value: 2, max: 2 }, hp: { value: 1, max: 15 } },
    });
    expect(cards(r.s).map((c) => `${c.label}:${c.faceUp ? 'up' : 'down'}:${c.toAct}`)).toEqual([
      'Mira:down:1',
      'Brom:down:1',
      'Kit:up:0',
      'Orcs:up:0',
      'Orc Chief:up:0',
    ]);
    expect(r.s.module.pending).toEqual({});
  });

  it('runs with turnkeeper play (text)', () => {
    const out: string[] = [];
    const code = runPlay([new URL('./examples/fight.json', import.meta.url).pathname, '--format', 'text'], { out: (t) => out.push(t), err: (t) => out.push(t) }, engine);
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('Now: Mira acts (round 2)');
  });
});
