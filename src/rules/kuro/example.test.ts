import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPlay } from '../../cli/index.ts';
import type { CliIo } from '../../cli/index.ts';
import { nameOf } from '../../core/index.ts';
import { turnSummary } from './queries.ts';
import { engine, run } from './testing.ts';

const path = new URL('./examples/fight.json', import.meta.url);
const example = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/**
 * The example fight, three game turns with typed-in dice. Every number below can be checked by hand:
 * a Kuro die counts its face, except a 4 (0) and a 6 (6 plus the next die typed).
 */
describe('kuro: the example fight (examples/fight.json)', () => {
  const { s, log, events } = run(example);
  const turns = events
    .map((e) => e.event)
    .filter((e) => e.type === 'turn-started')
    .map((e) => `${e.label as string}: ${(e.actors as string[]).map((id) => nameOf(s, id)).join(' + ')}`);

  it('game turn 1: Kenji 16, Aiko and Ronin tied at 10 act together, Goro 7', () => {
    expect(log).toContain('Game turn 1, phase 1 of 3: Kenji 16, Aiko and Ronin 10 (at the same time), Goro 7.');
    // Aiko's dodge cost her third action, Kenji's parry his second: phase 2 is the last.
    expect(log).toContain('Game turn 1, phase 2 of 2: Aiko and Ronin 10 (at the same time).');
    expect(turns.slice(0, 4)).toEqual([
      'Game turn 1, phase 1: Kenji',
      'Game turn 1, phase 1: Aiko + Ronin',
      'Game turn 1, phase 1: Goro',
      'Game turn 1, phase 2: Aiko + Ronin',
    ]);
  });

  it('the Power Attack (TN 8 + 2, damage 7 + 4) and the Fast Attack (TN 9 - 1, damage 5 - 2)', () => {
    expect(log).toContain(
      'Kenji: Power Attack on Goro with Katana (STR 3 + Kenjutsu 2 + Katana 1, investing 2 STR): 3dK+3: [5, 2, 1] + 3 = 11 vs TN 10 (Defence 8 + 2): hit, 11 points of damage (2d6: [4, 3] = 7, +4 for 2 STR invested).',
    );
    expect(log).toContain(
      'Aiko: Fast Attack on Ronin with Tanto (REF 5 + Tanto 3, investing 1 REF): 5dK+3: [1, 1, 2, 1, 1] + 3 = 9 vs TN 8 (Defence 9 - 1): hit, 3 points of damage (Tanto 5, -2 for 1 REF invested), landing when the slot resolves.',
    );
  });

  it('the simultaneous slot trades blows: both hits land when it resolves', () => {
    const at = log.indexOf('Phase 1: Aiko and Ronin acted at the same time; 2 hits land together.');
    expect(at).toBeGreaterThan(0);
    expect(log.slice(at + 1, at + 3)).toEqual(['Aiko takes 5 damage (HP 12 → 7).', 'Ronin takes 3 damage (HP 12 → 9).']);
  });

  it('a dodge and a parry are opposed checks that cost the defender an action', () => {
    expect(log).toContain(
      "Ronin: Normal Attack on Aiko with Katana (DEX 3 + Kenjutsu 2): 3dK+2: [6!, 2, 5, 3] + 2 = 18 vs Aiko's dodge 13 (REF 5 + Dodge 2: 5dK+2: [1, 2, 3, 5, 0:unlucky] + 2 = 13 (unlucky: 1); opposed, a tie goes to the defender): hit, 5 points of damage (2d6: [2, 3] = 5), landing when the slot resolves. Aiko gives up an action of this game turn for the dodge.",
    );
    expect(log).toContain(
      "Goro: Normal Attack on Kenji with Nodachi (DEX 2 + Kenjutsu 2): 2dK+2: [5, 3] + 2 = 10 vs Kenji's parry 15 (DEX 3 + Kenjutsu 2 + Katana 1: 3dK+3: [5, 5, 2] + 3 = 15; opposed, a tie goes to the defender): miss. Kenji gives up an action of this game turn for the parry.",
    );
  });

  it('game turn 2: Goro falls and is skipped, Ronin is wounded out of phase 2, Hiro joins late and acts from phase 2', () => {
    expect(log).toContain('Game turn 2, phase 1 of 3: Kenji 16, Goro 10, Ronin 9, Aiko 8.');
    expect(log).toContain('Ronin: 1 action this game turn instead of 2 (wounded in the side).');
    expect(log).toContain('Goro is defeated (reduced to 0 HP).');
    expect(log).toContain('Hiro rolls initiative for game turn 2: 1dK+2: [6!, 5] + 2 = 13.');
    expect(log).toContain("Hiro's place in phase 1 has passed: Hiro acts from phase 2 (with at least 2 actions).");
    expect(log).toContain('Game turn 2, phase 2 of 3: Kenji 16, Hiro 13, Aiko 8.');
    expect(log).toContain('Game turn 2, phase 3 of 3: Aiko 8.');
    expect(turns.slice(4, 11)).toEqual([
      'Game turn 2, phase 1: Kenji',
      'Game turn 2, phase 1: Ronin',
      'Game turn 2, phase 1: Aiko',
      'Game turn 2, phase 2: Kenji',
      'Game turn 2, phase 2: Hiro',
      'Game turn 2, phase 2: Aiko',
      'Game turn 2, phase 3: Aiko',
    ]);
  });

  it('game turn 3: Aiko and Hiro, tied at 10, drop each other', () => {
    expect(log).toContain('Game turn 3, phase 1 of 3: Kenji 12, Aiko and Hiro 10 (at the same time).');
    const at = log.indexOf('Phase 1: Aiko and Hiro acted at the same time; 2 hits land together.');
    expect(log.slice(at + 1, at + 5)).toEqual([
      'Aiko takes 3 damage (HP 3 → 0).',
      'Aiko is defeated (reduced to 0 HP).',
      'Hiro takes 5 damage (HP 5 → 0).',
      'Hiro is defeated (reduced to 0 HP).',
    ]);
    expect(log.at(-3)).toBe('Game turn 3, phase 2 of 2: Kenji 12.');
    expect(log.at(-1)).toBe('The encounter ends: The bandits are beaten.');
  });

  it('ends with the numbers a GM would have', () => {
    const hp = Object.fromEntries(s.roster.map((id) => [nameOf(s, id), s.combatants[id]!.tracks.hp!.value]));
    expect(hp).toEqual({ Kenji: 20, Aiko: 0, Goro: 0, Ronin: 0, Hiro: 0 });
    expect(s.roster.filter((id) => s.combatants[id]!.defeated).map((id) => nameOf(s, id))).toEqual(['Aiko', 'Goro', 'Ronin', 'Hiro']);
    const t = turnSummary(s);
    expect(t).toMatchObject({ gameTurn: 3, phase: 2, acting: ['c1'] });
    expect(t.combatants.find((c) => c.name === 'Kenji')).toMatchObject({ initiative: 12, actions: 2, taken: [1, 2], left: 0 });
    expect(s.status).toBe('ended');
  });

  it('runs with `turnkeeper play`', () => {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
    const code = runPlay([path.pathname, '--format', 'text'], io satisfies CliIo, engine);
    expect(code, out.join('\n')).toBe(0);
    expect(out.join('\n')).toContain('Aiko and Hiro acted at the same time');
  });

  it('is in the README whole, with the output `turnkeeper play` prints', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readme).toContain(readFileSync(path, 'utf8'));
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
    runPlay([path.pathname, '--format', 'text'], io satisfies CliIo, engine);
    expect(readme).toContain(out.join('\n'));
  });
});
