import { createEngine, runScript } from '../../core/index.ts';
import type { Encounter, Rejection, RuleModule, StoredEvent } from '../../core/index.ts';
import { fallout } from './index.ts';
import type { FalloutState } from './state.ts';

/** Shared by the module's tests: an engine with the Fallout module and a small cast. */
export const engine = createEngine([fallout as RuleModule]);

export const pistol = { name: '10mm pistol', type: 'ranged', damage: 4, range: 'close', ammo: '10mm', fireRate: 2 };

export const cast = {
  nora: {
    name: 'Nora',
    kind: 'pc',
    side: 'Vault',
    stats: {
      per: 6, agi: 7, str: 5, end: 5, int: 6, cha: 5, luc: 3,
      skills: { 'small guns': 3, athletics: 2, medicine: 2, speech: 2, survival: 1, 'melee weapons': 1 },
      tags: ['small guns'],
      hp: 12,
      weapons: [pistol, { name: 'Combat knife', type: 'melee', damage: 2 }],
      ammo: { '10mm': 8 },
    },
  },
  piper: {
    name: 'Piper',
    kind: 'pc',
    side: 'Vault',
    stats: { per: 5, agi: 5, str: 4, end: 4, int: 5, luc: 2, skills: { throwing: 2, athletics: 1 }, hp: 10, weapons: [{ name: 'Frag grenade', type: 'thrown', damage: 5, quantity: 2, range: 'medium' }] },
  },
  raider: {
    name: 'Raider',
    side: 'Raiders',
    stats: {
      per: 5, agi: 5, str: 6, skills: { 'melee weapons': 2 }, hp: 10,
      dr: { all: { physical: 1 }, head: { physical: 2 } },
      weapons: [{ name: 'Machete', type: 'melee', damage: 3, effects: ['piercing 1'] }],
    },
  },
  ghoul: { name: 'Ghoul', side: 'Raiders', stats: { type: 'creature', body: 6, mind: 3, skills: { melee: 2 }, hp: 8, weapons: [{ name: 'Claws', type: 'unarmed', damage: 2, effects: ['vicious'] }] } },
};

export interface Played {
  readonly enc: Encounter;
  readonly events: readonly StoredEvent[];
  readonly log: string[];
}

/** Run a script (throws, with the rejection, if a command is refused). */
export function play(script: Record<string, unknown>, seed = 1): Played {
  const r = runScript(engine, { rules: 'fallout', sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }], ...script }, seed);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message} [${r.rejection.code}]`);
  return { enc: r.encounter, events: r.events, log: engine.log(r.events).map((l) => l.text) };
}

/** The four of the cast, with the given commands. */
export function fight(commands: unknown[], options: Record<string, unknown> = {}, extra: unknown[] = []): Played {
  return play({ options, combatants: [cast.nora, cast.piper, cast.raider, cast.ghoul, ...extra], commands });
}

/** One more accepted command; the log lines it added. */
export function step(p: Played, command: unknown): Played {
  const r = engine.execute(p.enc, command);
  if (!r.ok) throw new Error(`${JSON.stringify(command)}: ${r.rejection.message} [${r.rejection.code}]`);
  const events = [...p.events, ...r.events];
  return { enc: r.encounter, events, log: engine.log(events).map((l) => l.text) };
}

/** The rejection of a command that must be refused (and the encounter is left as it was). */
export function refuse(p: Played, command: unknown): Rejection {
  const r = engine.decide(p.enc, command);
  if (r.ok) throw new Error(`${JSON.stringify(command)} was accepted`);
  return r.rejection;
}

export function mod(p: Played): FalloutState {
  return p.enc.state.module as FalloutState;
}

export function id(p: Played, name: string): string {
  const s = p.enc.state;
  const found = s.roster.find((x) => s.combatants[x]!.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

export function hp(p: Played, name: string): number | undefined {
  return p.enc.state.combatants[id(p, name)]!.tracks.hp?.value;
}

export function track(p: Played, name: string, t: string): number | undefined {
  return p.enc.state.combatants[id(p, name)]!.tracks[t]?.value;
}

/** Names in initiative order. */
export function order(p: Played): string[] {
  return mod(p).track.slots.map((s) => p.enc.state.combatants[s.key]?.name ?? s.key);
}

/** The new log lines since `before`. */
export function since(before: Played, after: Played): string[] {
  return after.log.slice(before.log.length);
}

/** Round 1, Nora's turn begun (order Nora 13, Piper 10, Raider 10, Ghoul 9); `before` runs ahead of begin-turn. */
export function noraTurn(options: Record<string, unknown> = {}, extra: unknown[] = [], before: unknown[] = []): Played {
  return fight([{ type: 'start', initiator: 'Ghoul' }, { type: 'end-turn' }, { type: 'decide-tie', first: 'Piper' }, ...before, { type: 'begin-turn' }], options, extra);
}
