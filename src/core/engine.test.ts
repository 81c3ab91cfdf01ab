import { describe, expect, it } from 'vitest';
import { custom } from '../rules/custom/index.ts';
import type { RuleModule } from './rule-module.ts';
import { createEngine } from './engine.ts';
import type { Encounter } from './encounter.ts';
import type { StoredEvent } from './events.ts';

const engine = createEngine([custom as RuleModule]);

/** A fresh encounter with commands applied; throws on a rejection (tests want to see it). */
function play(commands: unknown[], seed = 7): { enc: Encounter; events: StoredEvent[] } {
  const created = engine.create({ rules: 'custom', seed, title: 'Test' });
  if (!created.ok) throw new Error(created.rejection.message);
  const applied = engine.apply(engine.replay([]), created.events);
  let enc = applied.encounter;
  const events = applied.events;
  const all = [...events];
  for (const c of commands) {
    const r = engine.execute(enc, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.rejection.code} ${r.rejection.message}`);
    enc = r.encounter;
    all.push(...r.events);
  }
  return { enc, events: all };
}

const party = [
  { type: 'add-combatant', name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 },
  { type: 'add-combatant', name: 'Goblin', hp: 5, count: 2 },
];
const fight = [...party, { type: 'start', dice: { Vasquez: 15, Goblin: 12, 'Goblin 2': 4 } }];

describe('creating an encounter', () => {
  it('names the rule modules when asked for one that does not exist', () => {
    const r = engine.create({ rules: 'dnd', seed: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rejection).toMatchObject({ code: 'encounter/unknown-rules', message: expect.stringContaining('custom') });
  });
  it('rejects invalid options with the field named', () => {
    const r = engine.create({ rules: 'custom', seed: 1, options: { tieBreak: 'coin' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rejection.message).toContain('tieBreak');
  });
});

describe('combatants', () => {
  it('numbers duplicates, creates sides, and starts tracks from hp', () => {
    const { enc } = play(party);
    const names = enc.state.roster.map((id) => enc.state.combatants[id]!.name);
    expect(names).toEqual(['Vasquez', 'Goblin', 'Goblin 2']);
    expect(enc.state.sides.crew).toEqual({ id: 'crew', name: 'Crew', players: true });
    expect(enc.state.sides.npcs?.players).toBe(false);
    expect(enc.state.combatants.c1!.tracks.hp).toEqual({ value: 12, max: 12 });
  });
  it('refers to combatants by name or id and explains unknown names', () => {
    const { enc } = play(party);
    const r = engine.execute(enc, { type: 'damage', combatants: ['goblin 2', 'c1'], amount: 3 });
    expect(r.ok).toBe(true);
    const bad = engine.decide(enc, { type: 'damage', combatants: ['Gobin'], amount: 3 });
    expect(bad).toMatchObject({ ok: false, rejection: { code: 'combatant/unknown' } });
    if (!bad.ok) expect(bad.rejection.message).toContain('Goblin 2');
  });
  it('HP reaching 0 defeats the combatant, in the log', () => {
    const { enc, events } = play([...party, { type: 'damage', combatants: ['Goblin'], amount: 9 }]);
    expect(enc.state.combatants.c2!.defeated).toBe(true);
    expect(enc.state.combatants.c2!.tracks.hp!.value).toBe(0);
    const log = engine.log(events).map((l) => l.text);
    expect(log).toContain('Goblin takes 5 damage (HP 5 → 0).');
    expect(log).toContain('Goblin is defeated (reduced to 0 HP).');
  });
});

describe('bad input changes nothing', () => {
  const { enc } = play(party);
  it.each([
    [null, 'command/invalid'],
    [[1, 2], 'command/invalid'],
    [{ type: 'fly' }, 'command/unknown'],
    [{ type: 'damage', combatants: ['Vasquez'], amount: -4 }, 'command/invalid'],
    [{ type: 'damage', combatants: ['Vasquez'], amount: 2, extra: true }, 'command/invalid'],
    [{ type: 'damage', combatants: ['Vasquez'], amount: 2, track: 'luck' }, 'track/unknown'],
    [{ type: 'end-turn' }, 'fight/not-started'],
    [{ type: 'redo', dice: {} }, 'redo/nothing'],
  ])('%j is rejected with %s', (command, code) => {
    const before = JSON.stringify(enc);
    const r = engine.execute(enc, command);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.rejection.code).toBe(code);
      expect(r.rejection.message).toMatch(/\w/);
    }
    expect(JSON.stringify(enc)).toBe(before);
  });
});

describe('typed-in dice', () => {
  it('are used exactly and recorded like engine rolls', () => {
    const { enc } = play(fight);
    const init = (enc.state.module as { initiative: Record<string, { total: number; roll: { source: string } }> }).initiative;
    expect(init.c1!.total).toBe(15);
    expect(init.c1!.roll.source).toBe('entered');
  });
  it('that a die cannot show are refused', () => {
    const { enc } = play(party);
    const r = engine.decide(enc, { type: 'roll-initiative', dice: { Vasquez: 21 } });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'dice/entered' } });
  });
  it('under a key no roll uses are refused rather than ignored', () => {
    const { enc } = play(party);
    const r = engine.decide(enc, { type: 'roll-initiative', dice: { Vasquez: 3, Vaskez: 4 } });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'dice/unused' } });
  });
});

describe('undo and redo are events that restore everything', () => {
  it('restores HP, defeat, conditions, the round and who acted', () => {
    const { enc } = play([...fight, { type: 'add-condition', combatants: ['Goblin'], name: 'Stunned', duration: { rounds: 1 } }, { type: 'end-turn' }]);
    const hit = engine.execute(enc, { type: 'attack', actor: 'Goblin', target: 'Vasquez', hit: '1d20', vs: 10, damage: '1d12', dice: { hit: 15, damage: 12 } });
    if (!hit.ok) throw new Error(hit.rejection.message);
    expect(hit.encounter.state.combatants.c1!.defeated).toBe(true);
    const undone = engine.execute(hit.encounter, { type: 'undo' });
    if (!undone.ok) throw new Error(undone.rejection.message);
    expect(undone.encounter.state).toEqual(enc.state);
    const redone = engine.execute(undone.encounter, { type: 'redo' });
    if (!redone.ok) throw new Error(redone.rejection.message);
    expect(redone.encounter.state).toEqual(hit.encounter.state);
  });
  it('the log keeps undone commands, marked, and never rewrites', () => {
    const { events } = play([...party, { type: 'damage', combatants: ['Vasquez'], amount: 2 }, { type: 'undo' }]);
    const log = engine.log(events);
    expect(log.at(-1)!.text).toBe('Undo: Vasquez takes 2 damage (HP 12 → 10).');
    expect(log.find((l) => l.text.startsWith('Vasquez takes'))!.undone).toBe(true);
  });
  it('a new command clears redo; the dice position is not rewound by undo', () => {
    const { enc } = play([...party, { type: 'roll-initiative' }, { type: 'undo' }]);
    expect(enc.redo).not.toBeNull();
    const again = engine.execute(enc, { type: 'damage', combatants: ['Vasquez'], amount: 1 });
    if (!again.ok) throw new Error(again.rejection.message);
    expect(again.encounter.redo).toBeNull();
    expect(engine.decide(again.encounter, { type: 'redo' })).toMatchObject({ ok: false, rejection: { code: 'redo/nothing' } });
    const fresh = play(party).enc;
    expect(enc.rng).not.toEqual(fresh.rng);
  });
});

describe('the turn never moves because of roster changes', () => {
  const { enc } = play(fight);
  const actor = (e: Encounter): unknown => (engine.whoMayAct(e) as { actor?: string }).actor;
  it('starts with the highest initiative', () => expect(actor(enc)).toBe('c1'));
  it('adding a faster combatant mid-fight', () => {
    const r = engine.execute(enc, { type: 'add-combatant', name: 'Ninja', dice: { Ninja: 20 } });
    if (!r.ok) throw new Error(r.rejection.message);
    expect(actor(r.encounter)).toBe('c1');
    // Its place this round has passed: it acts from the next round on.
    let e = r.encounter;
    const order: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const n = engine.execute(e, { type: 'end-turn' });
      if (!n.ok) throw new Error(n.rejection.message);
      e = n.encounter;
      order.push(actor(e));
    }
    expect(order).toEqual(['c2', 'c3', 'c4', 'c1']);
    expect(e.state.round).toBe(2);
  });
  it('removing or reordering someone else', () => {
    const removed = engine.execute(enc, { type: 'remove-combatant', combatant: 'Goblin' });
    if (!removed.ok) throw new Error(removed.rejection.message);
    expect(actor(removed.encounter)).toBe('c1');
    const moved = engine.execute(enc, { type: 'reorder', combatant: 'Goblin 2', before: 'Vasquez' });
    if (!moved.ok) throw new Error(moved.rejection.message);
    expect(actor(moved.encounter)).toBe('c1');
  });
  it('removing the actor hands the turn on as ending it would', () => {
    const removed = engine.execute(enc, { type: 'remove-combatant', combatant: 'Vasquez' });
    if (!removed.ok) throw new Error(removed.rejection.message);
    expect(actor(removed.encounter)).toBe('c2');
  });
});

describe('conditions expire by themselves', () => {
  it('after N rounds and at the end of a named turn, and come back on undo', () => {
    const { enc, events } = play([
      ...fight,
      { type: 'add-condition', combatants: ['Goblin'], name: 'Stunned', duration: { rounds: 1 } },
      { type: 'add-condition', combatants: ['Goblin 2'], name: 'Marked', duration: { until: 'turn-start', of: 'Goblin' } },
      // Applied during Vasquez's turn: "until the end of her next turn" is the turn after this one.
      { type: 'add-condition', combatants: ['Goblin 2'], name: 'Dodging', duration: { until: 'turn-end', of: 'Vasquez' } },
      { type: 'end-turn' },
    ]);
    expect(enc.state.combatants.c3!.conditions.map((k) => k.name)).toEqual(['Dodging']);
    expect(engine.log(events).map((l) => l.text)).toContain('Goblin 2: Marked expired.');
    let e = enc;
    for (let i = 0; i < 2; i++) {
      const r = engine.execute(e, { type: 'end-turn' });
      if (!r.ok) throw new Error(r.rejection.message);
      e = r.encounter;
    }
    expect(e.state.round).toBe(2);
    expect(e.state.combatants.c2!.conditions).toEqual([]);
    expect(e.state.combatants.c3!.conditions.map((k) => k.name)).toEqual(['Dodging']);
    const u = engine.execute(e, { type: 'undo' });
    if (!u.ok) throw new Error(u.rejection.message);
    expect(u.encounter.state.combatants.c2!.conditions.map((k) => k.name)).toEqual(['Stunned']);
    const r = engine.execute(e, { type: 'end-turn' });
    if (!r.ok) throw new Error(r.rejection.message);
    expect(r.encounter.state.combatants.c3!.conditions).toEqual([]);
  });
});

describe('replay', () => {
  it('folding the stored log gives the same encounter', () => {
    const { enc, events } = play([...fight, { type: 'end-turn' }, { type: 'damage', combatants: ['Vasquez'], amount: 4 }, { type: 'undo' }]);
    const again = engine.replay(JSON.parse(JSON.stringify(events)) as StoredEvent[]);
    expect(again.state).toEqual(enc.state);
    expect(again.version).toBe(enc.version);
    expect(again.rng).toEqual(enc.rng);
  });
});

describe('tracks that rise with damage, and reopening', () => {
  it('damage raises a rising track (less-lethal damage) and heal lowers it; the log names it', () => {
    const { enc, events } = play([
      { type: 'add-combatant', name: 'Razor', hp: 8, tracks: { stun: { value: 0, min: 0, max: 20, rising: true, label: 'stun damage' } } },
      { type: 'damage', combatants: ['Razor'], amount: 5, track: 'stun' },
      { type: 'heal', combatants: ['Razor'], amount: 2, track: 'stun' },
    ]);
    expect(enc.state.combatants.c1!.tracks.stun).toEqual({ value: 3, min: 0, max: 20, rising: true, label: 'stun damage' });
    expect(engine.log(events).map((l) => l.text).slice(-2)).toEqual(['Razor: stun damage 0 → 5.', 'Razor: stun damage 5 → 3.']);
  });
  it('reopening an ended encounter returns it to exactly where it was', () => {
    const { enc } = play([...party, { type: 'end-encounter', reason: 'they fled' }]);
    expect(enc.state.status).toBe('ended');
    expect(engine.decide(enc, { type: 'damage', combatants: ['Vasquez'], amount: 1 })).toMatchObject({ ok: false, rejection: { code: 'encounter/ended' } });
    const r = engine.execute(enc, { type: 'reopen-encounter' });
    if (!r.ok) throw new Error(r.rejection.message);
    expect(r.encounter.state).toEqual(play(party).enc.state);
  });
});

describe('GM-only log lines stay GM-only', () => {
  it('GM notes and hidden joiners are GM-only; lines naming a hidden combatant record it, undo lines too', () => {
    const { events } = play([
      { type: 'add-combatant', name: 'Vasquez', kind: 'pc', hp: 10 },
      { type: 'add-combatant', name: 'Sniper', hidden: true, hp: 6 },
      { type: 'note', text: 'The sniper is a double agent', gmOnly: true },
      { type: 'undo' },
      { type: 'add-condition', combatants: ['Vasquez'], name: 'Marked', duration: { until: 'turn-start', of: 'Sniper' } },
      { type: 'undo' },
      { type: 'damage', combatants: ['Vasquez'], amount: 1 },
      { type: 'undo' },
    ]);
    const log = engine.log(events);
    const line = (start: string): { gmOnly: boolean; hidden: readonly string[] }[] =>
      log.filter((l) => l.text.startsWith(start)).map((l) => ({ gmOnly: l.gmOnly, hidden: l.hidden }));
    expect(line('Sniper joins')).toEqual([{ gmOnly: true, hidden: ['c2'] }]);
    expect(line('The sniper is')).toEqual([{ gmOnly: true, hidden: [] }]);
    expect(line('Undo: The sniper')).toEqual([{ gmOnly: true, hidden: [] }]);
    expect(line('Vasquez: Marked')).toEqual([{ gmOnly: false, hidden: ['c2'] }]);
    expect(line('Undo: Vasquez: Marked')).toEqual([{ gmOnly: false, hidden: ['c2'] }]);
    expect(line('Vasquez takes 1 damage')).toEqual([{ gmOnly: false, hidden: [] }]);
    expect(line('Undo: Vasquez takes')).toEqual([{ gmOnly: false, hidden: [] }]);
  });
});
