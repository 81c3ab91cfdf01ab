/**
 * Each game's own state on the player view (issue 21): Fallout's party AP pool (never the GM's), the
 * Fallout "next" between turns, Kuro's game turn and who acts in which phase among the visible only, and
 * the requests players may send now (no "Roll initiative" once the rules take none).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { StoredEvent } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { LoadedEncounter } from '../encounters/index.ts';
import { recordFor } from './redaction-kit.ts';
import type { PlayerView } from './redact.ts';
import { defaultSettings } from './settings.ts';

type Script = { rules: string; commands: unknown[] } & Record<string, unknown>;
const example = (rules: string): Script => JSON.parse(readFileSync(new URL(`../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as Script;

/** The view players read after the first `n` commands of `script` (all of them by default). */
function view(script: Script, n = script.commands.length): PlayerView {
  const r = runScript(engine, { ...script, commands: script.commands.slice(0, n) }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  const events: StoredEvent[] = [...r.events];
  return new LoadedEncounter(engine, recordFor(script.rules, defaultSettings, events.length), events).playerView();
}

describe('Fallout on the player view', () => {
  const fallout = example('fallout');

  it('shows the party AP pool, and nothing of the GM pool', () => {
    expect(view(fallout, 0).game).toEqual({ kind: 'fallout', partyAp: { value: 3, max: 6 } });
    // Nora's extra success saved 1 AP (round 1); the GM's pool moves too, and players never read it.
    const gm = { ...fallout, commands: [...fallout.commands, { type: 'set-ap', pool: 'gm', value: 17 }, { type: 'set-ap', pool: 'party', value: 5 }] };
    const v = view(gm);
    expect(v.game).toEqual({ kind: 'fallout', partyAp: { value: 5, max: 6 } });
    expect(JSON.stringify(v.game)).not.toMatch(/gm|17/i);
  });

  it('says who is next between turns, apart from who is acting', () => {
    // After the last end-turn of the example: round 2, nobody's turn runs until Nora's first action.
    const gap = view(fallout);
    expect(gap.now).toMatchObject({ kind: 'actor', actor: 'c1', next: true });
    // Nora's turn under way (round 1, after her attack): she acts, she is not "next".
    const acting = view(fallout, 5);
    expect(acting.now).toMatchObject({ kind: 'actor', actor: 'c1' });
    expect(acting.now).not.toHaveProperty('next');
  });
});

describe('Kuro on the player view', () => {
  const kuro = example('kuro');

  it('shows the game turn, the phase and who acts in which phase', () => {
    const v = view(kuro, 4);
    expect(v.game).toMatchObject({ kind: 'kuro', gameTurn: 1, stage: 'phases', phase: 1 });
    if (v.game?.kind !== 'kuro') throw new Error('no Kuro state');
    const who = v.game.phases.map((p) => [p.phase, p.current, p.members.map((m) => `${m.name}${m.acted ? '*' : ''}`)]);
    expect(who).toEqual([
      [1, true, ['Kenji*', 'Aiko', 'Ronin', 'Goro']],
      [2, false, ['Kenji', 'Aiko', 'Ronin']],
    ]);
    // Game turn 2 starts with its initiative: no phases to show yet.
    expect(view(kuro, 11).game).toEqual({ kind: 'kuro', gameTurn: 2, stage: 'initiative', phase: 0, phases: [] });
  });

  it('counts and names the visible only: a hidden combatant adds no phase and no name', () => {
    const base = {
      rules: 'kuro',
      seed: 7,
      sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
      combatants: [
        { name: 'Kenji', kind: 'pc', side: 'Party', stats: { REA: 3, REF: 3, DEX: 3, STR: 3, hp: 20, defence: 9 } },
        { name: 'Goro', side: 'Bandits', stats: { REA: 2, REF: 2, DEX: 2, STR: 3, hp: 14, defence: 8 } },
      ],
      commands: [{ type: 'start', dice: { Kenji: [3, 2, 1], Goro: [2, 1] } }],
    };
    const zorblax = { name: 'Zorblax', side: 'Bandits', hidden: true, stats: { REA: 3, REF: 6, DEX: 3, STR: 3, hp: 14, defence: 8 } };
    const without = view(base);
    const withHidden = view({
      ...base,
      combatants: [base.combatants[0], zorblax, base.combatants[1]],
      commands: [{ type: 'start', dice: { Kenji: [3, 2, 1], Zorblax: [5, 1, 1], Goro: [2, 1] } }],
    });
    expect(without.game).toMatchObject({ kind: 'kuro', phases: [{ phase: 1 }, { phase: 2 }] });
    expect(withHidden.game).toEqual(without.game);
    expect(JSON.stringify(withHidden.game)).not.toContain('Zorblax');
  });
});

describe('the requests players may send now', () => {
  it('Kuro: "Roll initiative" while the game turn takes rolls, not once its phases run', () => {
    const kuro = example('kuro');
    expect(view(kuro, 0)).toMatchObject({ requestKinds: ['initiative', 'end-turn'], initiativeFor: ['c1', 'c2'] });
    // Game turn 1 under way, and game turn 2 once everyone rolled: the rules take no roll from Kenji or Aiko.
    expect(view(kuro, 4)).toMatchObject({ round: 1, requestKinds: ['end-turn'], initiativeFor: [] });
    expect(view(kuro, 11)).toMatchObject({ round: 2, requestKinds: ['initiative', 'end-turn'], initiativeFor: ['c1', 'c2'] });
    expect(view(kuro, 13)).toMatchObject({ round: 2, requestKinds: ['end-turn'], initiativeFor: [] });
  });

  it('Sine Nomine: initiative before the fight, not in round 2', () => {
    const swn = example('swn');
    const before = view(swn, 0);
    expect(before.requestKinds).toContain('initiative');
    expect(before.initiativeFor.length).toBeGreaterThan(0);
    const later = view(swn);
    expect(later.round).toBeGreaterThanOrEqual(2);
    expect(later.requestKinds).not.toContain('initiative');
    expect(later.initiativeFor).toEqual([]);
  });

  it('Fallout: initiative is never asked for (a static stat)', () => {
    expect(view(example('fallout'))).toMatchObject({ requestKinds: ['end-turn', 'luck'], initiativeFor: [] });
  });
});
