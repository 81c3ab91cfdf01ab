import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { LoadedEncounter } from '../encounters/index.ts';
import { defaultSettings, readSettings } from '../players/index.ts';
import type { EncounterSettings } from '../players/index.ts';
import { batches, recordFor, secretFights } from '../players/testing.ts';
import { announcements, discordLine, momentOf } from './announcements.ts';

const GM_PAUSE = 'The GM is deciding.';

const record = (rules: string, settings: EncounterSettings) => recordFor(rules, settings);

/** What a fight posts, command by command, as the server would (the player view before and after each). */
function posts(script: Record<string, unknown>, settings: EncounterSettings = defaultSettings, withStory = true): string[][] {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  const [first = [], ...rest] = batches(r.events);
  const l = new LoadedEncounter(engine, record(String(script.rules), settings), first);
  const out: string[][] = [];
  for (const batch of rest) {
    const before = momentOf(l.playerView());
    let next = l.encounter;
    for (const s of batch) next = engine.evolve(next, s);
    l.applied(batch, next);
    out.push(announcements(before, l.playerView(), l.playerLines(batch), settings.discord.events, () => (withStory ? l.playerStory() : null)));
  }
  return out;
}

describe('what a fight posts to Discord', () => {
  it('rounds and turns as players see them; a hidden NPC up reads as the GM deciding, never by name', () => {
    const fight = secretFights.find((f) => f.rules === 'custom')!;
    const all = posts(fight.script);
    const flat = all.flat();
    expect(flat[0]).toBe('Round 1');
    expect(flat).toContain('Vasquez is up.');
    expect(flat).toContain(GM_PAUSE);
    // The hidden NPC's turn, then the Goblin's: the Goblin named, the hidden one never.
    expect(flat.indexOf('Goblin is up.')).toBeGreaterThan(flat.indexOf(GM_PAUSE));
    for (const secret of fight.secrets) expect(JSON.stringify(all)).not.toContain(secret);
  });

  it.each(secretFights.map((f) => [f.rules, f] as const))('%s: no post names anything hidden (names, GM notes, GM-only lines)', (_rules, fight) => {
    const text = JSON.stringify(posts(fight.script));
    for (const secret of fight.secrets) expect(text).not.toContain(secret);
  });

  it('posts only the kinds the GM chose', () => {
    const fight = secretFights.find((f) => f.rules === 'custom')!;
    const quiet = readSettings({ discord: { webhook: null, events: { round: false, up: true, summary: true } } });
    const flat = posts(fight.script, quiet).flat();
    expect(flat).not.toContain('Round 1');
    expect(flat).toContain('Vasquez is up.');
  });

  it('at the end, a summary of what players saw: the end line, the rounds, each visible one’s part (the story players read)', () => {
    const script = {
      rules: 'custom',
      seed: 3,
      combatants: [
        { name: 'Vasquez', kind: 'pc', hp: 12 },
        { name: 'Zorblax', hp: 9, hidden: true },
        { name: 'Goblin', hp: 5 },
      ],
      commands: [
        { type: 'start', dice: { Vasquez: 10, Zorblax: 8, Goblin: 4 } },
        { type: 'damage', combatants: ['Goblin'], amount: 5 },
        { type: 'end-turn' },
        { type: 'end-turn' },
        { type: 'end-turn' },
        { type: 'end-encounter', reason: 'the Goblin fell; Zorblax slipped away' },
      ],
    };
    const all = posts(script);
    const last = all[all.length - 1]!;
    expect(last[0]).toBe('The encounter ends: the Goblin fell; someone slipped away.');
    expect(last[1]).toMatch(/^It lasted 2 rounds/);
    expect(last.slice(2).map((x) => x.split(':')[0])).toEqual(['Vasquez (PC)', 'Goblin']);
    expect(last[3]).toMatch(/down\.$/);
    expect(JSON.stringify(all)).not.toContain('Zorblax');
    // Without a story: who stands and who is down.
    const plain = posts(script, defaultSettings, false);
    expect(plain[plain.length - 1]).toEqual(['The encounter ends: the Goblin fell; someone slipped away.', 'It lasted 2 rounds.', 'Still standing: Vasquez.', 'Down: Goblin.']);
  });

  it('makes names literal for Discord: no markdown, no mentions; a round in bold', () => {
    expect(discordLine('Round 3')).toBe('**Round 3**');
    expect(discordLine('@everyone *is* up.')).toBe('@\u200Beveryone \\*is\\* up.');
    expect(discordLine('[click](https://x) is up.')).toBe('\\[click\\](https://x) is up.');
  });
});
