import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { LoadedEncounter } from '../encounters/index.ts';
import { secretFights } from './redaction-fixtures.ts';
import { playerBytes, recordFor } from './redaction-kit.ts';
import { hpBand, playerMessage, playerView } from './redact.ts';
import { secretsOf } from './secrets.ts';
import { defaultSettings } from './settings.ts';
import type { EncounterSettings } from './settings.ts';

const bands = defaultSettings.bands;

function play(script: Record<string, unknown>): { encounter: Encounter; events: StoredEvent[] } {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return { encounter: r.encounter, events: [...r.events] };
}

/** The encounter as the server holds it, and the log players read from scratch. */
function loaded(script: Record<string, unknown>, settings: EncounterSettings = defaultSettings): { l: LoadedEncounter; log: string[] } {
  const { events } = play(script);
  const l = new LoadedEncounter(engine, recordFor(String(script.rules), settings, events.length), events);
  return { l, log: l.playerLines(l.log()).map((x) => x.text) };
}

/** The ids of the combatants in the player views among `text` (JSON), by number. */
function playerIdsIn(text: string): string[] {
  const ids = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.combatants)) for (const c of o.combatants as { id: string }[]) ids.add(c.id);
      Object.values(o).forEach(walk);
    }
  };
  walk(JSON.parse(text));
  return [...ids].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

function hiddenIds(encounter: Encounter): string[] {
  return Object.values(encounter.state.combatants)
    .filter((c) => c.hidden)
    .map((c) => c.id);
}

