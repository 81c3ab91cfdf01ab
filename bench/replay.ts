import type { StoredEvent } from '../src/core/index.ts';
import { engine } from '../src/rules/index.ts';

/**
 * A long, realistic log: a custom-rules fight of 12 combatants over many rounds, with attacks, damage,
 * healing, conditions that expire, and undo/redo, until it holds `size` events.
 */
export function buildLog(size: number): StoredEvent[] {
  const created = engine.create({ rules: 'custom', seed: 2026, title: 'Replay benchmark' });
  if (!created.ok) throw new Error(created.rejection.message);
  const applied = engine.apply(engine.replay([]), created.events);
  let encounter = applied.encounter;
  const events = applied.events;
  const log: StoredEvent[] = [...events];
  const run = (command: unknown): void => {
    const r = engine.execute(encounter, command);
    if (!r.ok) throw new Error(`${JSON.stringify(command)}: ${r.rejection.message}`);
    encounter = r.encounter;
    log.push(...r.events);
  };
  for (let i = 0; i < 6; i++) run({ type: 'add-combatant', name: 'Hero', kind: 'pc', side: 'Party', tracks: { hp: { value: 900_000, max: 1_000_000 } }, stats: { defense: 12 } });
  for (let i = 0; i < 6; i++) run({ type: 'add-combatant', name: 'Thug', tracks: { hp: { value: 900_000, max: 1_000_000 } }, stats: { defense: 11 } });
  run({ type: 'start' });
  let n = 0;
  while (log.length < size) {
    const now = engine.whoMayAct(encounter);
    const actor = now.kind === 'actor' ? now.actor : 'c1';
    const target = `c${1 + (n % 12)}` === actor ? `c${1 + ((n + 1) % 12)}` : `c${1 + (n % 12)}`;
    run({ type: 'attack', actor, target, hit: '1d20+4', damage: '2d6+1' });
    if (n % 3 === 0) run({ type: 'heal', combatants: [target], amount: 3 });
    if (n % 5 === 0) run({ type: 'add-condition', combatants: [target], name: 'Dazed', duration: { rounds: 1 } });
    if (n % 7 === 0) {
      run({ type: 'undo' });
      run({ type: 'redo' });
    }
    run({ type: 'end-turn' });
    n++;
  }
  return log.slice(0, size);
}
