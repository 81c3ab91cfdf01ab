import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript, viewOf } from '../../../core/index.ts';
import type { EncounterView } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { nextStep } from './next-step.ts';
import { shownNow, turnShownKey } from './turn-shown.ts';

/** A game's example fight with its first `n` commands played, then `more`. */
function example(rules: string, n: number, more: readonly unknown[] = []): EncounterView {
  const script = JSON.parse(readFileSync(new URL(`../../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as { seed?: number; commands: unknown[] };
  const r = runScript(engine, { ...script, commands: [...script.commands.slice(0, n), ...more] }, script.seed ?? 7);
  if (!r.ok) throw new Error(`${rules}: ${r.rejection.message}`);
  return viewOf(engine, r.encounter);
}

const name = (view: EncounterView, id: string | null) => view.combatants.find((c) => c.id === id)?.name;

// Issue 21, item 4. Kuro: "In the case of a tie, all characters with the same initiative act at the same time
// (simultaneous actions)." The example's phase 1: Kenji, then Ronin and Aiko tied.
describe('Kuro, a simultaneous slot: N never passes for a member the GM has not seen', () => {
  it('the screen shows the first still to declare, and after one declares, the other', () => {
    const tie = example('kuro', 3);
    expect(tie.now).toMatchObject({ kind: 'group' });
    expect(name(tie, shownNow(tie))).toBe('Aiko');
    // Aiko declares first: the screen moves to Ronin (today it stayed on Aiko, only Parry and Dodge left).
    const aiko = example('kuro', 3, [{ type: 'act', actor: 'Aiko', label: 'feints' }]);
    expect(name(aiko, shownNow(aiko))).toBe('Ronin');
    // The pick goes back to the turn when one declares: the key the screen follows changes.
    expect(turnShownKey(aiko)).not.toBe(turnShownKey(tie));
    const ronin = example('kuro', 4);
    expect(name(ronin, shownNow(ronin))).toBe('Aiko');
  });

  it('N shows the next still to declare, and with only the one shown left, says why instead of passing him', () => {
    const tie = example('kuro', 3);
    const ronin = tie.combatants.find((c) => c.name === 'Ronin')!.id;
    const aiko = tie.combatants.find((c) => c.name === 'Aiko')!.id;
    expect(nextStep(tie, aiko)).toEqual({ label: 'Show Ronin: still to declare', show: ronin });
    expect(nextStep(tie, ronin)).toEqual({ label: 'Show Aiko: still to declare', show: aiko });
    // Ronin has attacked: the screen shows Aiko. Today's N: "Aiko passes (does nothing this phase)", her action thrown away.
    const after = example('kuro', 4);
    const step = nextStep(after, shownNow(after));
    expect(step?.run).toBeUndefined();
    expect(step).toMatchObject({ label: 'Waiting for Aiko to declare' });
    expect(step?.say).toBe('Aiko and Ronin act at the same time, and Aiko has not declared an action yet: choose Aiko\'s action, or "Aiko passes" to do nothing this phase.');
    // The GM went back to Ronin, who has declared: N shows Aiko.
    expect(nextStep(after, ronin)).toEqual({ label: 'Show Aiko: still to declare', show: aiko });
    // Both declared: N ends the turn, the actions resolving together.
    const both = example('kuro', 5);
    expect(nextStep(both, shownNow(both))).toMatchObject({ label: 'End the turn: the actions resolve together', run: { option: { command: 'end-turn', legal: true } } });
  });
});

// Issue 21, item 5.
describe('popcorn: N while someone acts', () => {
  const start = { type: 'start', combatant: 'Orc', dice: { 'luck:Mira': 4, 'luck:Brom': 3, 'luck:Kit': 2 } };
  it('takes the action (no label needed), then opens the pass to choose who is next', () => {
    const acting = example('popcorn', 0, [start]);
    const orc = acting.combatants.find((c) => c.name === 'Orc')!.id;
    expect(acting.now).toMatchObject({ kind: 'actor', actor: orc });
    expect(nextStep(acting, shownNow(acting))).toMatchObject({ label: 'Orc takes the action', run: { option: { command: 'act', legal: true, preset: { actor: orc } } } });
    const passing = example('popcorn', 0, [start, { type: 'act', actor: 'Orc' }]);
    expect(nextStep(passing, shownNow(passing))).toMatchObject({ label: 'Orc passes the initiative…', run: { option: { command: 'pass', legal: true } } });
  });
});

// Issue 21, item 5. CWN: "Members of a side can act in any order the group agrees upon": with one left there is
// no order to agree on. The example's free round: the Boss and a Razor have acted, Razor 2 is the last.
describe('CWN side initiative: the last member is taken without asking', () => {
  it('shows the last member and N begins that turn', () => {
    const last = example('cwn', 8);
    expect(last.now).toMatchObject({ kind: 'side', active: null });
    const razor2 = last.combatants.find((c) => c.name === 'Razor 2')!.id;
    expect(last.now.kind === 'side' && last.now.waiting).toEqual([razor2]);
    expect(shownNow(last)).toBe(razor2);
    expect(nextStep(last, shownNow(last))).toMatchObject({ label: "Begin Razor 2's turn", run: { option: { command: 'begin-turn', preset: { combatant: razor2 } } } });
    // With two or more left the side still chooses: nobody is shown for it, N does not choose.
    const three = example('cwn', 3);
    expect(three.now.kind === 'side' && three.now.waiting.length).toBeGreaterThan(1);
    expect(shownNow(three)).toBeNull();
  });
});
