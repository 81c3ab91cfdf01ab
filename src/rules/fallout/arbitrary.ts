import type { Encounter } from '../../core/index.ts';
import { undecidedTies } from './initiative.ts';
import { allowedActionsFallout, whoMayActFallout } from './queries.ts';
import type { FalloutState } from './state.ts';
import { optionsOf } from './state.ts';
import type { FalloutEncounter } from './state.ts';

const pistol = { name: '10mm pistol', type: 'ranged', damage: 4, range: 'close', ammo: '10mm', fireRate: 2 };

/** The starting point of the Fallout property tests: a script without commands. */
export const setup = {
  rules: 'fallout',
  options: { partyPoolStart: 2, gmPoolStart: 3, gmPoolMax: 12 },
  sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
  combatants: [
    {
      name: 'Nora',
      kind: 'pc',
      side: 'Vault',
      stats: { per: 6, agi: 7, str: 5, end: 5, int: 6, cha: 5, luc: 2, skills: { 'small guns': 3, athletics: 2, medicine: 2, speech: 1 }, tags: ['small guns'], hp: 12, weapons: [pistol], ammo: { '10mm': 6 } },
    },
    {
      name: 'Piper',
      kind: 'pc',
      side: 'Vault',
      stats: { per: 4, agi: 6, str: 4, end: 4, int: 5, luc: 3, skills: { throwing: 2, unarmed: 1 }, hp: 10, weapons: [{ name: 'Frag grenade', type: 'thrown', damage: 5, quantity: 2 }, { name: 'Fists', type: 'unarmed', damage: 2 }] },
    },
    { name: 'Dogmeat', side: 'Vault', stats: { type: 'creature', body: 5, mind: 4, npcType: 'animal', skills: { melee: 2 }, hp: 8, weapons: [{ name: 'Bite', type: 'melee', damage: 3 }] } },
    {
      name: 'Raider',
      side: 'Raiders',
      count: 2,
      stats: { per: 5, agi: 5, str: 6, skills: { 'melee weapons': 2 }, hp: 8, dr: { all: { physical: 1 } }, weapons: [{ name: 'Machete', type: 'melee', damage: 3, effects: ['piercing 1'] }] },
    },
  ],
};

const ACTIONS = ['aim', 'draw-item', 'interact', 'move', 'take-chem', 'assist', 'command-npc', 'defend', 'first-aid', 'pass', 'rally', 'sprint', 'test'] as const;

/** One `act` command with the fields its action takes. */
function actCommand(action: (typeof ACTIONS)[number], actor: string, other: string, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): Record<string, unknown> {
  const base = { type: 'act', actor, action };
  const test = { buyDice: int(0, 3) === 0 ? int(1, 2) : 0, ...(int(0, 4) === 0 ? { helpers: [{ actor: other }] } : {}) };
  switch (action) {
    case 'move':
      return { ...base, ...pick([{}, { standUp: true }, { prone: true }]) };
    case 'sprint':
      return { ...base, ...(int(0, 2) === 0 ? { prone: true } : {}) };
    case 'take-chem':
      return { ...base, chem: 'Stimpak', target: other };
    case 'assist':
    case 'command-npc':
      return { ...base, target: other };
    case 'defend':
      return { ...base, extraAp: int(0, 2) === 0, ...test };
    case 'first-aid':
      return { ...base, target: other, outcome: pick(['heal', 'heal', 'stabilize', 'treat-injury']), ...test };
    case 'rally':
      return { ...base, ...test };
    case 'test':
      return { ...base, attribute: pick(['per', 'agi', 'body']), skill: pick(['sneak', 'athletics', 'other']), difficulty: int(0, 4), ...test };
    default:
      return base;
  }
}

