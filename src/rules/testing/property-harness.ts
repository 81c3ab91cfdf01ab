import fc from 'fast-check';
import { expect } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { Encounter, Engine, StoredEvent } from '../../core/index.ts';

/** What a rule module gives the generic property tests. */
export interface PropertyTarget {
  readonly engine: Engine;
  /** A script without commands: rules, options, sides, combatants. */
  readonly setup: Record<string, unknown>;
  /** A handful of plausible commands (legal or not) for this state. */
  candidates(encounter: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[];
  /** A message if any combatant has exceeded its action allowance this round. */
  allowanceViolation?(encounter: Encounter): string | null;
  /** A message if an accepted command's events (or the state after them) are wrong in some other way. */
  check?(encounter: Encounter, events: readonly StoredEvent[]): string | null;
}

const snapshot = (e: Encounter): string => JSON.stringify([e.state, e.version, e.cmd, e.rng, e.undo?.size ?? 0, e.redo?.size ?? 0]);

/**
 * For random command sequences: replaying the log gives the same state (also after a JSON round trip,
 * as storage does), undo then redo is a no-op, undo restores the exact state before the command, no
 * combatant exceeds its allowance, and a rejected command changes nothing.
 */
export function checkModuleProperties(target: PropertyTarget, opts: { runs?: number; steps?: number } = {}): void {
  const steps = opts.steps ?? 40;
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 2 ** 30 }),
      fc.array(fc.nat({ max: 1_000_000 }), { minLength: steps * 4, maxLength: steps * 4 }),
      (seed, choices) => {
        let i = 0;
        const next = (): number => choices[i++ % choices.length]!;
        const pick = <T>(xs: readonly T[]): T => xs[next() % xs.length]!;
        const int = (min: number, max: number): number => min + (next() % (max - min + 1));
        const started = runScript(target.engine, { ...target.setup, commands: [] }, seed);
        expect(started.ok, started.ok ? '' : started.rejection.message).toBe(true);
        let encounter = started.encounter!;
        const setupCommands = encounter.cmd;
        const log: StoredEvent[] = [...started.events];
        const before = new Map<number, string>();
        for (let step = 0; step < steps; step++) {
          const options = [...target.candidates(encounter, pick, int), { type: 'undo' }, { type: 'redo' }];
          const command = pick(options);
          const prior = snapshot(encounter);
          const r = target.engine.execute(encounter, command);
          if (!r.ok) {
            expect(snapshot(encounter), `rejected ${JSON.stringify(command)} changed the encounter`).toBe(prior);
            expect(r.rejection.message.length).toBeGreaterThan(0);
            continue;
          }
          const type = (command as { type: string }).type;
          if (type === 'undo') {
            const undone = r.events[0]!.event as { cmd: number };
            // Commands of the setup script were not recorded here; every later one was.
            const expected = before.get(undone.cmd);
            if (expected !== undefined) expect(JSON.stringify(r.encounter.state), 'undo restores the state before the command').toBe(expected);
            else expect(undone.cmd).toBeLessThanOrEqual(setupCommands);
          } else if (type !== 'redo') {
            before.set(r.events[0]!.cmd, JSON.stringify(encounter.state));
            // Undo then redo is a no-op.
            const u = target.engine.execute(r.encounter, { type: 'undo' });
            expect(u.ok).toBe(true);
            if (u.ok) {
              expect(JSON.stringify(u.encounter.state)).toBe(JSON.stringify(encounter.state));
              const rd = target.engine.execute(u.encounter, { type: 'redo' });
              expect(rd.ok).toBe(true);
              if (rd.ok) expect(JSON.stringify(rd.encounter.state)).toBe(JSON.stringify(r.encounter.state));
            }
          }
          encounter = r.encounter;
          log.push(...r.events);
          const violation = target.allowanceViolation?.(encounter) ?? null;
          expect(violation, `after ${JSON.stringify(command)}`).toBeNull();
          expect(target.check?.(encounter, r.events) ?? null, `after ${JSON.stringify(command)}`).toBeNull();
        }
        const replayed = target.engine.replay(JSON.parse(JSON.stringify(log)) as StoredEvent[]);
        expect(snapshot(replayed)).toBe(snapshot(encounter));
      },
    ),
    { numRuns: opts.runs ?? 40 },
  );
}
