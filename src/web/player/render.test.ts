import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { buildRequest } from '../../server/players/index.ts';
import type { PlayerView } from '../../server/players/index.ts';
import type { PlayerCombatant } from '../../server/players/index.ts';
import { actingIds, gameParts, nowText, plain, rowParts, rulesTitle, trackName } from './render.ts';
import { tvMode, withTv } from './tv-mode.ts';

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
  requestKinds: ['initiative', 'end-turn', 'reaction'],
  initiativeFor: [],
};

describe('the player view in words', () => {
  it('says whose turn it is, for every shape of "now"', () => {
    expect(nowText(base)).toEqual({ who: 'Vasquez', detail: 'acts now' });
    expect(nowText({ ...base, now: { kind: 'group', round: 2, actors: ['c1', 'c2'] } }).who).toBe('Vasquez and Kade');
    expect(nowText({ ...base, now: { kind: 'side', round: 2, side: 'crew', active: null, waiting: ['c2'] } })).toEqual({ who: 'Crew', detail: 'choose who acts: Kade' });
    expect(nowText({ ...base, now: { kind: 'pass', round: 2, from: 'c1', candidates: ['c2'] } })).toEqual({ who: 'Vasquez', detail: 'passes the initiative (to Kade)' });
    // A hidden combatant's turn reads like any decision of the GM's (issue 20, item 5).
    expect(nowText({ ...base, now: { kind: 'decision', round: 2, question: 'The GM is deciding.', options: [] } })).toEqual({ who: 'The GM decides', detail: 'The GM is deciding.' });
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

const npc = (over: Partial<PlayerCombatant>): PlayerCombatant => ({ id: 'n1', name: 'Bandit', side: 'bandits', kind: 'npc', defeated: false, notes: '', conditions: [], tracks: {}, initiative: 4, done: false, ...over });

describe('a combatant’s row', () => {
  it('shows a defeated combatant one way: "Down", without the band saying it again', () => {
    const down = rowParts(npc({ defeated: true, health: 'Down' }), false);
    expect(down.status).toBe('Down');
    expect(down.health).toBeNull();
    expect(down.className.split(' ')).toContain('pv-defeated');
    // A GM who marks a combatant defeated with HP left: still just "Down", no "Hurt" beside it.
    expect(rowParts(npc({ defeated: true, health: 'Hurt' }), false)).toMatchObject({ status: 'Down', health: null });
    expect(rowParts(npc({ health: 'Hurt' }), false)).toMatchObject({ status: null, health: 'Hurt' });
  });

  it('keeps a defeated PC’s hit points as numbers, the bar empty', () => {
    const pc = rowParts(npc({ kind: 'pc', defeated: true, tracks: { hp: { value: 0, max: 12 } } }), true);
    expect(pc).toMatchObject({ status: 'Down', health: null, hp: { text: '0/12', ratio: 0, band: 'empty' } });
    expect(pc.className.split(' ')).toEqual(expect.arrayContaining(['pv-pc', 'pv-acting', 'pv-defeated']));
    expect(rowParts(npc({ tracks: { hp: { value: 9, max: 12 } } }), false).hp).toMatchObject({ text: '9/12', band: 'ok' });
    expect(rowParts(npc({ tracks: { hp: { value: 3, max: 12 } } }), false).hp?.band).toBe('low');
    expect(rowParts(npc({ tracks: { hp: { value: 7 } } }), false).hp).toMatchObject({ text: '7', ratio: 1 });
  });

  it('lists the other tracks and the conditions with how long they last', () => {
    const p = rowParts(
      npc({ kind: 'pc', tracks: { hp: { value: 5, max: 5 }, 'ammo:10mm': { value: 8 }, luck: { value: 2, max: 3, label: 'Luck' } }, conditions: [{ id: 'k1', name: 'Prone', lasts: 'until removed' }] }),
      false,
    );
    expect(p.tracks).toEqual(['10mm ammo 8', 'Luck 2/3']);
    expect(p.conditions).toEqual([{ name: 'Prone', lasts: 'until removed' }]);
  });
});

describe("each game's own state, in players' words (issue 21)", () => {
  it('headlines Fallout between turns as who is next, not with the GM’s hint cut off', () => {
    const gap: PlayerView = {
      ...base,
      rules: 'fallout',
      now: { kind: 'actor', round: 2, actor: 'c1', next: true, label: 'Next: Vasquez: the turn begins with its first action, or with Begin the turn (begin-turn)' },
    };
    expect(nowText(gap)).toEqual({ who: 'Vasquez', detail: 'is next' });
    // The rules' labels are the GM's words: a player reads who acts, the phase shows in the game's box.
    expect(nowText({ ...base, now: { kind: 'actor', round: 2, actor: 'c1', phase: 1, label: 'Game turn 2, phase 1 of 3' } })).toEqual({ who: 'Vasquez', detail: 'acts now' });
    expect(nowText({ ...base, now: { kind: 'group', round: 2, actors: ['c1', 'c2'], label: 'Game turn 1, phase 1 of 3: equal initiative, acting at the same time' } }).detail).toBe('act at the same time');
  });

  it('shows Fallout’s party AP pool', () => {
    expect(gameParts(base)).toBeNull();
    expect(gameParts({ ...base, rules: 'fallout', game: { kind: 'fallout', partyAp: { value: 3, max: 6 } } })).toEqual({ kind: 'fallout', heading: 'Party AP 3/6', meter: { value: 3, max: 6 }, lines: [] });
  });

  it('shows Kuro’s game turn, phase and who acts in which phase', () => {
    const p = gameParts({
      ...base,
      rules: 'kuro',
      game: {
        kind: 'kuro',
        gameTurn: 2,
        stage: 'phases',
        phase: 1,
        phases: [
          { phase: 1, current: true, members: [{ id: 'c1', name: 'Vasquez', acted: true }, { id: 'c2', name: 'Kade', acted: false }] },
          { phase: 2, current: false, members: [{ id: 'c2', name: 'Kade', acted: false }] },
        ],
      },
    });
    expect(p?.heading).toBe('Game turn 2 · phase 1 of 2');
    expect(p?.lines).toEqual([
      { text: 'Phase 1', current: true, members: [{ name: 'Vasquez', acted: true }, { name: 'Kade', acted: false }] },
      { text: 'Phase 2', current: false, members: [{ name: 'Kade', acted: false }] },
    ]);
    expect(gameParts({ ...base, rules: 'kuro', game: { kind: 'kuro', gameTurn: 3, stage: 'initiative', phase: 0, phases: [] } })?.heading).toBe('Game turn 3 · initiative');
  });
});

describe('TV mode', () => {
  it('is on with ?tv (any value but no, 0, false, off)', () => {
    for (const on of ['?tv', '?tv=', '?tv=1', '?x=2&tv=yes']) expect(tvMode(on), on).toBe(true);
    for (const off of ['', '?tvx=1', '?tv=0', '?tv=no', '?tv=false', '?tv=off']) expect(tvMode(off), off).toBe(false);
  });

  it('switches in the address, keeping the rest', () => {
    expect(withTv('http://192.168.1.20:4646/play/e1', true)).toBe('/play/e1?tv');
    expect(withTv('http://192.168.1.20:4646/play/e1?tv=', false)).toBe('/play/e1');
    expect(withTv('http://h/play/e1?lang=en#top', true)).toBe('/play/e1?lang=en&tv#top');
    expect(tvMode(withTv('http://h/play/e1?tv=0', true).split('/play/e1')[1]!)).toBe(true);
  });
});

describe("a refused request on the player's phone", () => {
  it('an initiative asked for again: in words for a player, no command names (issue 21)', () => {
    const run = runScript(engine, { rules: 'swn', sides: [{ name: 'Crew', players: true }], combatants: [{ name: 'Vasquez', kind: 'pc', side: 'Crew' }], commands: [{ type: 'roll-initiative', dice: { Vasquez: [5] } }] }, 1);
    if (!run.ok) throw new Error(run.rejection.message);
    const built = buildRequest(run.encounter.state, engine.whoMayAct(run.encounter), { kind: 'initiative', combatant: 'Vasquez' });
    if (!built.ok) throw new Error(built.rejection.message);
    const d = engine.decide(run.encounter, built.command);
    if (d.ok) throw new Error('accepted');
    expect(d.rejection.code).toBe('initiative/already-rolled');
    expect(plain(d.rejection.message)).toBe('Initiative is not re-rolled: Vasquez has 5; the GM can change its total.');
  });
});
