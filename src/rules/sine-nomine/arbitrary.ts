import type { Encounter } from '../../core/index.ts';
import type { SnGame } from './game.ts';
import type { SnEncounter } from './state.ts';
import { statsOf } from './stats.ts';

/** Typed-in faces that fit a simple notation like 1d6 or 2d4+1 (undefined if it is not that simple). */
function facesFor(notation: string, int: (min: number, max: number) => number): number[] | undefined {
  const m = /^(\d+)d(\d+)/.exec(notation);
  if (!m) return undefined;
  return Array.from({ length: Number(m[1]) }, () => int(1, Number(m[2])));
}

/** A handful of plausible commands (legal or not) for the encounter's state, for property tests. */
export function candidatesFor(
  game: SnGame,
  enc: Encounter,
  pick: <T>(xs: readonly T[]) => T,
  int: (min: number, max: number) => number,
): unknown[] {
  const s = enc.state as SnEncounter;
  const names = s.roster.map((id) => s.combatants[id]!.name);
  const slot = s.module.track.slots.find((x) => x.key === s.module.track.current);
  const now = (slot?.kind === 'actor' ? slot.members : s.module.track.active ? [s.module.track.active] : (slot?.members ?? []))
    .map((id) => s.combatants[id]?.name)
    .filter((n): n is string => n !== undefined);
  const someone = now.length > 0 && int(0, 2) > 0 ? pick(now) : names.length > 0 ? pick(names) : 'Nobody';
  const other = names.length > 0 ? pick(names) : 'Nobody';
  const attacker = s.roster.map((id) => s.combatants[id]!).find((c) => c.name === someone);
  const weapons = attacker ? statsOf(attacker).weapons : [];
  const weapon = weapons.length > 0 ? pick(weapons) : undefined;
  const damage = weapon ? facesFor(weapon.damage, int) : [int(1, 2)];
  const actions = ['move', 'main-as-move', 'fighting-withdrawal', 'on-turn', 'instant', 'main', ...(game.grapple ? ['maintain-grapple', 'release-grapple'] : []), ...(game.standUp ? ['stand-up'] : [])];
  const modifiers = game.modifiers.defs.map((d) => d.id);
  const sides = s.sideOrder.map((id) => s.sides[id]!.name);
  const out: unknown[] = [
    { type: 'start' },
    { type: 'end-turn' },
    { type: 'end-turn' },
    { type: 'end-turn', combatant: someone },
    { type: 'begin-turn', combatant: someone },
    { type: 'begin-turn', combatant: other },
    { type: 'roll-initiative' },
    { type: 'roll-initiative', combatants: [someone], dice: { [someone]: int(1, 8) } },
    { type: 'set-initiative', combatant: someone, total: int(1, 10) },
    { type: 'act', actor: someone, action: pick(actions), ...(int(0, 1) ? { label: 'does a thing' } : {}) },
    { type: 'act', actor: someone, action: pick(actions) },
    { type: 'act', actor: other, action: 'instant', costsMain: pick([true, false]) },
    { type: 'leave-melee', actor: someone, withdrawing: pick([true, false]), targets: [other] },
    {
      type: 'attack',
      actor: someone,
      target: other,
      ...(weapon ? { weapon: weapon.name } : {}),
      modifiers: int(0, 2) === 0 ? [pick(modifiers)] : [],
      situational: int(-2, 2),
      free: int(0, 4) === 0,
      dice: { hit: int(1, 20), ...(damage ? { damage } : {}) },
    },
    { type: 'attack', actor: someone, target: other },
    { type: 'damage', combatants: [someone], amount: int(0, 8) },
    { type: 'heal', combatants: [someone], amount: int(1, 4) },
    { type: 'add-condition', combatants: [someone], name: pick(['Dazed', 'Prone']), duration: pick([{ rounds: int(1, 2) }, { until: 'turn-end', of: other }, 'until-removed']) },
    { type: 'add-combatant', name: pick(['Thug', 'Drone']), hp: int(1, 8), ...(sides.length > 0 ? { side: pick(sides) } : {}) },
    { type: 'remove-combatant', combatant: someone },
    { type: 'reorder', combatant: someone, [pick(['before', 'after'])]: other },
    { type: 'set-defeated', combatant: someone, defeated: pick([true, false]) },
    { type: 'surprise', actors: [someone], targets: [other], declare: pick([true, false]) },
    ...(int(0, 3) === 0 ? [{ type: 'end-encounter' }] : []),
    { type: 'reopen-encounter' },
  ];
  // Free attacks on someone who left melee, mostly by a foe it owes one (twice: once is often refused).
  const owed = s.module.freeAttacks[0];
  const target = owed ? (s.combatants[owed.leaver]?.name ?? owed.leaver) : '';
  const others = names.filter((n) => n !== target);
  if (owed && others.length > 0) {
    const foes = (owed.foes ?? []).map((id) => s.combatants[id]?.name).filter((n): n is string => n !== undefined);
    const by = (): string => (foes.length > 0 && int(0, 3) > 0 ? pick(foes) : pick(others));
    for (let i = 0; i < 3; i++) out.push({ type: 'attack', actor: by(), target, free: true, ...(int(0, 3) === 0 ? { weapon: 'unarmed' } : {}), dice: { hit: int(1, 20) } });
  }
  if (game.surprise === 'side' && sides.length > 0) {
    out.push({ type: 'surprise', side: pick(sides), declare: true });
    out.push({ type: 'set-side', side: pick(sides), modifier: int(-2, 2) });
    out.push({ type: 'set-side', side: pick(sides), anticipating: pick([true, false]) });
  }
  if (game.grapple) {
    const dice = { [someone]: [int(1, 6), int(1, 6)], [other]: [int(1, 6), int(1, 6)] };
    out.push({ type: 'shove', actor: someone, target: other, effect: pick(['push', 'prone']), dice });
    out.push({ type: 'grapple', actor: someone, target: other, dice });
    out.push({ type: 'grapple', actor: someone, target: other });
    out.push({ type: 'break-free', actor: someone });
    if (game.standUp) out.push({ type: 'act', actor: someone, action: 'stand-up' });
    out.push({ type: 'attack', actor: someone, target: other, lessLethal: true });
  }
  return out;
}

/**
 * A message if someone has used more than one Main or more than one Move this round (a Main spent as a
 * Move counts as the Main), or a surprised SWN combatant did anything but an Instant action in round 1.
 */
export function allowanceViolation(game: SnGame, enc: Encounter): string | null {
  const s = enc.state as SnEncounter;
  for (const [id, spent] of Object.entries(s.module.spent)) {
    const name = s.combatants[id]?.name ?? id;
    if (spent.mains.length > 1) return `${name} used the Main action ${spent.mains.length} times in round ${s.round}: ${spent.mains.join(', ')}`;
    if (spent.moves.length > 1) return `${name} used the Move action ${spent.moves.length} times in round ${s.round}: ${spent.moves.join(', ')}`;
    if (game.surprise === 'combatant' && s.round <= 1 && s.module.surprised.includes(id)) {
      const other = [...spent.mains, ...spent.moves].filter((u) => u !== 'Instant action');
      if (other.length > 0) return `${name} is surprised in round 1 but used: ${other.join(', ')}`;
    }
  }
  return null;
}
