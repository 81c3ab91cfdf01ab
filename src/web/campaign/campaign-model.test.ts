import { describe, expect, it } from 'vitest';
import type { CampaignState, CampaignTemplate } from '../api/campaign-api.ts';
import { allTags, changeText, countOf, countProblem, fightLine, fightStatus, fileName, matchTemplates, maxHp, metersOf, newFightBody, newSessionLabel, ordered, parseTags, pcsOf, trackLabel, wholeNumber } from './campaign-model.ts';

const template = (id: string, name: string, tags: string[] = []): CampaignTemplate => ({ id, name, side: null, stats: {}, hp: null, notes: '', gmNotes: '', tags, hidden: false });
const raider = template('t1', 'Raider', ['raider', 'Human']);
const boss = template('t2', 'Raider Boss', ['raider', 'leader']);
const ghoul = template('t3', 'Ghoul', ['undead']);

const state: CampaignState = {
  title: 'The Drowned Coast',
  rules: 'swn',
  options: {},
  partySide: 'Party',
  pcs: {
    p1: { id: 'p1', name: 'Vasquez', side: 'Party', stats: { hp: 12 }, tracks: { hp: { value: 5, max: 12 } }, notes: '' },
    p2: { id: 'p2', name: 'Kade', side: 'Party', stats: { hp: 10 }, tracks: { hp: { value: 10, max: 10 } }, notes: '' },
  },
  pcOrder: ['p2', 'p1', 'gone'],
  templates: { t1: raider, t2: boss, t3: ghoul },
  templateOrder: ['t1', 't2', 't3'],
  fights: {},
  fightOrder: [],
  session: 1,
  pools: null,
  nextPc: 3,
  nextTemplate: 4,
};

describe('meters', () => {
  it('puts HP first and bands it by what is left', () => {
    const m = metersOf({ luck: { value: 2, max: 6, label: 'Luck' }, hp: { value: 0, max: 12 }, ammo: { value: 3 } });
    expect(m.map((x) => x.key)).toEqual(['hp', 'luck', 'ammo']);
    expect(m[0]).toMatchObject({ label: 'HP', value: 0, max: 12, ratio: 0, band: 'down' });
    expect(m[1]).toMatchObject({ label: 'Luck', band: 'low' });
    expect(m[2]).toMatchObject({ label: 'Ammo', max: null, ratio: 1, band: 'ok' });
  });

  it('reads a rising track (stress) as worse when it fills', () => {
    expect(metersOf({ stress: { value: 9, max: 10, rising: true } })[0]!.band).toBe('low');
    expect(metersOf({ stress: { value: 0, max: 10, rising: true } })[0]!.band).toBe('ok');
  });

  it('shows HP 0 of 0 (a sheet from before HP had to be 1 or more) as down and empty, not a full green bar', () => {
    expect(metersOf({ hp: { value: 0, max: 0 } })[0]).toMatchObject({ ratio: 0, band: 'down' });
  });

  it('names tracks in words', () => {
    expect(trackLabel('hp')).toBe('HP');
    expect(trackLabel('lessLethal')).toBe('Less Lethal');
    expect(trackLabel('reaction-pool')).toBe('Reaction pool');
    expect(trackLabel('x', { value: 1, label: 'less-lethal damage' })).toBe('less-lethal damage');
  });
});

describe('lists in the state order', () => {
  it('skips ids the record lacks, even prototype names', () => {
    expect(pcsOf(state).map((p) => p.name)).toEqual(['Kade', 'Vasquez']);
    expect(ordered(['constructor', 'a'], { a: 1 } as Record<string, number>)).toEqual([1]);
  });
});

