import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, runScript } from '../../core/index.ts';
import type { Encounter } from '../../core/index.ts';
import { candidates, setup } from './arbitrary.ts';
import { kuro } from './index.ts';
import { actingNow } from './phase.ts';
import type { KuroEncounter } from './state.ts';

const engine = createEngine([kuro]);
const acting = (e: Encounter): string[] => actingNow(e.state as KuroEncounter);
const stateOf = (e: Encounter): KuroEncounter => e.state as KuroEncounter;

/** Commands allowed to hand the turn to someone else. */
const TURN_COMMANDS = new Set(['end-turn', 'start', 'undo', 'redo']);

describe('kuro: the slot acting now never moves to someone else', () => {
  it('holds over random command sequences', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 240, maxLength: 240 }), (seed, choices) => {
        let i = 0;
        const next = (): number => choices[i++ % choices.length]!;
        const pick = <T>(xs: readonly T[]): T => xs[next() % xs.length]!;
        const int = (min: number, max: number): number => min + (next() % (max - min + 1));
        let enc = runScript(engine, setup, seed).encounter!;
        for (let step = 0; step < 60; step++) {
          const command = pick([...candidates(enc, pick, int), { type: 'undo' }]) as { type: string; combatant?: string };
          const r = engine.execute(enc, command);
          if (!r.ok) continue;
          const before = enc;
          enc = r.encounter;
          const s = stateOf(enc);
          const what = JSON.stringify(command);
          if (s.module.stage === 'phases' && s.status !== 'ended') {
            // Someone is always acting while the phases run, and the interface is told who, with the phase.
            expect(acting(enc).length, what).toBeGreaterThan(0);
            const now = engine.whoMayAct(enc);
            expect(['actor', 'group'], what).toContain(now.kind);
            expect('phase' in now ? now.phase : 0, what).toBe(s.module.phase);
            // Everyone acting now shares the slot's initiative ("all characters with the same initiative act at the same time").
            const keys = new Set(acting(enc).map((id) => `${s.module.initiative[id]?.total}|${s.module.initiative[id]?.shift}`));
            expect(keys.size, what).toBe(1);
          }
          const removedActing = command.type === 'remove-combatant' && acting(before).some((id) => !enc.state.combatants[id]);
          if (TURN_COMMANDS.has(command.type) || removedActing || stateOf(before).module.stage !== 'phases') continue;
          if (s.module.stage !== 'phases') continue;
          const still = acting(before).filter((id) => enc.state.combatants[id]);
          for (const id of still) expect(acting(enc), `${what} took the turn from ${id}`).toContain(id);
          expect(s.module.track.current, what).toBe(stateOf(before).module.track.current);
        }
      }),
      { numRuns: 60 },
    );
  });
});
