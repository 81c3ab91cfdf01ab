/** Test support (tests only): a Stars Without Number fight under way, as the server holds it. */
import { engine } from '../../../rules/index.ts';
import type { Encounter, StoredEvent } from '../../../core/index.ts';

/** Vasquez (PC, 12 HP) and a Pirate (7 HP), initiative rolled (6 against 2), started: the encounter and its stored events. */
export function swnFightUnderWay(): { encounter: Encounter; events: StoredEvent[] } {
  const created = engine.create({ rules: 'swn', seed: 3, title: 'Docks' });
  if (!created.ok) throw new Error(created.rejection.message);
  let r = engine.apply(engine.replay([]), created.events);
  const events = [...r.events];
  for (const c of [
    { type: 'add-combatant', name: 'Vasquez', kind: 'pc', stats: { hp: 12 } },
    { type: 'add-combatant', name: 'Pirate', stats: { hp: 7 } },
    { type: 'roll-initiative', dice: { Vasquez: [6], Pirate: [2] } },
    { type: 'start' },
  ]) {
    const x = engine.execute(r.encounter, c);
    if (!x.ok) throw new Error(x.rejection.message);
    r = x;
    events.push(...x.events);
  }
  return { encounter: r.encounter, events };
}
