import { describe, expect, it } from 'vitest';
import type { PlayerView } from '../../server/redact.ts';
import { actingIds, nowText, plain, rulesTitle, trackName } from './render.ts';

const base: PlayerView = {
  title: 'Docks',
  rules: 'swn',
  status: 'running',
  round: 2,
  version: 10,
  now: { kind: 'actor', round: 2, actor: 'c1' },
  sides: [{ id: 'crew', name: 'Crew', players: true }],
  combatants: [
    { id: 'c1', name: 'Vasquez', side: 'crew', kind: 'pc', defeated: false, notes: '', conditions: [], tracks: {}, initiative: 8, done: false },
    { id: 'c2', name: 'Kade', side: 'crew', kind: 'pc', defeated: false, notes: '', conditions: [], tracks: {}, initiative: 5, done: false },
  ],
  order: [],
  npcHp: 'bands',
};

describe('the player view in words', () => {
  it('says whose turn it is, for every shape of "now"', () => {
    expect(nowText(base)).toEqual({ who: 'Vasquez', detail: 'acts now' });
    expect(nowText({ ...base, now: { kind: 'group', round: 2, actors: ['c1', 'c2'] } }).who).toBe('Vasquez and Kade');
    expect(nowText({ ...base, now: { kind: 'side', round: 2, side: 'crew', active: null, waiting: ['c2'] } })).toEqual({ who: 'Crew', detail: 'choose who acts: Kade' });
    expect(nowText({ ...base, now: { kind: 'pass', round: 2, from: 'c1', candidates: ['c2'] } })).toEqual({ who: 'Vasquez', detail: 'passes the initiative (to Kade)' });
    expect(nowText({ ...base, now: { kind: 'unseen', round: 2 } }).who).toBe('Someone unseen');
    expect(nowText({ ...base, now: { kind: 'ended' } }).who).toBe('The fight is over');
    expect(nowText({ ...base, status: 'setup', now: { kind: 'setup', needs: 'Roll initiative (roll-initiative) then start the fight (start)' } })).toEqual({
      who: 'Getting ready',
      detail: 'The GM is setting up the fight.',
    });
  });

  it('leaves the command names of the GM’s hints out', () => {
    expect(plain('Game turn 2: everyone rolls initiative (roll-initiative); still missing: Goro.')).toBe('Game turn 2: everyone rolls initiative; still missing: Goro.');
    expect(plain('Start the fight: start {initiator} (whoever started it takes a turn before round 1).')).toBe('Start the fight: start (whoever started it takes a turn before round 1).');
  });

  it('names tracks the module gave no label', () => {
    expect(trackName('reactionPool')).toBe('Reaction pool');
    expect(trackName('instantKarma')).toBe('Instant karma');
    expect(trackName('ammo:10mm')).toBe('10mm ammo');
  });

  it('marks who acts', () => {
    expect(actingIds(base.now)).toEqual(['c1']);
    expect(actingIds({ kind: 'pass', round: 1, from: null, candidates: ['c1'] })).toEqual([]);
    expect(rulesTitle('popcorn')).toBe('Popcorn initiative');
  });
});