describe('player projection: nothing hidden leaves the server', () => {
  for (const fight of secretFights) {
    it(`${fight.rules}: no hidden name, id, GM note or GM-only line in any view or log line, batch by batch and from scratch`, () => {
      const { encounter, events } = play(fight.script);
      const ids = hiddenIds(encounter);
      expect(ids.length).toBe(fight.hidden.length);
      for (const npcHp of ['bands', 'exact', 'hidden'] as const) {
        for (const text of playerBytes(engine, fight.rules, events, { ...defaultSettings, npcHp })) {
          for (const s of fight.secrets) expect(text.toLowerCase()).not.toContain(s.toLowerCase());
          // Players know the visible by ids of their own, c1, c2, ... in the order they saw them (issue 20,
          // item 5): a hidden combatant's engine id may be a visible one's player id, and nowhere else.
          const known = playerIdsIn(text);
          expect(known).toEqual(known.map((_, i) => `c${i + 1}`));
          for (const id of ids) if (!known.includes(id)) expect(text).not.toMatch(new RegExp(`(?<![A-Za-z0-9_])${id}(?![0-9])`));
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
    const script = secretFights.find((f) => f.rules === 'custom')!.script;
    const { l, log } = loaded(script);
    const view = l.playerView();
    expect(view.combatants.map((c) => c.name)).toEqual(['Vasquez', 'Goblin']);
    expect(view.order.map((s) => s.label)).toEqual(['Vasquez', 'Goblin']);
    expect(view.order.map((s) => s.initiative)).toEqual([10, 4]);
    expect(view.combatants[0]!.conditions).toEqual([]);
    expect(log).toContain('Round 1.');
    expect(log.some((x) => x.startsWith('Vasquez'))).toBe(true);
  });

  it('names a hidden combatant in a condition\'s duration as "someone", in the view and in the log', () => {
    const script = secretFights.find((f) => f.rules === 'custom')!.script;
    const { l, log } = loaded({ ...script, commands: script.commands.slice(0, 2) });
    const marked = l.playerView().combatants.find((c) => c.name === 'Vasquez')!.conditions[0]!;
    expect(marked).toEqual({ id: 'k1', name: 'Marked', lasts: "until the end of someone's next turn", note: 'by someone' });
    expect(log).toContain("Vasquez: Marked until the end of someone's next turn.");
  });

  // Issue 20, item 5: "a hidden combatant's turn must look to players like any pause of the GM's".
  it('shows a hidden combatant\'s turn as the GM deciding, like any decision, and hides a tie question naming one', () => {
    const pause = { kind: 'decision', round: 1, question: 'The GM is deciding.', options: [] };
    const custom = secretFights.find((f) => f.rules === 'custom')!.script;
    const { encounter } = play({ ...custom, commands: custom.commands.slice(0, 4) });
    expect(playerView(engine, encounter, defaultSettings, secretsOf(encounter.state)).now).toEqual(pause);
    const fallout = secretFights.find((f) => f.rules === 'fallout')!.script;
    const tie = play({ ...fallout, commands: fallout.commands.slice(0, 2) }).encounter;
    expect(engine.whoMayAct(tie).kind).toBe('decision');
    expect(playerView(engine, tie, defaultSettings, secretsOf(tie.state)).now).toEqual({ kind: 'decision', round: 0, question: 'The GM is deciding.', options: [] });
    const end = play(fallout).encounter;
    expect(playerView(engine, end, defaultSettings, secretsOf(end.state)).now).toEqual(pause);
  });

  it('does not let the setup hint count hidden combatants', () => {
    const custom = secretFights.find((f) => f.rules === 'custom')!.script;
    const { encounter } = play({ ...custom, commands: [] });
    expect(engine.whoMayAct(encounter)).toMatchObject({ kind: 'setup', needs: expect.stringContaining('3 combatant(s)') });
    // Counted among the visible only (issue 20, item 5: "Give players nothing that varies with hidden combatants").
    expect(playerView(engine, encounter, defaultSettings, secretsOf(encounter.state)).now).toMatchObject({ kind: 'setup', needs: expect.stringContaining('2 combatant(s)') });
    const open = play({ rules: 'custom', combatants: [{ name: 'Asha', kind: 'pc' }] }).encounter;
    expect(playerView(engine, open, defaultSettings).now).toMatchObject({ kind: 'setup', needs: expect.stringContaining('1 combatant(s)') });
  });

  // Issue 20, item 5: "Give players nothing that varies with hidden combatants".
  it('words the setup hint as the same fight without its hidden combatants would, in every game', () => {
    const nowOf = (script: Record<string, unknown>) => {
      const { encounter } = play(script);
      return playerView(engine, encounter, defaultSettings, secretsOf(encounter.state)).now;
    };
    const without = (script: Record<string, unknown>, hidden: readonly string[]) => ({
      ...script,
      combatants: (script.combatants as { name: string }[]).filter((c) => !hidden.includes(c.name)),
    });
    for (const f of secretFights) {
      const setup = { ...f.script, commands: [] };
      expect(nowOf(setup), f.rules).toEqual(nowOf(without(setup, f.hidden)));
    }
    // Kuro, game turn 2: Goro has rolled, Kenji and Zorblax (hidden) have not.
    const kuro = secretFights.find((f) => f.rules === 'kuro')!.script;
    const turn2 = (script: Record<string, unknown>, dice: Record<string, unknown>): Record<string, unknown> => {
      const commands: unknown[] = [{ type: 'start', dice }];
      for (let now = engine.whoMayAct(play({ ...script, commands }).encounter); now.kind === 'actor'; now = engine.whoMayAct(play({ ...script, commands }).encounter)) {
        commands.push({ type: 'end-turn', actor: now.actor });
      }
      return { ...script, commands: [...commands, { type: 'roll-initiative', combatants: ['Goro'], dice: { Goro: [1, 1] } }] };
    };
    const withZorblax = turn2(kuro, { Kenji: [3, 2, 1], Zorblax: [1, 1, 1], Goro: [2, 1] });
    expect(engine.whoMayAct(play(withZorblax).encounter)).toMatchObject({ kind: 'setup', needs: expect.stringContaining('still missing: Kenji and Zorblax.') });
    const hidden = nowOf(withZorblax);
    expect(hidden).toEqual({ kind: 'setup', needs: expect.stringMatching(/^Game turn 2: .*still missing: Kenji\. /) });
    expect(hidden).toEqual(nowOf(turn2(without(kuro, ['Zorblax']), { Kenji: [3, 2, 1], Goro: [2, 1] })));
  });
});

describe('NPC HP in the log (issue 10, item 1): wording by the npcHp setting, never numbers', () => {
  // The repro of the issue: Vasquez (PC, 12 HP), a Goblin (7 HP); start; the Goblin takes 2 damage.
  const fight = (commands: unknown[]) => ({
    rules: 'custom',
    combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 7 }],
    commands: [{ type: 'start', dice: { Vasquez: 15, Goblin: 12 } }, ...commands],
  });
  const hits = [
    { type: 'damage', combatants: ['Goblin'], amount: 2 },
    { type: 'heal', combatants: ['Goblin'], amount: 1 },
    { type: 'set-track', combatant: 'Goblin', track: 'hp', value: 3 },
    { type: 'damage', combatants: ['Goblin', 'Vasquez'], amount: 5 },
  ];
  const tail = (npcHp: EncounterSettings['npcHp']) => loaded(fight(hits), { ...defaultSettings, npcHp }).log.slice(-6);

  it('bands: "Goblin takes damage (Hurt)."', () => {
    expect(tail('bands')).toEqual([
      'Goblin takes damage (Hurt).',
      'Goblin heals (Hurt).',
      "Goblin's HP changes (Bloodied).",
      'Goblin takes damage (Down).',
      'Goblin is defeated.',
      'Vasquez takes 5 damage (HP 12 → 7).',
    ]);
  });

  it('hidden: "Goblin takes damage."', () => {
    expect(tail('hidden')).toEqual(['Goblin takes damage.', 'Goblin heals.', "Goblin's HP changes.", 'Goblin takes damage.', 'Goblin is defeated.', 'Vasquez takes 5 damage (HP 12 → 7).']);
  });

  it('exact: the GM\'s own line', () => {
    expect(tail('exact')).toEqual([
      'Goblin takes 2 damage (HP 7 → 5).',
      'Goblin heals 1 (HP 5 → 6).',
      'Goblin HP set (HP 6 → 3/7).',
      'Goblin takes 3 damage (HP 3 → 0).',
      'Goblin is defeated (reduced to 0 HP).',
      'Vasquez takes 5 damage (HP 12 → 7).',
    ]);
  });

  it('an NPC\'s other tracks are left out unless NPC numbers are shown; a PC\'s always shown', () => {
    const script = {
      rules: 'custom',
      combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12, tracks: { ammo: { value: 6, max: 6 } } }, { name: 'Goblin', hp: 7, tracks: { ammo: { value: 9, max: 9 } } }],
      commands: [
        { type: 'set-track', combatant: 'Goblin', track: 'ammo', value: 8 },
        { type: 'set-track', combatant: 'Vasquez', track: 'ammo', value: 5 },
      ],
    };
    expect(loaded(script).log.slice(-1)).toEqual(['Vasquez: ammo 6 → 5/6.']);
    expect(loaded(script, { ...defaultSettings, npcHp: 'exact' }).log.slice(-2)).toEqual(['Goblin: ammo 9 → 8/9.', 'Vasquez: ammo 6 → 5/6.']);
  });

  it('follows the setting when the GM changes it, for lines already written', () => {
    const { l } = loaded(fight(hits.slice(0, 1)));
    expect(l.playerLines(l.log()).at(-1)!.text).toBe('Goblin takes damage (Hurt).');
    l.setRecord({ ...l.record, settings: { ...defaultSettings, npcHp: 'exact' } });
    expect(l.playerLines(l.log()).at(-1)!.text).toBe('Goblin takes 2 damage (HP 7 → 5).');
  });

  it('SWN: knocked out by less-lethal damage, without the NPC\'s HP', () => {
    const { log } = loaded({
      rules: 'cwn',
      sides: [{ name: 'Crew', players: true }, { name: 'Gang' }],
      combatants: [{ name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12 } }, { name: 'Thug', side: 'Gang', stats: { hp: 3 } }],
      commands: [{ type: 'damage', combatants: ['Thug'], amount: 3, track: 'lessLethal' }],
    });
    const out = log.find((x) => x.startsWith('Thug falls unconscious'));
    expect(out).toBe('Thug falls unconscious (not in danger of death).');
  });
});

