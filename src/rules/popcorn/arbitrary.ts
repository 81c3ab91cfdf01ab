import type { Encounter } from '../../core/index.ts';
import { carried, nameOf, poolOf } from './queries.ts';
import type { PopcornEncounter } from './state.ts';
import { whoMayActPopcorn } from './who-may-act.ts';

/** The starting point of the popcorn module's property tests: two PCs, an NPC group and a lone NPC on a third side. */
export const setup = {
  rules: 'popcorn',
  sides: [{ name: 'Party', players: true }, { name: 'Orcs' }, { name: 'Beasts' }],
  combatants: [
    { name: 'Mira', kind: 'pc', side: 'Party', hp: 10, stats: { heroDice: 2, luckDie: 'd8' } },
    { name: 'Brom', kind: 'pc', side: 'Party', hp: 12, stats: { heroDice: 1 } },
    { name: 'Orc', side: 'Orcs', hp: 6, count: 2, stats: { heroDice: 1, group: 'Orcs' } },
    { name: 'Troll', side: 'Beasts', hp: 15, stats: { heroDice: 3 } },
  ],
};

/** Plausible commands for the state, legal or not; the ones that move the round on come often. */
export function candidates(enc: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[] {
  const s = enc.state as PopcornEncounter;
  const names = s.roster.map((id) => nameOf(s, id));
  const someone = names.length > 0 ? pick(names) : 'Nobody';
  const other = names.length > 0 ? pick(names) : 'Nobody';
  const now = whoMayActPopcorn(s);
  const next = now.kind === 'pass' && now.candidates.length > 0 ? nameOf(s, pick(now.candidates)) : other;
  const current = s.module.current !== null ? nameOf(s, s.module.current) : someone;
  const owners = Object.keys(s.module.pending).map((id) => nameOf(s, id));
  const owner = owners.length > 0 ? pick(owners) : someone;
  const rare = (cmds: unknown[]): unknown[] => (int(0, 5) === 0 ? cmds : []);
  if (enc.state.status === 'ended') return [{ type: 'reopen-encounter' }, { type: 'reopen-encounter' }];
  if (enc.state.status === 'setup') {
    return [
      { type: 'start', combatant: someone },
      { type: 'start', roll: true },
      { type: 'start', side: pick(['Party', 'Orcs', 'Beasts', 'Elves']) },
      { type: 'act', actor: someone, label: 'Strikes' },
    ];
  }
  // The move that takes the round on, offered often so that walks reach later rounds.
  const natural =
    now.kind === 'pass'
      ? { type: 'pass', ...(now.candidates.length > 0 ? { to: next } : {}) }
      : now.kind === 'actor'
        ? pick([
            { type: 'act', actor: current, label: 'Strikes', roll: '2d6' },
            { type: 'hold', to: next },
            { type: 'delay', actor: current, label: 'Spell', segments: int(1, 3) },
            { type: 'conditional', actor: current, trigger: 'the orc moves', label: 'Shoot' },
            { type: 'complete-delayed', actor: owner },
          ])
        : now.kind === 'decision' && now.decision.command === 'end-round-choice'
          ? { type: 'end-round-choice', choice: pick(['complete', 'continue', 'continue', 'abandon']) }
          : { type: 'next-round' };
  const progress = [natural, natural, natural, natural, natural, natural];
  return [
    { type: 'start', combatant: someone },
    { type: 'start', roll: true },
    { type: 'start', side: pick(['Party', 'Orcs', 'Beasts', 'Elves']) },
    ...progress,
    { type: 'pass', to: other },
    { type: 'pass', group: 'Orcs' },
    { type: 'pass' },
    { type: 'hold', to: next },
    { type: 'hold', to: other },
    { type: 'hold', group: 'Orcs' },
    { type: 'act', actor: someone, label: 'Strikes' },
    { type: 'delay', actor: current, label: 'Spell', segments: int(1, 3) },
    { type: 'delay', actor: current, label: 'Aim', discretion: true },
    { type: 'conditional', actor: current, trigger: 'the orc moves', label: 'Shoot' },
    { type: 'complete-delayed', actor: owner, roll: '1d6' },
    { type: 'complete-delayed', actor: owner, early: pick([true, false]) },
    { type: 'abandon', actor: owner },
    { type: 'trigger', actor: owner, roll: '1d6' },
    { type: 'trigger', actor: owner },
    { type: 'react', actor: someone, kind: pick(['pool', 'passive', 'action']), label: 'Dodge', defense: pick([true, false]) },
    { type: 'react', actor: someone, kind: 'pool', label: 'Opportunity', defense: false, extra: '1d8' },
    { type: 'end-round-choice', actor: owner, choice: pick(['complete', 'continue', 'abandon']) },
    { type: 'health-check', actor: someone, roll: '1d20', passed: pick([true, false]) },
    { type: 'set-track', combatant: someone, track: 'reactionPool', value: int(-1, 3) },
    { type: 'add-condition', combatants: [someone], name: 'Dazed', duration: pick([{ rounds: int(1, 2) }, { until: 'turn-end', of: other }]) },
    ...rare([
      { type: 'set-acted', combatant: someone, acted: pick([true, false]) },
      { type: 'damage', combatants: [someone], amount: int(0, 10) },
      { type: 'heal', combatants: [someone], amount: int(1, 6) },
      { type: 'add-combatant', name: pick(['Orc', 'Wolf']), side: 'Orcs', hp: int(1, 8), stats: { heroDice: int(0, 2), group: 'Orcs' } },
      { type: 'remove-combatant', combatant: someone },
      { type: 'set-defeated', combatant: someone, defeated: pick([true, false]) },
      { type: 'update-combatant', combatant: someone, stats: { heroDice: int(0, 3) } },
      { type: 'end-encounter' },
    ]),
  ];
}

/**
 * Nobody takes more than one action per round except as the text allows (a GM flipping a card back
 * grants one more), a delayed action under way keeps its actor's initiative from refreshing, and no
 * Reaction Pool is below 0 or above its size.
 */
export function allowanceViolation(enc: Encounter): string | null {
  const s = enc.state as PopcornEncounter;
  const m = s.module;
  for (const id of s.roster) {
    const c = s.combatants[id]!;
    const grants = m.grants[id] ?? 0;
    const actions = m.actions[id] ?? 0;
    if (actions > 1 + grants) return `${c.name} took ${actions} actions in round ${s.round}`;
    const pool = poolOf(c);
    if (pool.value < 0 || pool.value > pool.size) return `${c.name}'s Reaction Pool is ${pool.value} of ${pool.size}`;
    const p = m.pending[id];
    if (p?.kind === 'delayed' && carried(s, p) && !m.acted.includes(id) && grants === 0) {
      return `${c.name}'s initiative refreshed before the delayed action (${p.label}) was completed`;
    }
  }
  if ((m.phase === 'turn' || m.phase === 'pass') && m.current !== null && !s.combatants[m.current]) return 'the initiative is held by someone who left';
  return null;
}
