import { describe, expect, it } from 'vitest';
import type { ActionOption } from '../../core/index.ts';
import { engine, run } from './test-support.ts';

const start = { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };
const byLabel = (actions: readonly ActionOption[] | undefined, label: string) => actions?.find((a) => a.label.startsWith(label));

describe('popcorn: who may act, and what each may do', () => {
  it('Now is the one with the initiative; interrupts list reactions for everyone else', () => {
    const r = run({ commands: [start] });
    const now = engine.whoMayAct(r.enc);
    expect(now).toMatchObject({ kind: 'actor', actor: 'c1', round: 1 });
    expect(now.interrupts).toEqual([
      { combatant: 'c2', command: 'react', label: 'React (Reaction Pool 1/1, or with the action)' },
      { combatant: 'c3', command: 'react', label: 'React (Reaction Pool 1/1, or with the action)' },
      { combatant: 'c4', command: 'react', label: 'React (Reaction Pool 1/1, or with the action)' },
    ]);
  });

  it('interrupts list delayed actions that may be completed now and conditional actions waiting for a trigger', () => {
    const r = run({
      commands: [start, { type: 'delay', actor: 'Mira', label: 'aimed shot', discretion: true }, { type: 'pass', to: 'Brom' }, { type: 'conditional', actor: 'Brom', trigger: 'an orc moves', label: 'stabs' }, { type: 'pass', to: 'Orc' }],
    });
    expect(engine.whoMayAct(r.enc).interrupts).toEqual(
      expect.arrayContaining([
        { combatant: 'c1', command: 'complete-delayed', label: "Complete aimed shot (delayed, at the actor's discretion)" },
        { combatant: 'c2', command: 'trigger', label: 'stabs: goes off before its trigger (an orc moves)' },
      ]),
    );
  });

  it('allowedActions lists every action, legal or with the reason', () => {
    const r = run({ commands: [start] });
    const mira = engine.allowedActions(r.enc, 'Mira');
    expect(byLabel(mira, 'Take the action')).toMatchObject({ command: 'act', legal: true, preset: { actor: 'c1' }, cost: "this round's action" });
    expect(byLabel(mira, 'Hold')).toMatchObject({ command: 'hold', legal: true });
    expect(byLabel(mira, 'Pass the initiative')).toMatchObject({ legal: false, reason: 'Mira has the initiative and has not acted yet: act first, or hold (hold) and pass to an opponent.' });
    expect(byLabel(mira, 'React with the action')).toMatchObject({ legal: false, reason: 'Mira has the initiative: take the action now (act) rather than as a reaction.' });
    const brom = engine.allowedActions(r.enc, 'Brom');
    expect(byLabel(brom, 'Take the action')).toMatchObject({ legal: false, reason: 'Brom does not have the initiative (Mira has it); Brom can react (react) or wait to be passed the initiative.' });
    expect(byLabel(brom, 'React with the Reaction Pool')).toMatchObject({ legal: true, preset: { actor: 'c2', kind: 'pool' }, cost: 'a reaction die' });
    expect(byLabel(brom, 'Make a Health Check')).toMatchObject({ legal: false });
    for (const a of [...(mira ?? []), ...(brom ?? [])]) expect(a.legal || (a.reason ?? '').length > 0).toBe(true);
  });

  it('after acting, only passing is legal for the actor', () => {
    const r = run({ commands: [start, { type: 'act', actor: 'Mira', label: 'x' }] });
    const legal = engine.allowedActions(r.enc, 'Mira')!.filter((a) => a.legal).map((a) => a.command);
    expect(legal).toEqual(['pass', 'react', 'react']);
  });

  it('the state carries the module part an interface needs: phase, holder, face-up cards, pending actions', () => {
    const r = run({ commands: [start, { type: 'delay', actor: 'Mira', label: 'Fireball', segments: 2 }] });
    expect(r.s.module).toMatchObject({ phase: 'pass', current: 'c1', acted: ['c1'], pending: { c1: { kind: 'delayed', left: 2 } }, segmentsDone: 0 });
  });
});
