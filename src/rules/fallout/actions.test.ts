import { describe, expect, it } from 'vitest';
import type { ActionOption } from '../../core/index.ts';
import { engine, hp, id, mod, noraTurn, refuse, since, step, track } from './test-kit.ts';
import type { Played } from './test-kit.ts';

const pool = (p: Played): number => mod(p).pools.party;
const conditions = (p: Played, name: string): string[] => p.enc.state.combatants[id(p, name)]!.conditions.map((k) => k.name);

describe('fallout: minor and major actions', () => {
  // "You can attempt one minor action on your turn in combat. You can take one additional minor action by spending 1 Action Point"
  // "You cannot take more than two minor actions and two major actions on your turn by any means."
  it('one minor free, a second for 1 AP, never a third', () => {
    let p = noraTurn({ partyPoolStart: 2 });
    p = step(p, { type: 'act', actor: 'Nora', action: 'aim' });
    expect(pool(p)).toBe(2);
    const q = step(p, { type: 'act', actor: 'Nora', action: 'draw-item', item: 'Stimpak' });
    expect(since(p, q)).toEqual(['Nora: Draw Item: Stimpak (second minor action, 1 AP).', 'The party pool: 2 → 1 AP (a second minor action, Nora).']);
    expect(refuse(q, { type: 'act', actor: 'Nora', action: 'interact' })).toEqual({
      code: 'fallout/second-minor-taken',
      message: 'Nora has already taken two minor actions this turn: no more by any means.',
    });
  });

  // "you can take one additional major action by spending 2 Action Points, but the difficulty of any test attempted on that second major action is increased by 1."
  it('a second major costs 2 AP and its test is 1 harder; a third is refused', () => {
    let p = noraTurn({ partyPoolStart: 2 });
    p = step(p, { type: 'act', actor: 'Nora', action: 'pass' });
    const q = step(p, { type: 'act', actor: 'Nora', action: 'test', attribute: 'per', skill: 'sneak', difficulty: 2, label: 'spot the sniper', dice: { test: [3, 4] } });
    expect(since(p, q)).toEqual([
      'Nora: Test: spot the sniper (second major action, 2 AP).',
      'The party pool: 2 → 0 AP (a second major action, Nora).',
      'Nora: Test (spot the sniper) test, PER 6 + Sneak 0 = 6, 3 successes needed: 3%: [3, 4] = 2 successes, failure.',
    ]);
    expect(refuse(q, { type: 'act', actor: 'Nora', action: 'pass' }).code).toBe('fallout/second-major-taken');
  });

  it('a spend the pool cannot afford is refused, in words', () => {
    const p = step(noraTurn({ partyPoolStart: 1 }), { type: 'act', actor: 'Nora', action: 'pass' });
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'rally' })).toEqual({ code: 'fallout/ap-short', message: 'The party pool has 1 AP; a second major action costs 2.' });
  });

  // "You cannot take more than one movement action per turn."
  it('one movement action per turn: Move then Sprint is refused', () => {
    const p = step(noraTurn(), { type: 'act', actor: 'Nora', action: 'move' });
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'sprint' }).code).toBe('fallout/one-movement');
  });

  // "When you're prone, you crawl. The Move action becomes a major action, rather than a minor action, and you cannot take the Sprint action."
  // "Move: [...] Alternatively, stand up from a prone position." "You may also drop prone willingly, at the end of any movement action you perform."
  it('prone: Move is a major action (a crawl), no Sprint; standing up is a Move; a movement may end prone', () => {
    const p = noraTurn({}, [], [{ type: 'add-condition', combatants: ['Nora'], name: 'Prone' }]);
    const crawl = step(p, { type: 'act', actor: 'Nora', action: 'move' });
    expect(crawl.log.at(-1)).toBe('Nora: Move: crawls (major action, movement).');
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'sprint' }).code).toBe('fallout/prone-no-sprint');
    const up = step(p, { type: 'act', actor: 'Nora', action: 'move', standUp: true });
    expect(since(p, up)).toEqual(['Nora: Move: stands up (minor action, movement).', 'Nora: Prone removed.']);
    expect(conditions(up, 'Nora')).toEqual([]);
    const drop = step(noraTurn(), { type: 'act', actor: 'Nora', action: 'sprint', prone: true });
    expect(conditions(drop, 'Nora')).toEqual(['Prone']);
    expect(refuse(noraTurn(), { type: 'act', actor: 'Nora', action: 'move', standUp: true }).code).toBe('fallout/not-prone');
  });

  // "Defend: [...] Make an AGI + Athletics test with a difficulty equal to your current Defense. If you succeed, add +1 to your Defense. For 2 AP, add an extra +1 to your Defense."
  it('Defend: AGI + Athletics vs current Defense; +1 Defense until the start of the next turn, +1 more for 2 AP', () => {
    const p = noraTurn({ partyPoolStart: 2 });
    const q = step(p, { type: 'act', actor: 'Nora', action: 'defend', extraAp: true, dice: { test: [5, 15] } });
    expect(since(p, q)).toEqual([
      'Nora: Defend (major action).',
      'Nora: Defend test, AGI 7 + Athletics 2 = 9, 1 success needed: 70%: [5, 15] = 1 success, success: Defense +2 until the start of Nora\'s next turn.',
      'The party pool: 2 → 0 AP (an extra +1 Defense, Nora).',
      "Nora: Defending +2 until the start of Nora's next turn.",
    ]);
    let r = step(q, { type: 'end-turn' });
    r = step(r, { type: 'end-turn' });
    const attack = step(r, { type: 'attack', actor: 'Raider', target: 'Nora', weapon: 'Machete', dice: { test: [8, 9] } });
    expect(attack.log).toContain("Raider's attack on Nora: difficulty 3 (Defense 3), STR 6 + Melee Weapons 2 = 8, 3 successes needed: 4%: [8, 9] = 1 success, failure.");
    let s = step(attack, { type: 'end-turn' });
    s = step(s, { type: 'end-turn' });
    s = step(s, { type: 'begin-turn' });
    expect(conditions(s, 'Nora')).toEqual([]);
    expect(s.log).toContain('Nora: Defending +2 expired.');
    const failed = step(p, { type: 'act', actor: 'Nora', action: 'defend', extraAp: true, dice: { test: [15, 16] } });
    expect(pool(failed)).toBe(2);
    expect(conditions(failed, 'Nora')).toEqual([]);
  });

  // "First Aid: [...] Make an INT + Medicine test, with a difficulty equal to the number of injuries the patient has, and increase the difficulty by 1 if you are trying to perform first aid on yourself.
  //  If you succeed, you can either: 1) Heal HP equal to your Medicine rating or 2) Treat one injury the patient is suffering from or 3) Stabilize a dying patient."
  it('First Aid: difficulty = injuries (+1 on oneself); heal Medicine rating, treat an injury, or stabilize', () => {
    const p = noraTurn({}, [], [{ type: 'damage', combatants: ['Piper', 'Nora'], amount: 5 }, { type: 'set-track', combatant: 'Piper', track: 'injuries', value: 2 }]);
    const heal = step(p, { type: 'act', actor: 'Nora', action: 'first-aid', target: 'Piper', dice: { test: [4, 8] } });
    expect(heal.log).toContain('Nora: First Aid test, INT 6 + Medicine 2 = 8, 2 successes needed: 22%: [4, 8] = 2 successes, success: heals HP equal to the Medicine rating.');
    expect(hp(heal, 'Piper')).toBe(7);
    const treat = step(p, { type: 'act', actor: 'Nora', action: 'first-aid', target: 'Piper', outcome: 'treat-injury', dice: { test: [1, 20] } });
    expect(track(treat, 'Piper', 'injuries')).toBe(1);
    const self = step(p, { type: 'act', actor: 'Nora', action: 'first-aid', target: 'Nora', dice: { test: [2, 13] } });
    expect(self.log.slice(-2)).toEqual([
      'Nora: First Aid test, INT 6 + Medicine 2 = 8, 1 success needed: 64%: [2, 13] = 1 success, success: heals HP equal to the Medicine rating.',
      expect.stringMatching(/^Nora heals 2 \(HP 7 → 9/),
    ]);
    expect(refuse(p, { type: 'act', actor: 'Nora', action: 'first-aid', target: 'Raider', outcome: 'treat-injury' }).code).toBe('fallout/no-injury');
  });

  // "Rally: [...] Make an END + Survival test with a difficulty of 0, and save any Action Points you generate."
  it('Rally: END + Survival at difficulty 0; every success is an AP saved to the pool', () => {
    const p = step(noraTurn({ partyPoolStart: 1 }), { type: 'act', actor: 'Nora', action: 'rally', dice: { test: [1, 6] } });
    expect(p.log.slice(-2)).toEqual([
      'Nora: Rally test, END 5 + Survival 1 = 6, no success needed: 100%: [1*, 6] = 3 successes, success, 3 AP.',
      'Nora generates 3 AP: the party pool 1 → 4.',
    ]);
    expect(pool(p)).toBe(4);
  });

  // "Pass: You choose not to do anything" and the simple minor actions
  it('Pass, Draw Item, Interact and Take Chem are logged with their cost', () => {
    let p = noraTurn({ partyPoolStart: 1 });
    p = step(p, { type: 'act', actor: 'Nora', action: 'take-chem', chem: 'Med-X', target: 'Piper' });
    p = step(p, { type: 'act', actor: 'Nora', action: 'interact', label: 'pushes the button' });
    p = step(p, { type: 'act', actor: 'Nora', action: 'pass' });
    expect(p.log.slice(-4)).toEqual([
      'Nora: Take Chem (Piper): Med-X (minor action).',
      'Nora: Interact: pushes the button (second minor action, 1 AP).',
      'The party pool: 1 → 0 AP (a second minor action, Nora).',
      'Nora: Pass (major action).',
    ]);
  });

  // "Command an NPC: If you have an allied NPC under your command, choose a single major action for them to take. If the action requires a test,
  //  then you automatically assist using your CHA + Speech (if the NPC is a person), CHA + Survival (if the NPC is an animal), or INT + Science (if the NPC is a robot)."
  it('Command an NPC: the NPC takes one major action; the commander assists its test (CHA + Survival for an animal)', () => {
    const dogmeat = { name: 'Dogmeat', side: 'Vault', stats: { type: 'creature', body: 5, mind: 4, npcType: 'animal', commandedOnly: true, skills: { melee: 2 }, hp: 8, weapons: [{ name: 'Bite', type: 'melee', damage: 3 }] } };
    const p = step(noraTurn({}, [dogmeat]), { type: 'act', actor: 'Nora', action: 'command-npc', target: 'Dogmeat' });
    expect(p.log.at(-1)).toBe('Nora commands Dogmeat: it takes one major action, Nora assisting its test.');
    expect(refuse(p, { type: 'act', actor: 'Dogmeat', action: 'move' }).code).toBe('fallout/commanded-major');
    const q = step(p, { type: 'attack', actor: 'Dogmeat', target: 'Raider', weapon: 'Bite', dice: { test: [3, 11], 'assist:Nora': 2, location: 5, damage: [1, 1, 1] } });
    expect(q.log).toContain("Dogmeat's attack on Raider: difficulty 1 (Defense 1), BODY 5 + Melee 2 = 7, 1 success needed: 58%: [3, 11] = 1 success; Nora assists [2] = 1 success → 2 successes, success, 1 AP.");
    expect(mod(q).pools.party).toBe(1);
    expect(refuse(q, { type: 'attack', actor: 'Dogmeat', target: 'Raider', weapon: 'Bite' }).code).toBe('turn/not-your-turn');
    expect(refuse(noraTurn(), { type: 'act', actor: 'Nora', action: 'command-npc', target: 'Raider' }).code).toBe('fallout/not-commandable');
  });

  // "Assist: You assist another character with their next test. When the character you are assisting takes their turn and attempts their task, you provide assistance."
  it('Assist: the helper rolls 1d20 on the ally\'s next test; it counts if the ally scores at least one success', () => {
    let p = step(noraTurn(), { type: 'act', actor: 'Nora', action: 'assist', target: 'Piper', attribute: 'agi', skill: 'athletics' });
    expect(p.log.at(-1)).toBe('Nora will assist Piper with their next test.');
    p = step(p, { type: 'end-turn' });
    const ok = step(p, { type: 'act', actor: 'Piper', action: 'test', attribute: 'agi', skill: 'athletics', difficulty: 2, dice: { test: [6, 17], 'assist:Nora': 1 } });
    expect(ok.log.at(-2)).toBe('Piper: Test test, AGI 5 + Athletics 1 = 6, 2 successes needed: 32%: [6, 17] = 1 success; Nora assists [1*] = 2 successes → 3 successes, success, 1 AP.');
    const none = step(p, { type: 'act', actor: 'Piper', action: 'test', attribute: 'agi', skill: 'athletics', difficulty: 1, dice: { test: [16, 17], 'assist:Nora': 1 } });
    expect(none.log.at(-1)).toContain('(no effect: the leader scored no success) → 0 successes, failure.');
  });

  // "If you have not yet acted this round, you may give up your turn later in the round to assist an ally when they attempt a skill test."
  it('an ally who has not acted may give up its turn to assist; it is then skipped this round', () => {
    let p = step(noraTurn(), { type: 'act', actor: 'Nora', action: 'test', attribute: 'per', skill: 'sneak', difficulty: 1, helpers: [{ actor: 'Piper' }], dice: { test: [3, 9], 'assist:Piper': 4 } });
    expect(p.log).toContain('Piper gives up its turn this round to assist Nora.');
    p = step(p, { type: 'end-turn' });
    expect(engine.whoMayAct(p.enc)).toMatchObject({ actor: id(p, 'Raider') });
    expect(refuse(noraTurn(), { type: 'act', actor: 'Nora', action: 'pass', helpers: [{ actor: 'Raider' }] }).code).toBe('command/invalid');
    expect(refuse(noraTurn(), { type: 'act', actor: 'Nora', action: 'rally', helpers: [{ actor: 'Raider' }] })).toMatchObject({ code: 'fallout/cannot-assist', message: "Raider is not Nora's ally: only an ally gives up its turn to assist." });
  });

  it('allowedActions lists every action of the text with its cost, and why one is not legal', () => {
    const p = step(noraTurn({ partyPoolStart: 0 }), { type: 'act', actor: 'Nora', action: 'move' });
    const byLabel = (xs: readonly ActionOption[]) => Object.fromEntries(xs.map((a) => [a.label, a]));
    const nora = byLabel(engine.allowedActions(p.enc, 'Nora')!);
    expect(Object.keys(nora)).toEqual(expect.arrayContaining([
      'Aim (re-roll 1d20 on the first attack roll this turn)', 'Draw Item', 'Interact', 'Move (one zone, within Medium range)', 'Take Chem',
      'Assist an ally with their next test', 'Command an NPC', 'Defend (AGI + Athletics vs current Defense: +1 Defense, +1 more for 2 AP)', 'First Aid (INT + Medicine)',
      'Pass', 'Rally (END + Survival, difficulty 0: save the AP)', 'Ready a major action for a situation', 'Sprint (two zones, within Long range)', "Skill test (with the GM's permission)",
      'End the turn', 'Spend a Luck point to take the turn now',
    ]));
    expect(nora['Draw Item']).toMatchObject({ cost: 'minor + 1 AP', legal: false, reason: 'The party pool has 0 AP; a second minor action costs 1.' });
    expect(nora['Sprint (two zones, within Long range)']).toMatchObject({ legal: false, reason: 'Nora has already taken a movement action this turn: no more than one movement action per turn.' });
    expect(nora['Pass']).toMatchObject({ cost: 'major', legal: true });
    expect(nora['Attack Raider with 10mm pistol: difficulty 1 (Defense 1), 1 success needed: 75%']).toMatchObject({ legal: true, preset: { weapon: '10mm pistol', target: id(p, 'Raider') } });
    const piper = engine.allowedActions(p.enc, 'Piper')!;
    expect(piper.find((a) => a.label === 'Pass')).toMatchObject({ legal: false, reason: "It is not Piper's turn: it is Nora's turn." });
  });
});