/** Plausible commands for the state, legal or not (shaped to be valid, so most reach the rules). */
export function candidates(enc: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[] {
  const s = enc.state as FalloutEncounter;
  const names = s.roster.map((id) => s.combatants[id]!.name);
  const someone = names.length > 0 ? pick(names) : 'Nobody';
  const other = names.length > 0 ? pick(names) : 'Nobody';
  const m = s.module as FalloutState | undefined;
  if (s.status === 'setup') return [{ type: 'start', initiator: someone }, { type: 'start', initiator: someone }, { type: 'decide-tie', first: someone }];
  if (s.status === 'ended') return [{ type: 'reopen-encounter' }];
  const now = enc.state.module ? (m?.firing?.queue[0]?.actor ?? m?.pendingAttack?.actor ?? m?.turn?.actor) : undefined;
  const acting = now ? s.combatants[now]?.name : undefined;
  const actor = acting && int(0, 3) > 0 ? acting : someone;
  const actorId = s.roster.find((id) => s.combatants[id]!.name === actor);
  const own = actorId ? ((s.combatants[actorId]!.stats.weapons as { name: string }[] | undefined) ?? []).map((w) => w.name) : [];
  const weapon = own.length > 0 && int(0, 4) > 0 ? pick(own) : pick(['10mm pistol', 'Frag grenade', 'Fists', 'Bite', 'Machete']);
  const trigger = m && m.readied.length > 0 ? pick(m.readied).trigger : 'the door opens';
  const rare: unknown[] = int(0, 15) === 0 ? [{ type: 'end-encounter' }] : [];
  const aimed = m?.turn?.aimed && m.turn.attacks === 0 ? [1, 2, 3].map(() => ({ type: 'attack', actor, target: other, weapon })) : [];
  const waiting = m?.pendingAttack ? [{ type: 'reroll', actor, die: int(1, 3) }, { type: 'reroll', actor, keep: true }] : [];
  const tie = undecidedTies(s)[0];
  const answer: unknown[] = tie ? [{ type: 'decide-tie', first: pick(tie.open) }, { type: 'decide-tie', first: pick(tie.open) }] : [];
  return [
    { type: 'end-turn' },
    { type: 'end-turn' },
    { type: 'end-turn', actor },
    { type: 'begin-turn' },
    { type: 'decide-tie', first: someone },
    ...answer,
    ...aimed,
    ...waiting,
    actCommand(pick(ACTIONS), actor, other, pick, int),
    actCommand(pick(ACTIONS), actor, other, pick, int),
    actCommand(pick(ACTIONS), actor, other, pick, int),
    { type: 'attack', actor, target: other, weapon, extraDamageAp: int(0, 1), extraShots: int(0, 1), buyDice: int(0, 2), ...(int(0, 2) === 0 ? { location: 'head' } : {}) },
    { type: 'attack', actor, target: other, weapon, range: pick(['close', 'medium', 'long']) },
    { type: 'attack', actor, target: other, weapon, dice: { test: [int(1, 20), int(1, 20)] } },
    { type: 'reroll', actor, die: int(1, 2) },
    { type: 'reroll', actor, keep: true },
    { type: 'ready', actor, trigger: pick(['the door opens', 'a raider moves']), action: pick(['attack', 'defend', 'sprint', 'test']) },
    { type: 'trigger', trigger },
    { type: 'luck-interrupt', actor: someone },
    { type: 'luck-interrupt', actor: someone },
    { type: 'spend-ap', actor: someone, on: 'information' },
    { type: 'set-ap', pool: pick(['party', 'gm']), value: int(0, 8) },
    { type: 'damage', combatants: [someone], amount: int(0, 9) },
    { type: 'heal', combatants: [someone], amount: int(1, 6) },
    { type: 'add-condition', combatants: [someone], name: pick(['Prone', 'Dazed']), duration: pick([{ rounds: int(1, 2) }, { until: 'turn-end', of: other }, 'until-removed']) },
    { type: 'add-combatant', name: pick(['Ghoul', 'Raider']), stats: pick([{ type: 'creature', body: 6, mind: 4, hp: 6 }, { per: 5, agi: 5, hp: 5 }]) },
    { type: 'remove-combatant', combatant: someone },
    { type: 'reorder', combatant: someone, before: other },
    { type: 'set-defeated', combatant: someone, defeated: pick([true, false]) },
    { type: 'update-combatant', combatant: someone, stats: { initiativeBonus: int(0, 2) } },
    ...rare,
  ];
}

/**
 * "You cannot take more than two minor actions and two major actions on your turn by any means. You
 * cannot take more than one movement action per turn." And no pool above its max or below 0.
 */
export function allowanceViolation(enc: Encounter): string | null {
  const s = enc.state as FalloutEncounter;
  const m = s.module as FalloutState;
  const t = m.turn;
  if (t && (t.minor > 2 || t.major > 2 || t.movement > 1)) return `${t.actor}: ${t.minor} minor, ${t.major} major, ${t.movement} movement actions in one turn`;
  const o = optionsOf(s);
  if (m.pools.party < 0 || m.pools.party > o.partyPoolMax) return `party pool ${m.pools.party} outside 0..${o.partyPoolMax}`;
  if (m.pools.gm < 0 || (o.gmPoolMax !== null && m.pools.gm > o.gmPoolMax)) return `GM pool ${m.pools.gm} outside 0..${o.gmPoolMax ?? '∞'}`;
  if (new Set(m.track.done).size !== m.track.done.length) return `someone is done twice: ${m.track.done.join(', ')}`;
  if (m.pendingAttack && m.turn?.actor !== m.pendingAttack.actor) return 'an attack waits for Aim outside its attacker\'s turn';
  if (m.firing && m.firing.queue.length === 0) return 'an empty readied queue is firing';
  if (m.turn && !s.combatants[m.turn.actor]) return 'the turn belongs to a combatant who left';
  // The queries answer in every state, and name only combatants who are there.
  const now = whoMayActFallout(s);
  if (now.kind === 'actor' && !s.combatants[now.actor]) return `whoMayAct names a missing combatant ${now.actor}`;
  if (now.kind === 'actor' && s.combatants[now.actor]!.defeated) return `whoMayAct names a defeated combatant ${now.actor}`;
  for (const id of s.roster) allowedActionsFallout(s, id);
  return null;
}
