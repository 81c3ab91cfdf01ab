/**
 * Player requests: what the rules let players ask for, as an allow-list per kind and game. A request
 * names a visible player character (by the id players know it by, player-ids.ts, or by its name in any
 * spelling) and becomes exactly one engine command built here (players never send raw commands); the
 * engine then judges it like any other. Pure.
 */
import { z } from 'zod';
import { actorsOf } from '../../core/index.ts';
import type { Combatant, Command, Encounter, EncounterState, Engine, Rejection, WhoMayAct } from '../../core/index.ts';
import { engineIds } from './player-ids.ts';
import type { PlayerIds } from './player-ids.ts';
import type { RequestKind } from './settings.ts';
import { fold } from './text-match.ts';

const ref = z.string().trim().min(1).max(120);
const label = z.string().trim().min(1).max(200);

export const requestInputSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('initiative'),
      combatant: ref,
      dice: z.array(z.number().int().min(-1000).max(1000)).min(1).max(20).optional().describe('The faces rolled at the table; omit to let the server roll.'),
    })
    .strict(),
  z.object({ kind: z.literal('end-turn'), combatant: ref }).strict(),
  z.object({ kind: z.literal('take-turn'), combatant: ref }).strict().describe('Side initiative (SWN, CWN): the side is up and this member takes its turn now.'),
  z.object({ kind: z.literal('pass'), combatant: ref, to: ref.optional(), group: z.string().trim().min(1).max(60).optional() }).strict(),
  z.object({ kind: z.literal('hold'), combatant: ref, to: ref.optional(), group: z.string().trim().min(1).max(60).optional() }).strict(),
  z.object({ kind: z.literal('luck'), combatant: ref }).strict(),
  z.object({ kind: z.literal('reaction'), combatant: ref, label, reaction: z.enum(['pool', 'passive', 'action']).optional() }).strict(),
]);

export type RequestInput = z.output<typeof requestInputSchema>;

export type BuiltRequest =
  | { readonly ok: true; readonly kind: RequestKind; readonly combatant: string; readonly command: Command }
  | { readonly ok: false; readonly rejection: Rejection };

/** Which games offer each kind. */
const offeredBy: Record<RequestKind, readonly string[]> = {
  initiative: ['swn', 'cwn', 'kuro', 'custom'],
  'end-turn': ['swn', 'cwn', 'kuro', 'fallout', 'custom'],
  'take-turn': ['swn', 'cwn'],
  pass: ['popcorn'],
  hold: ['popcorn'],
  luck: ['fallout'],
  reaction: ['popcorn', 'swn', 'cwn'],
};

/** Every kind the game may offer, whatever its options (the rules list). */
export function kindsInGame(rules: string): RequestKind[] {
  return (Object.keys(offeredBy) as RequestKind[]).filter((k) => offeredBy[k].includes(rules));
}

/** The kinds this game offers; taking a side's turn only where sides take turns (`options.initiative: 'side'`). */
export function kindsOffered(rules: string, options: Readonly<Record<string, unknown>> = {}): RequestKind[] {
  return (Object.keys(offeredBy) as RequestKind[]).filter((k) => offeredBy[k].includes(rules) && (k !== 'take-turn' || options.initiative === 'side'));
}

/**
 * Whether players may ask to roll this player character's initiative now: the rules accept the roll
 * the request stands for (a dry run of the same command, by the engine that will judge it), and the
 * character has no initiative yet (a re-roll the GM's rules allow is the GM's call, and offering it
 * while the game turn waits for someone players cannot see would tell them so). `id`: the engine's.
 */
export function initiativeOpen(engine: Engine, encounter: Encounter, id: string, hasInitiative: boolean): boolean {
  const s = encounter.state;
  const c = Object.hasOwn(s.combatants, id) ? s.combatants[id] : undefined;
  if (!c || c.kind !== 'pc' || c.defeated || hasInitiative || s.status === 'ended' || !offeredBy.initiative.includes(s.rules.id)) return false;
  try {
    return engine.decide(encounter, { type: 'roll-initiative', combatants: [id] }).ok;
  } catch {
    return false;
  }
}

