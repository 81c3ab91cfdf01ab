import { gmReader, renderLogParts } from '../../core/index.ts';
import { describe, expect, it } from 'vitest';
import { nameOf } from '../../core/index.ts';
import { turnSummary } from './queries.ts';
import type { KuroEncounter } from './state.ts';
import { attempt, cast, engine, run } from './testing.ts';

const all = [cast.Kenji, cast.Goro, cast.Aiko];
const start = { type: 'start', dice: { Kenji: [5, 5, 3], Goro: [5, 3], Aiko: [3, 2] } };
const tiedStart = { type: 'start', dice: { Kenji: [1, 1, 1], Goro: [5, 3], Aiko: [5, 3] } };

describe('kuro: combatants coming and going', () => {
  // README assumption 14: the held hits a removed combatant dealt or received are dropped.
  it('removing one member of a simultaneous slot drops the hits that involve him; the others carry on', () => {
    const { s, enc, log } = run({
      combatants: all,
      commands: [
        tiedStart,
        { type: 'attack', actor: 'Goro', target: 'Aiko', dice: { attack: [6, 2, 3] } },
        { type: 'remove-combatant', combatant: 'Goro' },
      ],
    });
    expect(engine.whoMayAct(enc)).toMatchObject({ kind: 'actor', actor: 'c3', phase: 1 });
    expect(s.module.pending).toEqual([]);
    expect(log.slice(-2)).toEqual(["End of Goro's turn.", 'Goro leaves the fight.']);
    const after = engine.execute(enc, { type: 'end-turn' });
    expect(after.ok && after.encounter.state.combatants.c3!.tracks.hp!.value).toBe(10);
  });

  // README assumption 12: someone back in the fight without an initiative rolls at once.
  it('a combatant back in the fight during the phases rolls initiative at once (dice key: his name)', () => {
    const { s } = run({
      combatants: all,
      commands: [
        { type: 'set-defeated', combatant: 'Goro' },
        { type: 'start', dice: { Kenji: [5, 5, 3], Aiko: [3, 2] } },
        { type: 'set-defeated', combatant: 'Goro', defeated: false, dice: { Goro: [1, 1] } },
      ],
    });
    expect(s.module.initiative.c2!.total).toBe(6);
    expect(s.module.track.slots.map((slot) => nameOf(s, slot.members[0]!))).toEqual(['Kenji', 'Aiko', 'Goro']);
  });

  // README assumptions 12 and 16: healed above 0 HP is back in the fight, as with set-defeated false.
  it('a combatant healed from 0 HP during the phases is back in the fight and rolls initiative at once', () => {
    const { s, enc, log } = run({
      combatants: all,
      commands: [
        { type: 'damage', combatants: ['Goro'], amount: 12 },
        { type: 'start', dice: { Kenji: [5, 5, 3], Aiko: [3, 2] } },
        { type: 'heal', combatants: ['Goro'], amount: 5, dice: { Goro: [1, 1] } },
      ],
    });
    expect(s.combatants.c2!.defeated).toBe(false);
    expect(log).toContain('Goro is back in the fight.');
    expect(s.module.initiative.c2!.total).toBe(6);
    expect(s.module.track.slots.map((slot) => nameOf(s, slot.members[0]!))).toEqual(['Kenji', 'Aiko', 'Goro']);
    // Undoing the heal puts him down again, without his initiative.
    const undone = engine.execute(enc, { type: 'undo' });
    expect(undone.ok && undone.encounter.state.combatants.c2!.defeated).toBe(true);
    expect(undone.ok && (undone.encounter.state as KuroEncounter).module.initiative.c2).toBeUndefined();
  });

  // "At the beginning of each game turn, each participant should determine his 'initiative order.'" README assumption 15.
  it('someone who joins while initiative is being rolled needs a roll too; phase 1 waits for it', () => {
    const end = { type: 'end-turn' };
    const { enc } = run({ combatants: all, commands: [start, end, end, end, end, end, end] });
    const added = engine.execute(enc, { type: 'add-combatant', name: 'Hiro', stats: { REA: 1 } });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    const rolled = engine.execute(added.encounter, { type: 'roll-initiative', combatants: ['Kenji', 'Goro', 'Aiko'] });
    expect(rolled.ok && (rolled.encounter.state as KuroEncounter).module.stage).toBe('initiative');
    if (!rolled.ok) return;
    expect(engine.whoMayAct(rolled.encounter)).toMatchObject({ kind: 'setup', needs: expect.stringContaining('still missing: Hiro') });
    // The last one still missing leaves the fight: phase 1 begins.
    const gone = engine.execute(rolled.encounter, { type: 'remove-combatant', combatant: 'Hiro' });
    expect(gone.ok && (gone.encounter.state as KuroEncounter).module.stage).toBe('phases');
  });

  // "There are as many combat phases in a turn as the highest number of actions ... possessed by any participant."
  it('actions granted by the GM add phases for that combatant', () => {
    const { s, log } = run({ combatants: all, commands: [start, { type: 'set-actions', combatant: 'Goro', actions: 4, reason: 'GM ruling' }] });
    expect(s.module.actions.c2).toBe(4);
    expect(log).toContain('Goro: 4 actions this game turn instead of 1 (GM ruling).');
    expect(turnSummary(s).phases).toBe(4);
    const end = { type: 'end-turn' };
    const last = run({ combatants: all, commands: [start, { type: 'set-actions', combatant: 'Goro', actions: 4 }, end, end, end, end, end, end, end, end] });
    expect(turnSummary(last.s)).toMatchObject({ phase: 4, acting: ['c2'] });
  });

  // Issue: "turn-started / turn-ended around each slot's action in each phase (so conditions expire)".
  it('"until the end of X\'s next turn" ends with X\'s next phase action', () => {
    const { s, log } = run({
      combatants: all,
      commands: [start, { type: 'add-condition', combatants: ['Aiko'], name: 'Off balance', duration: { until: 'turn-end', of: 'Goro' } }, { type: 'end-turn' }, { type: 'end-turn' }],
    });
    expect(s.combatants.c3!.conditions).toEqual([]);
    expect(log).toContain('Aiko: Off balance expired.');
  });

  // Rules README: "Make both the exploding 6 and the unlucky 4 options of the module (on by default)".
  it('the dice options change every roll of the encounter', () => {
    const { log } = run({
      options: { explodingSixes: false, unluckyFours: false },
      combatants: all,
      commands: [{ type: 'start', dice: { Kenji: [6, 4, 1], Goro: [6, 4], Aiko: [1, 1] } }],
    });
    expect(log).toContain('Kenji rolls initiative for game turn 1: 3d6+6: [6, 4, 1] + 6 = 17.');
    const unlucky = run({ options: { explodingSixes: false }, combatants: all, commands: [{ type: 'start', dice: { Kenji: [6, 4, 1], Goro: [6, 4], Aiko: [1, 1] } }] });
    expect(unlucky.s.module.initiative.c1!.total).toBe(13);
  });

  // Issue: "Stats (zod with defaults, every key explained in statDocs)": a misspelt key is refused, not ignored.
  it('an unknown option or stat is refused with its name', () => {
    expect(engine.create({ rules: 'kuro', seed: 1, options: { explodingSixs: true } })).toMatchObject({ ok: false });
    const r = attempt({}, { type: 'add-combatant', name: 'X', stats: { Rea: 2 } });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'combatant/invalid-stats' } });
  });
});