describe('bestiary search', () => {
  const all = [raider, boss, ghoul];
  it('matches a name substring or the start of a tag, case-insensitive', () => {
    expect(matchTemplates(all, '').map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(matchTemplates(all, 'BOSS').map((t) => t.id)).toEqual(['t2']);
    expect(matchTemplates(all, 'und').map((t) => t.id)).toEqual(['t3']);
    expect(matchTemplates(all, 'hum').map((t) => t.id)).toEqual(['t1']);
  });
  it('needs every word, and tag: matches the tag only', () => {
    expect(matchTemplates(all, 'raider lead').map((t) => t.id)).toEqual(['t2']);
    expect(matchTemplates(all, 'tag:raider').map((t) => t.id)).toEqual(['t1', 't2']);
    expect(matchTemplates(all, 'tag:raid')).toEqual([]);
  });
  it('lists every tag once', () => {
    expect(allTags(all)).toEqual(['Human', 'leader', 'raider', 'undead']);
  });
  it('reads typed tags', () => {
    expect(parseTags(' raider, Human ,, raider ,HUMAN')).toEqual(['raider', 'Human']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('fights', () => {
  it('says where a fight stands', () => {
    expect(fightStatus({ status: 'setup', round: 0, archived: false })).toBe('Setup');
    expect(fightStatus({ status: 'running', round: 3, archived: false })).toBe('Round 3');
    expect(fightStatus({ status: 'ended', round: 4, archived: false })).toBe('Ended');
    expect(fightStatus(undefined)).toBe('');
  });

  it('builds the new fight body: all PCs is the default, counts above 0 only', () => {
    expect(newFightBody({ title: ' Crypt ambush ', pcs: ['p1', 'p2'], counts: { t1: 3, t2: 0 }, start: false }, ['p2', 'p1'])).toEqual({
      title: 'Crypt ambush',
      templates: [{ template: 't1', count: 3 }],
      start: false,
    });
    expect(newFightBody({ title: '', pcs: ['p1'], counts: {}, start: true }, ['p1', 'p2'])).toEqual({ pcs: ['p1'], start: true });
    expect(newFightBody({ title: '', pcs: [], counts: {}, start: false }, ['p1'])).toEqual({ pcs: [], start: false });
    expect(newFightBody({ title: '', pcs: ['p1'], counts: { t1: 2 }, start: false, hidden: true }, ['p1'])).toEqual({ templates: [{ template: 't1', count: 2 }], hidden: true, start: false });
    expect(newFightBody({ title: '', pcs: ['p1'], counts: {}, start: false, hidden: true }, ['p1'])).toEqual({ start: false });
  });

  it('says who will be in it', () => {
    expect(fightLine(state, { pcs: ['p1', 'p2'], counts: { t1: 3, t3: 1 } })).toBe('2 PCs, 3 × Raider, 1 × Ghoul');
    expect(fightLine(state, { pcs: ['p1'], counts: {} })).toBe('Vasquez');
    expect(fightLine(state, { pcs: [], counts: {} })).toBe('Nobody yet');
  });

  it('reads counts and numbers typed in boxes', () => {
    expect([countOf('3'), countOf(' 2 '), countOf(''), countOf('-1'), countOf('1.5'), countOf('x'), countOf('400')]).toEqual([3, 2, 0, 0, 0, 0, 50]);
    expect(wholeNumber('', 'HP')).toBeUndefined();
    expect(wholeNumber('7', 'HP')).toBe(7);
    expect(wholeNumber('-2', 'HP')).toBe('HP must be a whole number (0 or more).');
  });

  it('refuses a count that is not 1 to 50 in words, rather than taking it as none', () => {
    expect([countProblem('', 'Raider'), countProblem(' 0 ', 'Raider'), countProblem('3', 'Raider'), countProblem('50', 'Raider')]).toEqual([null, null, null, null]);
    expect(countProblem('-2', 'Raider')).toBe('“-2” is not a number of Raider: type 1 to 50, or leave it empty for none.');
    expect(countProblem('2.5', 'Raider')).toBe('“2.5” is not a number of Raider: type 1 to 50, or leave it empty for none.');
    expect(countProblem('lots', 'Raider')).toBe('“lots” is not a number of Raider: type 1 to 50, or leave it empty for none.');
    expect(countProblem('70', 'Raider')).toBe('At most 50 Raider in one fight.');
  });

  it('refuses a maximum HP below 1 for a character or an opponent', () => {
    expect(maxHp('', 'character')).toBeUndefined();
    expect(maxHp(' 12 ', 'character')).toBe(12);
    expect(maxHp('0', 'character')).toBe('HP must be a whole number, 1 or more: a character at 0 HP is defeated.');
    expect(maxHp('-3', 'opponent')).toBe('HP must be a whole number, 1 or more: an opponent at 0 HP is defeated.');
    expect(maxHp('1.5', 'character')).toBe('HP must be a whole number, 1 or more: a character at 0 HP is defeated.');
  });
});

describe('words and files', () => {
  it('writes a write-back line the way the GM reads it', () => {
    expect(changeText({ pc: 'p1', name: 'Vasquez', track: 'hp', label: 'HP', from: 12, to: 5 })).toBe('Vasquez HP 12 → 5');
    expect(changeText({ pc: 'p1', name: 'Nora', track: 'luck', label: '', from: 6, to: 4 })).toBe('Nora Luck 6 → 4');
  });
  it('names files safely', () => {
    expect(fileName('campaign', 'The Drowned Coast!', 'c1')).toBe('turnkeeper-campaign-the-drowned-coast.json');
    expect(fileName('encounter', 'Épée ⚔', 'e1')).toBe('turnkeeper-encounter-epee.json');
    expect(fileName('encounter', '⚔', 'e1')).toBe('turnkeeper-encounter-e1.json');
  });
  it('says what a new session does in Fallout', () => {
    expect(newSessionLabel(state)).toBe('Start session 2');
    expect(newSessionLabel({ ...state, rules: 'fallout', session: 3 })).toBe('Start session 4: refresh Luck and AP');
  });
});
