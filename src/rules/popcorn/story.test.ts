import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fightStory, runScript } from '../../core/index.ts';
import type { EngineEvent, StoredEvent } from '../../core/index.ts';
import { popcornFold } from './fold.ts';
import { engine } from './test-support.ts';

const script = JSON.parse(readFileSync(new URL('./examples/fight.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function played(extra: unknown[] = []): readonly StoredEvent[] {
  const r = runScript(engine, { ...script, commands: [...(script.commands as unknown[]), ...extra] }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return r.events;
}

/** The turn clock's events (the server adds them as turns change), put in after the command that ended each turn. */
function withTimes(events: readonly StoredEvent[]): StoredEvent[] {
  const out: StoredEvent[] = [];
  let round = 0;
  for (const s of events) {
    out.push(s);
    if (s.event.type === 'round-started') round = (s.event as { round: number }).round;
    if (s.event.type === 'turn-ended') {
      const actors = (s.event as { actors: readonly string[] }).actors;
      out.push({ seq: s.seq, cmd: s.cmd, event: { type: 'turn-timed', at: 0, ended: { actors, round, took: 10_000 }, started: null } as unknown as EngineEvent });
    }
  }
  return out;
}

describe('popcorn: the story of a fight (examples/fight.json)', () => {
  it('counts the damage the GM applies by hand as the last actor\'s, a reaction in between changing nothing', () => {
    const story = fightStory(played(), popcornFold);
    const row = (name: string) => story.combatants.find((c) => c.name === name)!;
    // Kit's conditional shot, then the GM's 4 damage to the Orc Chief.
    expect(row('Kit').dealt).toBe(4);
    // The Chief charges Mira, Mira braces (a reaction), then 3 damage to Mira.
    expect(row('Orc Chief')).toMatchObject({ dealt: 3, taken: 14 });
    expect(row('Orc 2')).toMatchObject({ dealt: 6, taken: 8, downs: [{ round: 1, by: 'Brom' }] });
    // Mira's Fireball completes in round 2: 10 to the Orc (8 HP left to lose) and 10 to the Chief.
    expect(row('Mira')).toMatchObject({ dealt: 18, taken: 3 });
    expect(row('Orc')).toMatchObject({ taken: 8, downs: [{ round: 2, by: 'Mira' }] });
    expect(row('Brom')).toMatchObject({ dealt: 8, taken: 6, spent: [{ resource: 'Reaction dice', amount: 1 }] });
    expect(story.rounds.map((r) => r.round)).toEqual([1, 2]);
    expect(story.timed).toBe(false);
  });

  it('heals count as healing received; an undone damage does not count', () => {
    const story = fightStory(played([{ type: 'damage', combatants: ['Kit'], amount: 5 }, { type: 'undo' }, { type: 'heal', combatants: ['Brom'], amount: 4 }]), popcornFold);
    const row = (name: string) => story.combatants.find((c) => c.name === name)!;
    expect(row('Kit').taken).toBe(0);
    expect(row('Brom').healed).toBe(4);
  });

  it('times each round and each combatant\'s turns from the turn clock\'s events', () => {
    const story = fightStory(withTimes(played()), popcornFold);
    expect(story.timed).toBe(true);
    const turnsEnded = story.rounds.map((r) => (r.ms ?? 0) / 10_000);
    expect(story.totalMs).toBe(turnsEnded.reduce((a, b) => a + b, 0) * 10_000);
    const brom = story.combatants.find((c) => c.name === 'Brom')!;
    expect(brom.turnMs).toBeGreaterThan(0);
    expect(brom.turnMs! % 10_000).toBe(0);
  });
});
