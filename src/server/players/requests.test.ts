import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { Encounter } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { buildRequest, kindsInGame, kindsOffered, requestInputSchema } from './requests.ts';
import type { RequestInput } from './requests.ts';

function encounter(script: Record<string, unknown>): Encounter {
  const r = runScript(engine, script, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return r.encounter;
}

const build = (e: Encounter, input: RequestInput) => buildRequest(e.state, engine.whoMayAct(e), input);

const swn = encounter({
  rules: 'swn',
  combatants: [
    { name: 'Vasquez', kind: 'pc', stats: { hp: 10 } },
    { name: 'Kade', kind: 'pc', stats: { hp: 10 } },
    { name: 'Lurker', hidden: true, stats: { hp: 5 } },
    { name: 'Pirate', stats: { hp: 5 } },
  ],
});

describe('player requests: the allow-list', () => {
  it('offers each game its kinds', () => {
    expect(kindsOffered('swn')).toEqual(['initiative', 'end-turn', 'reaction']);
    expect(kindsOffered('popcorn')).toEqual(['pass', 'hold', 'reaction']);
    expect(kindsOffered('fallout')).toEqual(['end-turn', 'luck']);
    expect(kindsOffered('kuro')).toEqual(['initiative', 'end-turn']);
  });

  it('lets a member of the side that is up take its turn (CWN side initiative: "the side chooses who acts")', () => {
    const script = JSON.parse(readFileSync(new URL('../../rules/cwn/examples/fight.json', import.meta.url), 'utf8')) as { commands: unknown[] };
    // The Razors' free round is over: the Crew's side is up, Jin may act (Vasquez is surprised).
    const cwn = encounter({ ...script, commands: script.commands.slice(0, 9) });
    expect(kindsOffered('cwn', cwn.state.options)).toEqual(['initiative', 'end-turn', 'take-turn', 'reaction']);
    expect(kindsOffered('cwn')).not.toContain('take-turn');
    // The rules list says what each game may offer, whatever its options.
    expect(kindsInGame('cwn')).toEqual(['initiative', 'end-turn', 'take-turn', 'reaction']);
    expect(build(cwn, { kind: 'take-turn', combatant: 'Jin' })).toEqual({ ok: true, kind: 'take-turn', combatant: 'c2', command: { type: 'begin-turn', combatant: 'c2' } });
    expect(build(cwn, { kind: 'take-turn', combatant: 'Vasquez' })).toMatchObject({ ok: false, rejection: { code: 'request/not-your-turn' } });
    expect(build(swn, { kind: 'take-turn', combatant: 'Vasquez' })).toMatchObject({ ok: false, rejection: { code: 'request/not-offered' } });
  });

  it('turns an initiative request into roll-initiative for that PC, with the faces keyed by name', () => {
    expect(build(swn, { kind: 'initiative', combatant: 'vasquez', dice: [5] })).toEqual({
      ok: true,
      kind: 'initiative',
      combatant: 'c1',
      command: { type: 'roll-initiative', combatants: ['c1'], dice: { Vasquez: [5] } },
    });
    expect(build(swn, { kind: 'initiative', combatant: 'c2' })).toMatchObject({ ok: true, command: { type: 'roll-initiative', combatants: ['c2'] } });
  });

  it('refuses NPCs, hidden combatants (as if unknown) and kinds the game does not have', () => {
    expect(build(swn, { kind: 'initiative', combatant: 'Pirate' })).toMatchObject({ ok: false, rejection: { code: 'request/not-a-pc' } });
    const hidden = build(swn, { kind: 'initiative', combatant: 'Lurker' });
    const none = build(swn, { kind: 'initiative', combatant: 'Nobody' });
    expect(hidden).toMatchObject({ ok: false, rejection: { code: 'request/unknown-combatant' } });
    expect(JSON.stringify(hidden).replace('Lurker', 'X')).toBe(JSON.stringify(none).replace('Nobody', 'X'));
    expect(build(swn, { kind: 'initiative', combatant: 'c3' })).toMatchObject({ ok: false, rejection: { code: 'request/unknown-combatant' } });
    expect(build(swn, { kind: 'luck', combatant: 'Vasquez' })).toMatchObject({ ok: false, rejection: { code: 'request/not-offered' } });
  });

  it('allows end-turn only on the PC\'s own turn, and names the actor field as each game does', () => {
    const fight = encounter({
      rules: 'swn',
      combatants: [
        { name: 'Vasquez', kind: 'pc', stats: { hp: 10 } },
        { name: 'Kade', kind: 'pc', stats: { hp: 10 } },
      ],
      commands: [{ type: 'roll-initiative', dice: { Vasquez: [6], Kade: [2] } }, { type: 'start' }],
    });
    expect(build(fight, { kind: 'end-turn', combatant: 'Vasquez' })).toMatchObject({ ok: true, command: { type: 'end-turn', combatant: 'c1' } });
    expect(build(fight, { kind: 'end-turn', combatant: 'Kade' })).toMatchObject({ ok: false, rejection: { code: 'request/not-your-turn', message: "It is not Kade's turn." } });
    const custom = encounter({ rules: 'custom', combatants: [{ name: 'Asha', kind: 'pc' }], commands: [{ type: 'start', dice: { Asha: 3 } }] });
    expect(build(custom, { kind: 'end-turn', combatant: 'Asha' })).toMatchObject({ ok: true, command: { type: 'end-turn' } });
  });

  it('builds popcorn passes and holds, reactions and Fallout Luck', () => {
    const pop = encounter({
      rules: 'popcorn',
      combatants: [
        { name: 'Mira', kind: 'pc', stats: { heroDice: 1 } },
        { name: 'Orc', stats: { group: 'Orcs' } },
        { name: 'Shade', hidden: true },
      ],
    });
    expect(build(pop, { kind: 'pass', combatant: 'Mira', to: 'orc' })).toMatchObject({ ok: true, command: { type: 'pass', actor: 'c1', to: 'c2' } });
    expect(build(pop, { kind: 'hold', combatant: 'Mira', group: 'Orcs' })).toMatchObject({ ok: true, command: { type: 'hold', actor: 'c1', group: 'Orcs' } });
    expect(build(pop, { kind: 'pass', combatant: 'Mira', to: 'Shade' })).toMatchObject({ ok: false, rejection: { code: 'request/unknown-combatant' } });
    expect(build(pop, { kind: 'pass', combatant: 'Mira', group: 'Shades' })).toMatchObject({ ok: false, rejection: { code: 'request/unknown-group' } });
    expect(build(pop, { kind: 'reaction', combatant: 'Mira', label: 'dodges' })).toMatchObject({
      ok: true,
      command: { type: 'react', actor: 'c1', kind: 'pool', label: 'dodges' },
    });
    expect(build(swn, { kind: 'reaction', combatant: 'Kade', label: 'ducks' })).toMatchObject({
      ok: true,
      command: { type: 'act', actor: 'c2', action: 'instant', label: 'ducks' },
    });
    const fo = encounter({ rules: 'fallout', combatants: [{ name: 'Nora', kind: 'pc', stats: { per: 5, agi: 5, luc: 2 } }] });
    expect(build(fo, { kind: 'luck', combatant: 'Nora' })).toMatchObject({ ok: true, command: { type: 'luck-interrupt', actor: 'c1' } });
  });

  it('accepts only the fields of each kind', () => {
    expect(requestInputSchema.safeParse({ kind: 'end-turn', combatant: 'A', command: { type: 'end-encounter' } }).success).toBe(false);
    expect(requestInputSchema.safeParse({ kind: 'damage', combatant: 'A' }).success).toBe(false);
    expect(requestInputSchema.safeParse({ kind: 'initiative', combatant: 'A', dice: [1.5] }).success).toBe(false);
  });
});
