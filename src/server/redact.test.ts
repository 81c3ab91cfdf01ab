import { describe, expect, it } from 'vitest';
import { runScript } from '../core/index.ts';
import type { Encounter, StoredEvent } from '../core/index.ts';
import { engine } from '../rules/index.ts';
import { secretFights } from './redaction-fixtures.ts';
import { hpBand, logSource, playerLog, playerMessage, playerView } from './redact.ts';
import { secretsOf } from './secrets.ts';
import { defaultSettings } from './settings.ts';
import type { EncounterSettings } from './settings.ts';

const bands = defaultSettings.bands;

function play(script: Record<string, unknown>): { encounter: Encounter; events: StoredEvent[] } {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return { encounter: r.encounter, events: [...r.events] };
}

/** Every string a player could receive, for each event batch of the fight: the view and the log lines. */
function everythingPlayersSee(events: readonly StoredEvent[], settings: EncounterSettings = defaultSettings): string[] {
  const out: string[] = [];
  const log = engine.log(events);
  let e = engine.replay([]);
  for (let i = 0; i < events.length; i++) {
    const before = e;
    e = engine.evolve(e, events[i]!);
    const next = events[i + 1];
    if (next && next.cmd === events[i]!.cmd) continue; // end of a command's batch only
    const lines = log.filter((l) => l.cmd === events[i]!.cmd);
    const secrets = secretsOf([before.state, e.state], e.state);
    out.push(JSON.stringify({ view: playerView(engine, e, settings), log: playerLog(lines, secrets, logSource(events, log)) }));
  }
  return out;
}

function hiddenIds(encounter: Encounter): string[] {
  return Object.values(encounter.state.combatants)
    .filter((c) => c.hidden)
    .map((c) => c.id);
}

describe('player projection: nothing hidden leaves the server', () => {
  for (const fight of secretFights) {
    it(`${fight.rules}: no hidden name, id, GM note or GM-only line in any view or log line`, () => {
      const { encounter, events } = play(fight.script);
      const ids = hiddenIds(encounter);
      expect(ids.length).toBe(fight.hidden.length);
      for (const settings of [defaultSettings, { ...defaultSettings, npcHp: 'exact' as const }, { ...defaultSettings, npcHp: 'hidden' as const }]) {
        for (const text of everythingPlayersSee(events, settings)) {
          for (const s of fight.secrets) expect(text.toLowerCase()).not.toContain(s.toLowerCase());
          for (const id of ids) expect(text).not.toContain(`"${id}"`);
          expect(text).not.toContain('gmNotes');
          expect(text).not.toContain('"module"');
        }
      }
      // The GM sees all of it (the fixture does exercise the secrets).
      const gm = JSON.stringify(engine.log(events)) + JSON.stringify(encounter.state);
      for (const s of fight.secrets) expect(gm.toLowerCase()).toContain(s.toLowerCase());
    });
  }

  it('still shows what players may see: visible combatants, their order and the public log', () => {
    const { encounter, events } = play(secretFights.find((f) => f.rules === 'custom')!.script);
    const view = playerView(engine, encounter, defaultSettings);
    expect(view.combatants.map((c) => c.name)).toEqual(['Vasquez', 'Goblin']);
    expect(view.order.map((s) => s.label)).toEqual(['Vasquez', 'Goblin']);
    expect(view.order.map((s) => s.initiative)).toEqual([10, 4]);
    expect(view.combatants[0]!.conditions).toEqual([]);
    const full = engine.log(events);
    const log = playerLog(full, secretsOf([encounter.state], encounter.state), logSource(events, full)).map((l) => l.text);
    expect(log).toContain('Round 1.');
    expect(log.some((l) => l.startsWith('Vasquez'))).toBe(true);
  });

  it('names a hidden combatant in a condition\'s duration as "someone"', () => {
    const script = secretFights.find((f) => f.rules === 'custom')!.script;
    const { encounter } = play({ ...script, commands: script.commands.slice(0, 2) });
    const marked = playerView(engine, encounter, defaultSettings).combatants.find((c) => c.name === 'Vasquez')!.conditions[0]!;
    expect(marked).toEqual({ id: 'k1', name: 'Marked', lasts: "until the end of someone's next turn" });
  });

  it('shows an unseen actor when a hidden combatant acts, and hides a tie question naming one', () => {
    const custom = secretFights.find((f) => f.rules === 'custom')!.script;
    const { encounter } = play({ ...custom, commands: custom.commands.slice(0, 4) });
    expect(playerView(engine, encounter, defaultSettings).now).toEqual({ kind: 'unseen', round: 1 });
    const fallout = secretFights.find((f) => f.rules === 'fallout')!.script;
    const tie = play({ ...fallout, commands: fallout.commands.slice(0, 2) }).encounter;
    expect(engine.whoMayAct(tie).kind).toBe('decision');
    expect(playerView(engine, tie, defaultSettings).now).toEqual({ kind: 'decision', round: 0, question: 'The GM is deciding.', options: [] });
    const luck = playerView(engine, play(fallout).encounter, defaultSettings).now;
    expect(luck).toEqual({ kind: 'unseen', round: 1 });
  });

  it('does not let the setup hint count hidden combatants', () => {
    const custom = secretFights.find((f) => f.rules === 'custom')!.script;
    const { encounter } = play({ ...custom, commands: [] });
    expect(engine.whoMayAct(encounter)).toMatchObject({ kind: 'setup', needs: expect.stringContaining('3 combatant(s)') });
    expect(playerView(engine, encounter, defaultSettings).now).toEqual({ kind: 'setup', needs: 'The GM is setting things up.' });
    const open = play({ rules: 'custom', combatants: [{ name: 'Asha', kind: 'pc' }] }).encounter;
    expect(playerView(engine, open, defaultSettings).now).toMatchObject({ kind: 'setup', needs: expect.stringContaining('1 combatant(s)') });
  });
});

