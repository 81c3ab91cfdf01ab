import { describe, expect, it } from 'vitest';
import type { AttackedEvent } from './events.ts';
import { attempt, cast, engine, run } from './testing.ts';

const all = [cast.Kenji, cast.Goro, cast.Aiko];
/** Kenji 19 acts first, then Goro 12, then Aiko 9. */
const start = { type: 'start', dice: { Kenji: [5, 5, 3], Goro: [5, 3], Aiko: [3, 2] } };
const attacked = (r: ReturnType<typeof run>): AttackedEvent =>
  r.events.map((e) => e.event).filter((e): e is AttackedEvent => e.type === 'kuro/attacked').at(-1)!;
const hp = (r: ReturnType<typeof run>, id: string): number => r.s.combatants[id]!.tracks.hp!.value;

describe('kuro attacks', () => {
  // "Normal Attack: ... The player makes an Action Check of (Dexterity + appropriate skill) with a Target Number equal to his opponent's Defence score."
  it('Normal Attack: DEX + skill against the target\'s Defence; the damage goes to HP', () => {
    const r = run({ combatants: all, commands: [start, { type: 'attack', actor: 'Kenji', target: 'Goro', dice: { attack: [5, 2, 4], damage: [3, 4] } }] });
    const e = attacked(r);
    expect(e).toMatchObject({ kind: 'normal', tn: 8, hit: true, damage: 7, pending: false });
    expect(e.attack).toMatchObject({ characteristic: 'DEX', value: 3, skill: 'Kenjutsu', level: 2 });
    expect(hp(r, 'c2')).toBe(5);
    expect(r.log).toContain(
      'Kenji: Normal Attack on Goro with Katana (DEX 3 + Kenjutsu 2): 3dK+2: [5, 2, 0:unlucky] + 2 = 9 (unlucky: 1) vs TN 8 (Defence 8): hit, 7 points of damage (2d6: [3, 4] = 7).',
    );
    expect(r.log).toContain('Goro takes 7 damage (HP 12 → 5).');
  });

  // "Example: A character with a STR of 3 decides to make a Power Attack with a strength of 2. The TN is increased by +2, and if he manages to hit his opponent, the damage done is increased by a total of +4 (double the +2)."
  it('the Power Attack example: STR 3 investing 2, TN +2, damage +4', () => {
    const power = (attack: number[]) => ({ type: 'attack', actor: 'Kenji', target: 'Goro', kind: 'power', invest: 2, dice: { attack, damage: [3, 4] } });
    const hit = run({ combatants: all, commands: [start, power([5, 2, 1])] });
    expect(attacked(hit)).toMatchObject({ tn: 10, tnModifier: 2, hit: true, damage: 11, damageModifier: 4 });
    expect(attacked(hit).attack).toMatchObject({ characteristic: 'STR', value: 3 });
    expect(hp(hit, 'c2')).toBe(1);
    expect(hit.log).toContain(
      'Kenji: Power Attack on Goro with Katana (STR 3 + Kenjutsu 2, investing 2 STR): 3dK+2: [5, 2, 1] + 2 = 10 vs TN 10 (Defence 8 + 2): hit, 11 points of damage (2d6: [3, 4] = 7, +4 for 2 STR invested).',
    );
    // The same 9 that hits Defence 8 with a Normal Attack misses the Power Attack's TN 10 (no damage roll).
    const miss = run({ combatants: all, commands: [start, { ...power([5, 2, 4]), dice: { attack: [5, 2, 4] } }] });
    expect(attacked(miss)).toMatchObject({ tn: 10, hit: false });
    expect(hp(miss, 'c2')).toBe(12);
  });

  // "Example: A character with a REF of 3 decides to make a Fast Attack and invests 2 points of Reflexes in the attack. In this case, the TN is reduced by -2, and if the target is damaged, the damage inflicted is reduced by 4 points"
  it('the Fast Attack example: REF 3 investing 2, TN -2, damage -4', () => {
    const r = run({
      combatants: all,
      commands: [start, { type: 'attack', actor: 'Kenji', target: 'Goro', kind: 'fast', invest: 2, dice: { attack: [1, 1, 2], damage: [3, 4] } }],
    });
    expect(attacked(r)).toMatchObject({ tn: 6, tnModifier: -2, hit: true, damage: 3, damageModifier: -4 });
    expect(hp(r, 'c2')).toBe(9);
    expect(r.log).toContain(
      'Kenji: Fast Attack on Goro with Katana (REF 3 + Kenjutsu 2, investing 2 REF): 3dK+2: [1, 1, 2] + 2 = 6 vs TN 6 (Defence 8 - 2): hit, 3 points of damage (2d6: [3, 4] = 7, -4 for 2 REF invested).',
    );
  });

  // "The Action Check is made with the character's usual Strength or Reflexes no matter how much of either characteristic is invested in the attack."
  it('investing does not shrink the dice pool', () => {
    for (const invest of [1, 2, 3]) {
      const r = run({ combatants: all, commands: [start, { type: 'attack', actor: 'Kenji', target: 'Goro', kind: 'power', invest, dice: { attack: [1, 1, 1] } }] });
      expect(attacked(r).attack.roll.notation).toBe('3dK+2');
    }
  });

  // "choosing to invest some or all of his Strength score in the attack (at least 1 point, but not more than his Strength score)"
  // "The player decides how much of his character's Reflexes he will invest in the roll (at least 1 point, but not more than his Reflexes score)."
  it.each([
    [{ kind: 'power', invest: 4 }, 'kuro/invest-too-high', 'Kenji can invest at most 3 Strength (his STR) in a Power Attack.'],
    [{ kind: 'power', invest: 0 }, 'kuro/invest-too-low', 'Kenji must invest at least 1 Strength in a Power Attack (1 to 3, his STR).'],
    [{ kind: 'power' }, 'kuro/invest-missing', 'Say how much Strength Kenji invests in the Power Attack: 1 to 3 (his STR).'],
    [{ kind: 'fast', invest: 5 }, 'kuro/invest-too-high', 'Kenji can invest at most 3 Reflexes (his REF) in a Fast Attack.'],
    [{ kind: 'normal', invest: 1 }, 'kuro/invest-normal', expect.stringContaining('A Normal Attack invests nothing')],
    [{ weapon: 'Spear' }, 'kuro/unknown-weapon', 'Kenji has no weapon called "Spear" (weapons: Katana).'],
    [{ skill: 'Bojutsu' }, 'kuro/unknown-skill', 'Kenji has no skill "Bojutsu" (skills: Kenjutsu 2). To act untrained, add it at level 0 (update-combatant).'],
    [{ target: 'Kenji' }, 'kuro/attack-self', 'Kenji cannot be both the attacker and the target.'],
  ])('investment limits are enforced and explained: %j', (fields, code, message) => {
    const r = attempt({ combatants: all, commands: [start] }, { type: 'attack', actor: 'Kenji', target: 'Goro', ...fields });
    expect(r).toMatchObject({ ok: false, rejection: { code, message } });
  });

  // "with a Target Number equal to his opponent's Defence score": README assumption 6.
  it('a target without a Defence needs "vs"', () => {
    const r = attempt({ combatants: [cast.Kenji, { name: 'Dummy', stats: {} }], commands: [{ type: 'start', dice: { Kenji: [1, 1, 1], Dummy: [1, 1] } }] }, { type: 'attack', actor: 'Kenji', target: 'Dummy' });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'kuro/no-defence' } });
  });

  // "If his opponent chooses to parry or dodge the roll is an Opposed Check."
  it('a parry makes it an opposed check: the attack must beat the parry, a tie goes to the defender; the parry costs Goro his action', () => {
    const r = run({
      combatants: all,
      commands: [start, { type: 'attack', actor: 'Kenji', target: 'Goro', defence: 'parry', dice: { attack: [5, 3, 1], defence: [5, 5] } }, { type: 'end-turn' }],
    });
    expect(attacked(r)).toMatchObject({ defence: 'parry', tn: 11, hit: false, defenceCost: true });
    expect(attacked(r).opposed).toMatchObject({ characteristic: 'DEX', value: 2, skill: 'Kenjutsu', level: 1 });
    expect(r.log).toContain(
      "Kenji: Normal Attack on Goro with Katana (DEX 3 + Kenjutsu 2): 3dK+2: [5, 3, 1] + 2 = 11 vs Goro's parry 11 (DEX 2 + Kenjutsu 1: 2dK+1: [5, 5] + 1 = 11; opposed, a tie goes to the defender): miss. Goro gives up an action of this game turn for the parry.",
    );
    // Goro's only action went into the parry: Aiko is next.
    expect(engine.whoMayAct(r.enc)).toMatchObject({ actor: 'c3' });
  });

  // "If his opponent chooses to parry or dodge the roll is an Opposed Check." README assumptions 2 and 3.
  it('a dodge is REF + Dodge; a Power Attack adds its investment to the defender\'s total', () => {
    const r = run({
      combatants: all,
      commands: [
        start,
        { type: 'attack', actor: 'Kenji', target: 'Aiko', kind: 'power', invest: 1, defence: 'dodge', dice: { attack: [6, 5, 5, 2], defence: [1, 1, 1, 1, 2] } },
      ],
    });
    // 18 + 2 = 20 against Aiko's 5dK+2 = 8 + 1 = 9: hit for 2d6 + 2.
    expect(attacked(r)).toMatchObject({ tn: 9, hit: true });
    expect(attacked(r).opposed).toMatchObject({ characteristic: 'REF', value: 5, skill: 'Dodge', level: 2 });
    expect(attacked(r).damage).toBe((attacked(r).damageRoll?.total ?? 0) + 2);
  });

  // README assumption 4: a parry or dodge costs one of the actions still to come (option defenceCostsAction).
  it('a defender with no action left this game turn cannot parry or dodge', () => {
    const end = { type: 'end-turn' };
    const r = attempt({ combatants: all, commands: [start, end, end, end] }, { type: 'attack', actor: 'Kenji', target: 'Goro', defence: 'parry' });
    expect(r).toMatchObject({
      ok: false,
      rejection: { code: 'kuro/cannot-defend', message: 'Goro has no action left in game turn 1 to parry with (a parry or dodge costs one of the actions still to come): attack with no defence (attack {defence: none}).' },
    });
    const free = attempt({ options: { defenceCostsAction: false }, combatants: all, commands: [start, end, end, end] }, {
      type: 'attack', actor: 'Kenji', target: 'Goro', defence: 'parry', dice: { attack: [1, 1, 1], defence: [1, 1] },
    });
    expect(free.ok).toBe(true);
  });

  // "Starting with the first phase, each participant carries out his first action, and then the second action in the second phase"
  it('one action per phase: a second one is refused', () => {
    const r = attempt(
      { combatants: all, commands: [start, { type: 'act', actor: 'Kenji', label: 'Draws his katana' }] },
      { type: 'attack', actor: 'Kenji', target: 'Goro' },
    );
    expect(r).toMatchObject({
      ok: false,
      rejection: { code: 'kuro/action-used', message: 'Kenji has already used the phase 1 action (Draws his katana): one action per phase. End the turn (end-turn).' },
    });
    const other = attempt({ combatants: all, commands: [start] }, { type: 'attack', actor: 'Goro', target: 'Kenji' });
    expect(other).toMatchObject({ ok: false, rejection: { code: 'turn/not-your-turn', message: "It is not Goro's turn (game turn 1, phase 1: it is Kenji's)." } });
  });

  // Issue: "Damage applied to HP." The core defeats at 0 HP; defeated combatants are skipped.
  it('reaching 0 HP defeats the target, who is then skipped', () => {
    const r = run({
      combatants: all,
      commands: [start, { type: 'attack', actor: 'Kenji', target: 'Goro', kind: 'power', invest: 3, dice: { attack: [6, 6, 1, 5, 5], damage: [6, 6] } }, { type: 'end-turn' }],
    });
    expect(r.log).toContain('Goro is defeated (reduced to 0 HP).');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ actor: 'c3' });
  });
});

