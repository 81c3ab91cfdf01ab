import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
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

describe('the log as the GM and the players read it (issue 21)', () => {
  it('CWN: leaving melee without a Fighting Withdrawal warns in words, no `(attack with "free": true)`', () => {
    const r = runScript(
      engine,
      {
        rules: 'cwn',
        options: { initiative: 'individual' },
        sides: [{ name: 'Crew', players: true }, { name: 'Razors' }],
        combatants: [
          { name: 'Jin', kind: 'pc', side: 'Crew', stats: { hp: 10, weapons: [{ name: 'Monoblade', damage: '1d8' }] } },
          { name: 'Razor', side: 'Razors', stats: { hp: 8, weapons: [{ name: 'Blade', damage: '1d6' }] } },
        ],
        commands: [{ type: 'roll-initiative', dice: { Jin: [8], Razor: [2] } }, { type: 'start' }, { type: 'leave-melee', actor: 'Jin', targets: ['Razor'] }],
      },
      1,
    );
    if (!r.ok) throw new Error(r.rejection.message);
    const warning = engine.log(r.events).at(-1)!.text;
    expect(withoutCommands(warning)).toBe('Warning: Jin leaves melee without a Fighting Withdrawal (Move action): Razor gets a free automatic melee attack on Jin.');
  });
});