describe('NPC HP', () => {
  it('puts HP in bands: full, above half, half or less, 0', () => {
    expect(hpBand({ value: 10, max: 10 }, bands)).toBe('Unhurt');
    expect(hpBand({ value: 6, max: 10 }, bands)).toBe('Hurt');
    expect(hpBand({ value: 5, max: 10 }, bands)).toBe('Bloodied');
    expect(hpBand({ value: 1, max: 10 }, bands)).toBe('Bloodied');
    expect(hpBand({ value: 0, max: 10 }, bands)).toBe('Down');
    expect(hpBand({ value: -3, max: 10 }, bands)).toBe('Down');
    expect(hpBand({ value: 4 }, bands)).toBe('Unhurt');
    expect(hpBand({ value: 12, max: 10 }, { ...bands, unhurt: 'Fresh' })).toBe('Fresh');
  });

  it('shows NPC HP exactly, as a band, or not at all; PCs always exactly', () => {
    const { encounter } = play({
      rules: 'custom',
      combatants: [
        { name: 'Hero', kind: 'pc', hp: 10, tracks: { luck: { value: 2, max: 3, label: 'Luck' } } },
        { name: 'Ogre', hp: 20, tracks: { rage: { value: 1 } } },
      ],
      commands: [{ type: 'damage', combatants: ['Ogre', 'Hero'], amount: 11 }],
    });
    const ogre = (npcHp: EncounterSettings['npcHp']) => playerView(engine, encounter, { ...defaultSettings, npcHp }).combatants[1]!;
    expect(ogre('exact').tracks).toEqual({ hp: { value: 9, max: 20 }, rage: { value: 1 } });
    expect(ogre('exact').health).toBeUndefined();
    expect(ogre('bands').tracks).toEqual({});
    expect(ogre('bands').health).toBe('Bloodied');
    expect(ogre('hidden').tracks).toEqual({});
    expect(ogre('hidden').health).toBeUndefined();
    const hero = playerView(engine, encounter, { ...defaultSettings, npcHp: 'hidden' }).combatants[0]!;
    expect(hero.tracks).toEqual({ hp: { value: 0, max: 10 }, luck: { value: 2, max: 3, label: 'Luck' } });
  });
});

describe('secrets in free text', () => {
  const { encounter } = play({
    rules: 'custom',
    combatants: [
      { name: 'Goblin', hidden: true },
      { name: 'Goblin', count: 2 },
      { name: 'Dr. X (boss)', hidden: true },
    ],
  });
  const secrets = secretsOf([encounter.state], encounter.state);

  it('finds hidden names and ids as whole words, any case', () => {
    expect(secrets.mentions('The goblin attacks.')).toBe(true);
    expect(secrets.mentions('GOBLIN!')).toBe(true);
    expect(secrets.mentions('Dr. X (boss) laughs')).toBe(true);
    expect(secrets.mentions('c1 acts')).toBe(true);
    expect(secrets.mentions('Goblins everywhere')).toBe(false);
    expect(secrets.mentions('c10 acts')).toBe(false);
  });

  it('does not mistake a visible "Goblin 2" for the hidden "Goblin"', () => {
    expect(encounter.state.combatants.c2!.name).toBe('Goblin 2');
    expect(secrets.mentions('Goblin 2 takes 3 damage.')).toBe(false);
    expect(secrets.mentions('Goblin 2 and Goblin 3 attack.')).toBe(false);
    expect(secrets.mentions('Goblin 2 and Goblin attack.')).toBe(true);
  });

  it('replaces an engine message that names a hidden combatant', () => {
    expect(playerMessage("It is not Kade's turn (it is Goblin's).", secrets)).toBe('That is not possible right now.');
    expect(playerMessage("It is not Kade's turn.", secrets)).toBe("It is not Kade's turn.");
  });

  it('keeps a removed hidden combatant secret, unless a visible one carries its name now', () => {
    const removed = new Map([['c9', 'Vanished Vera']]);
    expect(secretsOf([encounter.state], encounter.state, removed).mentions('Vanished Vera waves')).toBe(true);
    const { encounter: later } = play({ rules: 'custom', combatants: [{ name: 'Vanished Vera' }] });
    expect(secretsOf([later.state], later.state, removed).mentions('Vanished Vera waves')).toBe(false);
  });
});
