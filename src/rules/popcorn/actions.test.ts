import { describe, expect, it } from 'vitest';
import { engine, run } from './test-support.ts';

const start = { type: 'start', combatant: 'Mira', dice: { 'luck:Mira': 4, 'luck:Brom': 3 } };

describe('popcorn: taking the action', () => {
  // "When taking an action, the character makes a standard roll.": the rules ask for no words, so the
  // label (the GM's note of what happens) is optional. Issue 21, item 5: "Take the action" refused to go
  // without a typed label.
  it('takes the action with no label: the card turns face up, the log says so', () => {
    const r = run({ commands: [start, { type: 'act', actor: 'Mira' }] });
    expect(r.s.module.acted).toContain('c1');
    expect(engine.whoMayAct(r.enc)).toMatchObject({ kind: 'pass', from: 'c1' });
    expect(r.log).toContain('Mira takes the action.');
    const rolled = run({ commands: [start, { type: 'act', actor: 'Mira', roll: '2d6', dice: { roll: [5, 4] } }] });
    expect(rolled.log).toContain('Mira takes the action (2d6: [5, 4] = 9).');
  });

  it('a label, when given, is what the log says happened', () => {
    const r = run({ commands: [start, { type: 'act', actor: 'Mira', label: 'casts a bolt' }] });
    expect(r.log).toContain('Mira: casts a bolt.');
    expect(r.events.find((e) => e.event.type === 'popcorn/acted')?.event).toMatchObject({ label: 'casts a bolt' });
  });
});
