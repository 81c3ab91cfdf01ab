import type { Encounter } from '../../core/index.ts';
import type { KuroState } from './state.ts';

const sheet = (REA: number, REF: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  REA,
  REF,
  DEX: 3,
  STR: 2,
  defence: 8,
  skills: { Kenjutsu: 2, Dodge: 1 },
  weapons: [{ name: 'Katana', damage: '1d6+2', skill: 'Kenjutsu' }],
  ...extra,
});

/** The starting point of the Kuro module's property tests: equal REA makes ties (simultaneous slots) common. */
export const setup = {
  rules: 'kuro',
  combatants: [
    { name: 'Kenji', kind: 'pc', side: 'Party', stats: sheet(2, 5, { hp: 14 }) },
    { name: 'Aiko', kind: 'pc', side: 'Party', stats: sheet(1, 3, { hp: 10 }) },
    { name: 'Ronin', count: 2, stats: sheet(1, 2, { hp: 9 }) },
  ],
};

const KINDS = ['normal', 'power', 'fast'] as const;
const DEFENCES = ['none', 'none', 'parry', 'dodge'] as const;

/** Plausible commands for the state, legal or not, leaning towards whoever is acting now. */
export function candidates(enc: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[] {
  const s = enc.state;
  const names = s.roster.map((id) => s.combatants[id]!.name);
  const someone = names.length > 0 ? pick(names) : 'Nobody';
  const other = names.length > 0 ? pick(names) : 'Nobody';
  const m = s.module as KuroState | undefined;
  const current = m?.track.slots.find((slot) => slot.key === m.track.current);
  const actingIds = (current?.members ?? []).filter((id) => !m?.track.done.includes(id));
  const acting = actingIds.length > 0 ? s.combatants[pick(actingIds)]?.name ?? someone : someone;
  const face = (): number => int(1, 6);
  const standing = s.roster.filter((id) => !s.combatants[id]!.defeated).map((id) => s.combatants[id]!.name);
  const foes = standing.filter((n) => n !== acting);
  const foe = foes.length > 0 ? pick(foes) : other;
  const rare = int(0, 5) === 0;
  return [
    { type: 'start' },
    { type: 'start', dice: { [someone]: [face(), face()] } },
    { type: 'roll-initiative' },
    { type: 'roll-initiative' },
    { type: 'roll-initiative', combatants: [someone] },
    { type: 'set-initiative', combatant: someone, total: int(3, 14) },
    { type: 'end-turn' },
    { type: 'end-turn' },
    { type: 'end-turn' },
    { type: 'end-turn', actor: acting },
    { type: 'end-turn', actor: acting },
    { type: 'act', actor: acting, label: 'Shouts' },
    { type: 'attack', actor: acting, target: other, kind: pick(KINDS), invest: int(0, 4), defence: pick(DEFENCES) },
    { type: 'attack', actor: acting, target: foe, kind: pick(KINDS), invest: int(1, 2), defence: pick(DEFENCES) },
    { type: 'attack', actor: acting, target: foe },
    { type: 'attack', actor: acting, target: foe, dice: { attack: [face(), face(), face()] } },
    { type: 'attack', actor: someone, target: other, kind: 'power', invest: int(1, 3), skill: pick(['Kenjutsu', 'Bojutsu']) },
    { type: 'lose-action', combatant: someone, count: int(1, 2), reason: 'wounded' },
    { type: 'set-actions', combatant: someone, actions: int(0, 4) },
    { type: 'check', combatant: someone, characteristic: pick(['REF', 'PER']), tn: int(5, 15) },
    { type: 'damage', combatants: [someone], amount: int(0, 6) },
    { type: 'heal', combatants: [someone], amount: int(1, 6) },
    { type: 'add-condition', combatants: [someone], name: 'Dazed', duration: pick([{ rounds: int(1, 3) }, { until: 'turn-end', of: other }, 'until-removed']) },
    { type: 'add-combatant', name: pick(['Ronin', 'Ninja']), hp: int(1, 10), stats: { REA: int(0, 3), REF: int(0, 6), defence: 7 } },
    { type: 'reorder', combatant: someone, [pick(['before', 'after'])]: other },
    { type: 'set-defeated', combatant: someone, defeated: pick([true, false]) },
    ...(rare ? [{ type: 'end-encounter' }, { type: 'remove-combatant', combatant: pick([someone, acting]) }] : []),
    { type: 'reopen-encounter' },
  ];
}

/** "Each character can make a number of actions per turn equal to his Reflexes score divided by 2": nobody acts more often in a game turn than his actions allow. */
export function allowanceViolation(enc: Encounter): string | null {
  const m = enc.state.module as KuroState;
  for (const [id, phases] of Object.entries(m.acted)) {
    const name = enc.state.combatants[id]?.name ?? id;
    const allowed = m.actions[id] ?? 0;
    if (phases.length > allowed) return `${name} acted in phases ${phases.join(', ')} of game turn ${enc.state.round} with ${allowed} action(s)`;
    if (new Set(phases).size !== phases.length) return `${name} acted twice in one phase (${phases.join(', ')})`;
  }
  return null;
}