describe('hidden combatants renamed, and lists (issue 10, items 2, 3 and 6)', () => {
  const zorblax = {
    rules: 'custom',
    combatants: [
      { name: 'Vasquez', kind: 'pc', hp: 12 },
      { name: 'Goblin', hp: 7 },
      { name: 'Zorblax', hp: 9, hidden: true },
    ],
    commands: [
      { type: 'start', dice: { Vasquez: 15, Goblin: 12, Zorblax: 9 } },
      { type: 'add-condition', combatants: ['Vasquez'], name: 'Hexed', duration: 'until-removed', note: 'marked by Zorblax' },
      { type: 'note', text: 'Zorblax watches from the rafters.' },
      { type: 'update-combatant', combatant: 'Zorblax', name: 'Bob' },
    ],
  };

  it('the initiative order line leaves the hidden one out instead of disappearing', () => {
    const { log } = loaded(zorblax);
    expect(log).toContain('Initiative order: Vasquez 15, Goblin 12.');
  });

  it('a hidden combatant renamed: neither its old nor its new name, in any line, note or catch-up', () => {
    const { l, log } = loaded(zorblax);
    const all = JSON.stringify({ log, view: l.playerView() });
    expect(all).not.toMatch(/zorblax|\bbob\b/i);
    expect(l.playerView().combatants[0]!.conditions[0]).toMatchObject({ name: 'Hexed', note: 'marked by someone' });
    expect(log).toContain('someone watches from the rafters.');
  });

  it('revealed, it appears to players under its name from then on', () => {
    const { log, l } = loaded({ ...zorblax, commands: [...zorblax.commands, { type: 'update-combatant', combatant: 'Bob', hidden: false }] });
    expect(log.at(-1)).toBe('Bob appears.');
    expect(l.playerView().combatants.map((c) => c.name)).toEqual(['Vasquez', 'Goblin', 'Bob']);
    // What it did while hidden stays unread.
    expect(log.some((x) => x.includes('Zorblax'))).toBe(false);
  });

  it('a side whose members are all hidden is not named; condition names naming the hidden are scrubbed', () => {
    const { log, l } = loaded({
      rules: 'custom',
      sides: [{ name: 'Crew', players: true }, { name: 'Shadowhands' }],
      combatants: [
        { name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 },
        { name: 'Skulker', side: 'Shadowhands', hidden: true, hp: 5 },
      ],
      commands: [{ type: 'add-condition', combatants: ['Vasquez'], name: 'Cursed by Skulker', duration: 'until-removed' }],
    });
    expect(log).toContain('Side added: Crew (players).');
    expect(log.join('\n')).not.toMatch(/shadowhands|skulker/i);
    expect(l.playerView().combatants[0]!.conditions[0]!.name).toBe('Cursed by someone');
    expect(log).toContain('Vasquez: Cursed by someone until removed.');
  });

  it('popcorn: the Reaction Pools line lists the visible pools only', () => {
    const fight = secretFights.find((f) => f.rules === 'popcorn')!.script;
    const { log } = loaded({ ...fight, commands: fight.commands.slice(0, 1) });
    const pools = log.find((x) => x.startsWith('Reaction Pools set aside'));
    expect(pools).toMatch(/^Reaction Pools set aside: Mira \d+, Brom \d+, Orc \d+\.$/);
  });

  it('fallout: a tie decided between a hidden and visible ones reads among the visible', () => {
    const fight = secretFights.find((f) => f.rules === 'fallout')!.script;
    const { events } = play({
      ...fight,
      combatants: [...(fight.combatants as object[]), { name: 'Ghoul', side: 'Raiders', stats: { per: 5, agi: 5, hp: 8 } }],
      commands: [{ type: 'start', initiator: 'Piper' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Ghoul' }],
    });
    const gm = engine.log(events).find((x) => x.text.startsWith('Initiative tie'))!.text;
    expect(gm).toMatch(/the GM puts Ghoul before (Zorblax and Nora|Nora and Zorblax)\.$/);
    const l = new LoadedEncounter(engine, recordFor('fallout', defaultSettings, events.length), events);
    expect(l.playerLines(l.log()).map((x) => x.text)).toContain(gm.replace(/(Zorblax and |and Zorblax)/, '').replace(/ \.$/, '.'));
  });
});

describe('NPC HP bands', () => {
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
    // Named by the GM: the engine no longer numbers visible newcomers after a hidden "Goblin" (issue 20, item 5).
    combatants: [
      { name: 'Goblin', hidden: true },
      { name: 'Goblin 2' },
      { name: 'Goblin 3' },
      { name: 'Dr. X (boss)', hidden: true },
    ],
  });
  const secrets = secretsOf(encounter.state);

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
    expect(secrets.scrub('Goblin 2 and goblin attack; Dr. X (boss) laughs.')).toBe('Goblin 2 and someone attack; someone laughs.');
  });

  it('replaces an engine message that names a hidden combatant', () => {
    expect(playerMessage("It is not Kade's turn (it is Goblin's).", secrets)).toBe('That is not possible right now.');
    expect(playerMessage("It is not Kade's turn.", secrets)).toBe("It is not Kade's turn.");
  });

  it('keeps a removed hidden combatant secret, with every name it had, unless a visible one carries the name now', () => {
    const { l } = loaded({
      rules: 'custom',
      combatants: [{ name: 'Vera', hidden: true }],
      commands: [
        { type: 'update-combatant', combatant: 'Vera', name: 'Vanished Vera' },
        { type: 'remove-combatant', combatant: 'Vanished Vera' },
      ],
    });
    expect(l.secrets().mentions('Vanished Vera waves')).toBe(true);
    expect(l.secrets().mentions('vera waves')).toBe(true);
    const { l: later } = loaded({ rules: 'custom', combatants: [{ name: 'Vera', hidden: true }], commands: [{ type: 'remove-combatant', combatant: 'Vera' }, { type: 'add-combatant', name: 'Vera' }] });
    expect(later.secrets().mentions('Vera waves')).toBe(false);
  });
});