describe('kuro: skills, specialisations and weapons', () => {
  const kenji = {
    ...cast.Kenji,
    stats: { ...cast.Kenji.stats, skills: { Kenjutsu: { level: 2, specialisations: { Katana: 1 } } }, weapons: [{ name: 'Katana', damage: '2d6', skill: 'Kenjutsu', specialisation: 'Katana' }, { name: 'Yari', damage: 5, skill: 'Sojutsu' }] },
  };
  const attack = (fields: Record<string, unknown>) => ({ type: 'attack', actor: 'Kenji', target: 'Goro', dice: { attack: [1, 1, 1] }, ...fields });
  const notation = (fields: Record<string, unknown>): string => {
    const r = run({ combatants: [kenji, cast.Goro], commands: [{ type: 'start', dice: { Kenji: [5, 5, 3], Goro: [1, 1] } }, attack(fields)] });
    return r.log.find((l) => l.startsWith('Kenji: Normal Attack'))!;
  };
  // Issue: "action check = pool + skill (+ specialisation)". README assumption 7.
  it('the weapon\'s specialisation applies to its own skill', () => {
    expect(notation({})).toContain('(DEX 3 + Kenjutsu 2 + Katana 1): 3dK+3');
  });
  // README assumption 7: the weapon's own skill counts 0 when the sheet lacks it.
  it('a weapon whose skill is not on the sheet is used untrained, at 0', () => {
    expect(notation({ weapon: 'Yari' })).toContain('(DEX 3 + Sojutsu 0 (untrained)): 3dK');
  });
  // README assumption 7: a skill or specialisation named in a command must be on the sheet.
  it('a specialisation the character does not have is refused', () => {
    const r = attempt({ combatants: [kenji, cast.Goro], commands: [{ type: 'start', dice: { Kenji: [5, 5, 3], Goro: [1, 1] } }] }, attack({ specialisation: 'Wakizashi' }));
    expect(r).toMatchObject({ ok: false, rejection: { code: 'kuro/unknown-specialisation', message: 'Kenji has no "Wakizashi" specialisation in Kenjutsu (specialisations: Katana).' } });
  });
});

describe('kuro: hidden combatants', () => {
  // Architecture: "GM-only lines never reach the player view."
  it('a phase order naming a hidden combatant reads, for players, without it', () => {
    const { events } = run({ combatants: [cast.Kenji, { ...cast.Goro, hidden: true }], commands: [{ type: 'start', dice: { Kenji: [1, 1, 1], Goro: [1, 1] } }] });
    const line = engine.log(events).find((l) => l.text.startsWith('Game turn 1, phase 1 of'))!;
    expect(line.text).toMatch(/Kenji \d+, Goro \d+\.$|Goro \d+, Kenji \d+\.$/);
    expect(line.hidden).toEqual(['c2']);
    const players = { ...gmReader, hides: (id: string) => line.hidden.includes(id) };
    expect(renderLogParts(line.playerParts!, players)).toMatch(/^Game turn 1, phase 1 of \d: Kenji \d+\.$/);
  });
});