describe('kuro: simultaneous actions', () => {
  /** Goro and Aiko tie at 12; Kenji, at 9, acts after them. Goro has 4 HP, Aiko 5. */
  const tied = [cast.Kenji, { ...cast.Goro, hp: 4 }, { ...cast.Aiko, hp: 5 }];
  const startTied = { type: 'start', dice: { Kenji: [1, 1, 1], Goro: [5, 3], Aiko: [5, 3] } };
  const goroHits = { type: 'attack', actor: 'Goro', target: 'Aiko', dice: { attack: [6, 2, 3] } };
  const aikoHits = { type: 'attack', actor: 'Aiko', target: 'Goro', kind: 'power', invest: 1, dice: { attack: [6, 1] } };

  // "In the case of a tie, all characters with the same initiative act at the same time (simultaneous actions)."
  it('both can drop each other: the slot\'s damage lands together when it resolves', () => {
    const r = run({ combatants: tied, commands: [startTied, goroHits, aikoHits, { type: 'end-turn' }] });
    expect(r.log).toEqual(
      expect.arrayContaining([
        'Goro: Normal Attack on Aiko with Nodachi (DEX 2 + Kenjutsu 1): 2dK+1: [6!, 2, 3] + 1 = 12 vs TN 10 (Defence 10): hit, 6 points of damage (Nodachi 6), landing when the slot resolves.',
        'Aiko: Power Attack on Goro with Tanto (STR 1 + Tanto 3, investing 1 STR): 1dK+3: [6!, 1] + 3 = 10 vs TN 9 (Defence 8 + 1): hit, 5 points of damage (Tanto 3, +2 for 1 STR invested), landing when the slot resolves.',
        'Phase 1: Goro and Aiko acted at the same time; 2 hits land together.',
        'Aiko takes 5 damage (HP 5 → 0).',
        'Aiko is defeated (reduced to 0 HP).',
        'Goro takes 4 damage (HP 4 → 0).',
        'Goro is defeated (reduced to 0 HP).',
      ]),
    );
    expect(r.s.combatants.c2!.defeated).toBe(true);
    expect(r.s.combatants.c3!.defeated).toBe(true);
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'actor', actor: 'c1', phase: 1 });
  });

  // "all characters with the same initiative act at the same time": README assumption 10, nobody is kept from acting by a hit from his own slot.
  it('while the slot is open, a member hit by another is still standing and may act', () => {
    const r = run({ combatants: tied, commands: [startTied, goroHits] });
    expect(r.s.combatants.c3!.tracks.hp!.value).toBe(5);
    expect(engine.allowedActions(r.enc, 'Aiko')!.find((a) => a.label.startsWith('Normal Attack'))).toMatchObject({ legal: true });
    expect(engine.allowedActions(r.enc, 'Goro')!.find((a) => a.label.startsWith('Normal Attack'))).toMatchObject({ legal: false });
  });

  // README assumption 10: the slot resolves once every member has declared or passed.
  it('the slot resolves only when everyone in it has declared or passed', () => {
    const r = attempt({ combatants: tied, commands: [startTied, goroHits] }, { type: 'end-turn' });
    expect(r).toMatchObject({
      ok: false,
      rejection: {
        code: 'kuro/group-undeclared',
        message: 'Goro and Aiko act at the same time and Aiko has not declared an action yet: declare it (attack, act) or pass it (end-turn {actor: Aiko}).',
      },
    });
    const passed = run({ combatants: tied, commands: [startTied, goroHits, { type: 'end-turn', actor: 'Aiko' }] });
    expect(passed.log).toContain('Aiko does nothing in phase 1.');
    expect(passed.s.combatants.c3!.defeated).toBe(true);
    expect(engine.whoMayAct(passed.enc)).toMatchObject({ actor: 'c1' });
    const waiting = attempt({ combatants: tied, commands: [startTied, goroHits] }, { type: 'end-turn', actor: 'Goro' });
    expect(waiting).toMatchObject({ ok: false, rejection: { code: 'kuro/waiting-for' } });
  });

  // Issue: "lets their actions be declared in any order, and resolves them together".
  it('declarations can come in any order', () => {
    const a = run({ combatants: tied, commands: [startTied, goroHits, aikoHits, { type: 'end-turn' }] });
    const b = run({ combatants: tied, commands: [startTied, aikoHits, goroHits, { type: 'end-turn' }] });
    for (const id of ['c1', 'c2', 'c3']) expect(b.s.combatants[id]).toEqual(a.s.combatants[id]);
  });
});

