/* global console */
// A scripted fight from the installed package under plain Node (tests/package/pack.test.ts): the
// library's three kinds of faces, a few commands, one refused, and the results printed as JSON.
import { createEngine, engine as every } from 'turnkeeper';
import { Prng, distribution, parseDice, rollDice } from 'turnkeeper/dice';
import { swn } from 'turnkeeper/rules/swn';

const engine = createEngine([swn]);
const created = engine.create({ rules: 'swn', seed: 42, title: 'Docks' });
if (!created.ok) throw new Error(created.rejection.message);
let { encounter, events } = engine.apply(engine.replay([]), created.events);
const log = [...events];
const run = (command) => {
  const r = engine.execute(encounter, command);
  if (!r.ok) throw new Error(`${command.type}: ${r.rejection.message}`);
  encounter = r.encounter;
  log.push(...r.events);
  return r.events.map((e) => e.event.type);
};

run({ type: 'add-side', name: 'Crew', players: true });
run({ type: 'add-side', name: 'Thugs' });
run({ type: 'add-combatant', name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12, ac: 14, attackBonus: 1, dexMod: 2, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } });
run({ type: 'add-combatant', name: 'Thug', side: 'Thugs', stats: { hp: 4, ac: 13, weapons: [{ name: 'Club', damage: '1d6' }] } });
run({ type: 'roll-initiative', dice: { Vasquez: [6], Thug: [2] } });
run({ type: 'start' });
const first = engine.whoMayAct(encounter);
const attack = run({ type: 'attack', actor: 'Vasquez', target: 'Thug', weapon: 'Laser pistol', dice: { hit: [18], damage: [6] } });
const refused = engine.execute(encounter, { type: 'attack', actor: 'Thug', target: 'Vasquez' });
const replayed = engine.replay(log);

console.log(
  JSON.stringify({
    first: first.kind,
    attack,
    refused: refused.ok ? null : refused.rejection.code,
    lastLine: engine.log(log).at(-1)?.text,
    replayedVersion: replayed.version,
    version: encounter.version,
    roll: rollDice(parseDice('3d6'), Prng.fromSeed(1)).total,
    odds: distribution(parseDice('2d6')).p(7),
    modules: [...every.modules.keys()],
  }),
);
