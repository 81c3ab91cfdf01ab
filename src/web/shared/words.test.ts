import { describe, expect, it } from 'vitest';
import { withoutCommands } from './words.ts';

describe('the engine’s sentences in GM words', () => {
  it('drops the command names given for API users', () => {
    expect(withoutCommands('Roll initiative (roll-initiative) then start the fight (start)')).toBe('Roll initiative then start the fight');
    expect(withoutCommands('Start the fight (start {initiator}): whoever started it takes a turn before round 1.')).toBe('Start the fight: whoever started it takes a turn before round 1.');
    expect(withoutCommands('Next: Nora: the turn begins with its first action, or with Begin the turn (begin-turn)')).toBe('Next: Nora: the turn begins with its first action, or with Begin the turn');
    expect(withoutCommands('Say who has the initiative (start {combatant}, start {side} or start {roll: true}).')).toBe('Say who has the initiative.');
    expect(withoutCommands('It may act (the turn begins with its first action or begin-turn).')).toBe('It may act (the turn begins with its first action).');
    expect(withoutCommands('Nora has no weapons (stats.weapons).')).toBe('Nora has no weapons.');
  });

  it('keeps what is not a command: names, notes, words in brackets', () => {
    expect(withoutCommands('Kenji has already used the phase 1 action (Draws his katana).')).toBe('Kenji has already used the phase 1 action (Draws his katana).');
    expect(withoutCommands('Thug (boss) hits for 3')).toBe('Thug (boss) hits for 3');
    expect(withoutCommands('DR {"all": 1}')).toBe('DR {"all": 1}');
  });
});