describe('kuro: allowed actions', () => {
  // Issue: "allowedActions(state, id) lists every action with legal true/false and the reason when not legal."
  it('lists every action, legal or not, with the reason', () => {
    const { enc } = run({ combatants: [cast.Kenji, cast.Goro, { ...cast.Aiko, stats: { ...cast.Aiko.stats, STR: 0 } }], commands: [start] });
    const kenji = engine.allowedActions(enc, 'Kenji')!;
    expect(kenji.filter((a) => a.legal).map((a) => a.label)).toEqual(
      expect.arrayContaining(['Normal Attack (DEX + skill vs Defence)', 'Other action', 'End turn']),
    );
    const aiko = engine.allowedActions(enc, 'Aiko')!;
    expect(aiko.find((a) => a.label.startsWith('Power Attack'))).toMatchObject({ legal: false, reason: "It is not Aiko's turn (phase 1: Kenji)." });
    expect(aiko.find((a) => a.label.startsWith('Parry'))).toMatchObject({ legal: true, cost: 'one action this game turn' });
    expect(aiko.find((a) => a.label.startsWith('Roll initiative'))).toMatchObject({ legal: false });
  });
});

describe('kuro: allowed actions in a simultaneous slot', () => {
  // README assumption 10: the slot resolves once every member has declared or passed.
  it('ending the slot is not offered to a member who declared while another is still to declare', () => {
    const tied = [cast.Kenji, cast.Goro, cast.Aiko];
    const { enc } = run({
      combatants: tied,
      commands: [{ type: 'start', dice: { Kenji: [1, 1, 1], Goro: [5, 3], Aiko: [5, 3] } }, { type: 'act', actor: 'Goro', label: 'Shouts' }],
    });
    expect(engine.allowedActions(enc, 'Goro')!.find((a) => a.command === 'end-turn')).toMatchObject({ legal: false, reason: 'Waiting for Aiko to declare an action or pass.' });
    expect(engine.allowedActions(enc, 'Aiko')!.find((a) => a.command === 'end-turn')).toMatchObject({ legal: true, label: 'Aiko passes (does nothing this phase)', preset: { actor: 'c3' } });
  });
});
