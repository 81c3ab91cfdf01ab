import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { LoadedEncounter } from '../encounters/index.ts';
import { recordFor } from './redaction-kit.ts';
import { defaultSettings } from './settings.ts';

/** The encounter as the server holds it after the script, and what players see of the roster. */
function roster(script: Record<string, unknown>): { gm: string[]; players: string[] } {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  const l = new LoadedEncounter(engine, recordFor(String(script.rules), defaultSettings, r.events.length), [...r.events]);
  const s = l.encounter.state;
  return {
    gm: s.roster.map((id) => `${id} ${s.combatants[id]!.name}${s.combatants[id]!.hidden ? ' (hidden)' : ''}`),
    players: l.playerView().combatants.map((c) => `${c.id} ${c.name}`),
  };
}

// Issue 20, item 5: "ids and automatic numbering players see must not reveal them".
describe('the ids and names players know combatants by', () => {
  it('are the engine\'s when nobody is hidden', () => {
    const r = roster({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc' }, { name: 'Goblin', count: 3 }], commands: [{ type: 'remove-combatant', combatant: 'Goblin 2' }, { type: 'add-combatant', name: 'Goblin' }] });
    expect(r.players).toEqual(r.gm);
    expect(r.players).toEqual(['c1 Vasquez', 'c2 Goblin', 'c4 Goblin 3', 'c5 Goblin 2']);
  });

  it('number the visible in the order players saw them: joining, or revealed', () => {
    const r = roster({
      rules: 'custom',
      combatants: [{ name: 'Vasquez', kind: 'pc' }, { name: 'Ninja', count: 2, hidden: true }],
      commands: [
        { type: 'add-combatant', name: 'Ninja' },
        { type: 'add-combatant', name: 'Ninja' },
        { type: 'update-combatant', combatant: 'Ninja 3', hidden: false },
        { type: 'remove-combatant', combatant: 'Ninja' },
        { type: 'add-combatant', name: 'Zorblax', hidden: true },
        { type: 'add-combatant', name: 'Kade', kind: 'pc' },
      ],
    });
    expect(r.gm).toEqual(['c1 Vasquez', 'c2 Ninja 3', 'c3 Ninja 4 (hidden)', 'c5 Ninja 2', 'c6 Zorblax (hidden)', 'c7 Kade']);
    expect(r.players).toEqual(['c1 Vasquez', 'c4 Ninja 3', 'c3 Ninja 2', 'c5 Kade']);
  });

  it('give a combatant revealed, hidden and revealed again the id it had', () => {
    const r = roster({
      rules: 'custom',
      combatants: [{ name: 'Lurker', hidden: true }, { name: 'Vasquez', kind: 'pc' }],
      commands: [
        { type: 'update-combatant', combatant: 'Lurker', hidden: false },
        { type: 'add-combatant', name: 'Sneak', hidden: true },
        { type: 'update-combatant', combatant: 'Lurker', hidden: true },
        { type: 'update-combatant', combatant: 'Sneak', hidden: false },
        { type: 'update-combatant', combatant: 'Lurker', hidden: false },
      ],
    });
    expect(r.players).toEqual(['c2 Lurker', 'c1 Vasquez', 'c3 Sneak']);
  });
});
