import { describe, expect, it } from 'vitest';
import { engine } from '../rules/index.ts';
import type { Encounter } from './encounter.ts';
import { runScript } from './script.ts';

/**
 * Issue 10, item 15: names are normalised (NFC, trimmed) and need a visible character; no command text
 * holds control characters (but tab and newline), bidirectional overrides or isolates, or the log's
 * reserved markers U+E000 to U+E00F.
 */
function start(rules = 'custom', commands: unknown[] = []): Encounter {
  const r = runScript(engine, { rules, combatants: [{ name: 'Hero', kind: 'pc', hp: 10 }, { name: 'Orc', hp: 6 }], commands }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return r.encounter;
}

const INVISIBLE = ['', '   ', '\u200B', '\u200B\u200D\u2060', '\u3164', '\uFFA0', '\u2800', '\u00AD', '\uFE0F', '\u0301', '\uFEFF', ' \u180E ', '\u034F'];

describe('names need a visible character', () => {
  const enc = start();
  it.each(INVISIBLE.map((n) => [JSON.stringify(n), n]))('%s is refused as a combatant name, a side name and a new name', (_, name) => {
    const message = 'A name needs at least one visible character.';
    for (const command of [
      { type: 'add-combatant', name },
      { type: 'add-combatant', name: 'Wolf', side: name },
      { type: 'add-side', name },
      { type: 'update-combatant', combatant: 'Orc', name },
      { type: 'update-combatant', combatant: 'Orc', side: name },
    ]) {
      const r = engine.decide(enc, command);
      expect(r, JSON.stringify(command)).toMatchObject({ ok: false, rejection: { code: 'name/invalid' } });
      if (!r.ok) expect(r.rejection.message).toMatch(new RegExp(`: ${message.replace('.', '\\.')}$`));
    }
  });
  it.each([['Ork\u202Eeliv'], ['\u2066Orc\u2069'], ['Orc\u202A'], ['Gob\u0000lin'], ['Orc\u0007'], ['Orc\u001B[31m'], ['Orc\u0085'], ['Orc\uE000c1\uE002']])(
    '%j is refused wherever a name goes, saying which character',
    (name) => {
      for (const command of [{ type: 'add-combatant', name }, { type: 'add-side', name }, { type: 'update-combatant', combatant: 'Orc', name }]) {
        const r = engine.decide(enc, command);
        expect(r.ok, JSON.stringify(command)).toBe(false);
        if (!r.ok) {
          expect(r.rejection.code).toMatch(/^(name\/invalid|command\/invalid-text)$/);
          expect(r.rejection.message).toMatch(/U\+[0-9A-F]{4}/);
        }
      }
    },
  );
  it('tab and newline, fine in notes, are not fine in a name', () => {
    for (const name of ['Orc\tBoss', 'Orc\nBoss']) {
      const r = engine.decide(enc, { type: 'add-combatant', name });
      expect(r).toMatchObject({ ok: false, rejection: { code: 'name/invalid', message: expect.stringContaining('control characters') } });
    }
  });
  it('names are stored NFC and trimmed, and found from any spelling', () => {
    const r = engine.execute(enc, { type: 'add-combatant', name: '  Cafe\u0301 Noir\u00A0', side: ' Les Cafe\u0301s ', hp: 5 });
    if (!r.ok) throw new Error(r.rejection.message);
    const c = r.encounter.state.combatants.c3!;
    expect(c.name).toBe('Caf\u00E9 Noir');
    expect(r.encounter.state.sides[c.side]!.name).toBe('Les Caf\u00E9s');
    expect(engine.decide(r.encounter, { type: 'damage', combatants: ['cafe\u0301 noir'], amount: 1 }).ok).toBe(true);
    const renamed = engine.execute(r.encounter, { type: 'update-combatant', combatant: 'c3', name: 'Ame\u0301lie ' });
    if (!renamed.ok) throw new Error(renamed.rejection.message);
    expect(renamed.encounter.state.combatants.c3!.name).toBe('Am\u00E9lie');
  });
  it('ordinary Unicode and emoji are names', () => {
    for (const name of ['Дракон', '龍', 'ドラゴン 2', '🐉', '👨‍👩‍👧 family', 'O\u2019Malley', 'سيف', 'Zoë']) {
      const r = engine.execute(enc, { type: 'add-combatant', name });
      expect(r.ok, name).toBe(true);
      if (r.ok) expect(r.encounter.state.combatants.c3!.name).toBe(name.normalize('NFC'));
    }
  });
});

describe('the encounter title', () => {
  it('is normalised, may be empty, needs a visible character otherwise', () => {
    const ok = engine.create({ rules: 'custom', seed: 1, title: '  Ambush at the Cafe\u0301  ' });
    expect(ok.ok && ok.events[0]).toMatchObject({ title: 'Ambush at the Caf\u00E9' });
    expect(engine.create({ rules: 'custom', seed: 1, title: '' }).ok).toBe(true);
    for (const title of ['\u200B', '\u3164\u3164']) {
      expect(engine.create({ rules: 'custom', seed: 1, title })).toMatchObject({
        ok: false,
        rejection: { code: 'name/invalid', message: 'The title: A title needs at least one visible character.' },
      });
    }
    for (const title of ['Ambush\u0000', 'Ambush\u202E', 'Ambush\uE001']) {
      expect(engine.create({ rules: 'custom', seed: 1, title })).toMatchObject({ ok: false, rejection: { code: 'name/invalid' } });
    }
  });
  it('the options hold no control, override or reserved characters either', () => {
    const r = engine.create({ rules: 'cwn', seed: 1, options: { sideModifiers: { 'Razor\u0000Gang': 1 } } });
    expect(r).toMatchObject({ ok: false, rejection: { code: 'encounter/invalid-options', message: expect.stringContaining('U+0000') } });
  });
});

describe('free text keeps Unicode and emoji, not control or reserved characters', () => {
  const enc = start('custom', [{ type: 'start', dice: { Hero: 15, Orc: 3 } }]);
  it('notes, labels and condition names with emoji, accents, tabs and line breaks are accepted', () => {
    for (const command of [
      { type: 'note', text: 'The dragon 🐉 breathes:\n\tfire & smoke — «zut»' },
      { type: 'act', actor: 'Hero', label: 'Ruft „Achtung!“ 👨‍👩‍👧' },
      { type: 'add-condition', combatants: ['Orc'], name: 'Aveuglé 😵', note: 'line one\nline two' },
      { type: 'update-combatant', combatant: 'Orc', notes: 'Weak to fire 🔥\n\tand cold', gmNotes: 'Has the key' },
    ]) {
      const r = engine.decide(enc, command);
      expect(r.ok, `${JSON.stringify(command)} ${r.ok ? '' : r.rejection.message}`).toBe(true);
    }
  });
  it.each([
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['escape', '\u001B'],
    ['carriage return', '\r'],
    ['DEL', '\u007F'],
    ['C1 control', '\u0090'],
    ['right-to-left override', '\u202E'],
    ['first strong isolate', '\u2068'],
  ])('%s is refused in any text field, with the field named', (_, ch) => {
    for (const [command, path] of [
      [{ type: 'note', text: `Look${ch}out` }, 'text'],
      [{ type: 'act', actor: 'Hero', label: `Shouts${ch}` }, 'label'],
      [{ type: 'add-condition', combatants: ['Orc'], name: `Dazed${ch}` }, 'name'],
      [{ type: 'update-combatant', combatant: 'Orc', gmNotes: `x${ch}` }, 'gmNotes'],
      [{ type: 'end-encounter', reason: `done${ch}` }, 'reason'],
      [{ type: 'damage', combatants: [`Orc${ch}`], amount: 1 }, 'combatants.0'],
      [{ type: 'attack', actor: 'Hero', target: 'Orc', hit: `1d20${ch}` }, 'hit'],
    ] as const) {
      const r = engine.decide(enc, command);
      expect(r, JSON.stringify(command)).toMatchObject({ ok: false, rejection: { code: 'command/invalid-text', details: { path } } });
      if (!r.ok) {
        expect(r.rejection.message).toContain(`"${path}" contains U+`);
        expect(r.rejection.message).not.toContain(ch);
      }
    }
  });
  it('every character U+E000 to U+E00F is refused in every string and key of every command, in every module', () => {
    const popcorn = start('popcorn');
    for (let cp = 0xe000; cp <= 0xe00f; cp++) {
      const ch = String.fromCodePoint(cp);
      for (const [e, command] of [
        [enc, { type: 'note', text: `a${ch}b` }],
        [enc, { type: 'act', actor: 'Hero', label: ch }],
        [enc, { type: 'attack', actor: 'Hero', target: 'Orc', hit: '1d20', vs: 5, dice: { [`hit${ch}`]: 3 } }],
        [enc, { type: 'add-combatant', name: 'Imp', stats: { [ch]: 1 } }],
        [popcorn, { type: 'act', actor: 'Hero', label: `Swings ${ch}` }],
        [popcorn, { type: 'start', side: `NPCs${ch}` }],
      ] as const) {
        const r = engine.decide(e, command);
        expect(r, `${cp.toString(16)} ${JSON.stringify(command)}`).toMatchObject({ ok: false, rejection: { code: 'command/invalid-text' } });
        if (!r.ok) {
          expect(r.rejection.message).toContain('reserves for its log (U+E000 to U+E00F)');
          expect(r.rejection.message, 'the message itself holds no reserved character').not.toMatch(/[\uE000-\uE00F]/u);
        }
      }
    }
    expect(engine.decide(enc, { type: 'note', text: 'a\uE010b' }).ok).toBe(true);
  });
  it('a command nested absurdly deep is refused', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(engine.decide(enc, { type: 'note', text: 'hi', deep })).toMatchObject({ ok: false, rejection: { code: 'command/invalid-text', message: expect.stringContaining('nests more than 32 levels') } });
  });
});