/**
 * A combatant on the player view by the id players know it by, or by name (any case, any Unicode
 * spelling); hidden ones, the engine's own ids and prototype names are no one.
 */
export function visibleRef(state: EncounterState, ids: PlayerIds, wanted: string): Combatant | undefined {
  const real = ids.real(wanted.trim());
  const direct = real !== undefined && Object.hasOwn(state.combatants, real) ? state.combatants[real] : undefined;
  if (direct && !direct.hidden) return direct;
  const name = fold(wanted.trim());
  for (const id of state.roster) {
    const c = Object.hasOwn(state.combatants, id) ? state.combatants[id] : undefined;
    if (c && !c.hidden && ids.of(c.id) !== undefined && fold(c.name) === name) return c;
  }
  return undefined;
}

const fail = (code: string, message: string): BuiltRequest => ({ ok: false, rejection: { code, message } });

/**
 * The one answer to a name that is not on the player view, hidden or unknown alike: it does not repeat
 * the name, so asking about a hidden combatant tells players nothing.
 */
const unknown = (): BuiltRequest =>
  fail('request/unknown-combatant', 'There is no combatant by that name on the player view: use a name as the player view shows it.');

/**
 * The command a request stands for, or why players cannot ask for it. `ids`: the ids the asker knows
 * combatants by (the server passes the players' own; the engine's by default).
 */
export function buildRequest(state: EncounterState, now: WhoMayAct, input: RequestInput, ids: PlayerIds = engineIds): BuiltRequest {
  const rules = state.rules.id;
  if (!kindsOffered(rules, state.options).includes(input.kind)) {
    const offered = kindsOffered(rules, state.options);
    return fail('request/not-offered', `Players cannot ask for "${input.kind}" in the ${rules} rules. They may ask for: ${offered.join(', ') || 'nothing'}.`);
  }
  const c = visibleRef(state, ids, input.combatant);
  if (!c) return unknown();
  if (c.kind !== 'pc') return fail('request/not-a-pc', `${c.name} is not a player character: players ask for their own characters only.`);
  const done = (command: Command): BuiltRequest => ({ ok: true, kind: input.kind, combatant: c.id, command });
  switch (input.kind) {
    case 'initiative':
      return done({ type: 'roll-initiative', combatants: [c.id], ...(input.dice ? { dice: { [c.name]: input.dice } } : {}) });
    case 'end-turn': {
      if (!actorsOf(now).includes(c.id)) return fail('request/not-your-turn', `It is not ${c.name}'s turn.`);
      if (rules === 'custom') return done({ type: 'end-turn' });
      return done({ type: 'end-turn', ...(rules === 'swn' || rules === 'cwn' ? { combatant: c.id } : { actor: c.id }) });
    }
    case 'take-turn': {
      if (now.kind !== 'side' || !now.waiting.includes(c.id)) return fail('request/not-your-turn', `It is not ${c.name}'s side's turn to choose who acts.`);
      return done({ type: 'begin-turn', combatant: c.id });
    }
    case 'pass':
    case 'hold': {
      let to: string | undefined;
      if (input.to !== undefined) {
        const target = visibleRef(state, ids, input.to);
        if (!target) return unknown();
        to = target.id;
      }
      if (input.group !== undefined) {
        const wanted = fold(input.group);
        const known = state.roster.some((id) => {
          const x = Object.hasOwn(state.combatants, id) ? state.combatants[id] : undefined;
          return x !== undefined && !x.hidden && fold(String(x.stats.group ?? '')) === wanted;
        });
        if (!known) return fail('request/unknown-group', 'There is no group by that name on the player view.');
      }
      return done({ type: input.kind, actor: c.id, ...(to !== undefined ? { to } : {}), ...(input.group !== undefined ? { group: input.group } : {}) });
    }
    case 'luck':
      return done({ type: 'luck-interrupt', actor: c.id });
    case 'reaction':
      return rules === 'popcorn'
        ? done({ type: 'react', actor: c.id, kind: input.reaction ?? 'pool', label: input.label })
        : done({ type: 'act', actor: c.id, action: 'instant', label: input.label });
  }
}
