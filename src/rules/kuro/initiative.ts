import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, compareSortKeys, nameOf, reject } from '../../core/index.ts';
import { characteristicCheck } from './dice.ts';
import type { KuroEvent } from './events.ts';
import { nextPhase, project, reconcile } from './flow.ts';
import { optionsOf } from './options.ts';
import { actingNow, needInitiative, names, sortKeyOf } from './phase.ts';
import type { KuroEncounter } from './state.ts';
import { statsOf } from './stats.ts';

type D = Decision<EngineEvent>;

/**
 * "Initiative = REA (as number of D6) + 2x REA", rolled with the encounter's Kuro dice; physical rolls
 * are typed in under the combatant's name (with exploding 6s, the extra dice too, in the order rolled).
 */
export function rollInitiatives(s: KuroEncounter, ids: readonly string[], ctx: DecideContext): KuroEvent[] {
  const options = optionsOf(s.options);
  return ids.map((id) => {
    const c = s.combatants[id]!;
    const roll = ctx.dice.roll(c.name, characteristicCheck(statsOf(c.stats).REA, options));
    return { type: 'kuro/initiative-rolled', combatant: id, round: Math.max(1, s.round), roll, total: roll.total };
  });
}

/** The phases of the game turn begin: phase 1 (or, if nobody has an action, the game turn passes). */
function beginPhases(s: KuroEncounter, ctx: DecideContext): EngineEvent[] {
  return nextPhase({ ...s, module: { ...s.module, phase: 0 } }, ctx);
}

/**
 * At the start of a game turn (after the first), phase 1 begins as soon as everyone still in the fight
 * has an initiative: after a roll, an override, or when the last one missing leaves the fight.
 */
export function beginWhenReady(s: KuroEncounter, ctx: DecideContext): EngineEvent[] {
  if (s.module.stage !== 'initiative' || s.status !== 'running') return [];
  const able = s.roster.some((id) => !s.combatants[id]!.defeated);
  return able && needInitiative(s).length === 0 ? beginPhases(s, ctx) : [];
}

/** `start`: game turn 1 begins (rolling whoever has no initiative yet); later, the phases of this game turn. */
export function start(s: KuroEncounter, ctx: DecideContext): D {
  if (s.module.stage === 'phases') {
    return reject('fight/started', `The fight is under way: game turn ${s.round}, phase ${s.module.phase}.`);
  }
  const able = s.roster.filter((id) => !s.combatants[id]!.defeated);
  if (able.length === 0) return reject('fight/nobody', 'Add combatants before starting the fight.');
  if (!able.some((id) => (s.module.actions[id] ?? 0) > 0)) {
    return reject('kuro/no-actions', `Nobody has an action: actions per game turn are REF / 2 rounded up, and every REF is 0.`);
  }
  const events: EngineEvent[] = s.module.stage === 'setup' ? [{ type: 'round-started', round: 1 }] : [];
  events.push(...rollInitiatives(s, needInitiative(s), ctx));
  return accept([...events, ...beginPhases(project(s, events, ctx), ctx)]);
}

/** `roll-initiative`: everyone who still needs a roll this game turn, or the named combatants. */
export function rollInitiative(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const named = command.combatants as string[] | undefined;
  const turn = Math.max(1, s.round);
  if (s.module.stage === 'phases') {
    const fixed = (named ?? []).filter((id) => s.module.initiative[id]);
    if (fixed.length > 0) {
      return reject(
        'kuro/initiative-fixed',
        `Game turn ${turn} is under way and ${names(s, fixed)} already ${fixed.length > 1 ? 'have an initiative' : 'has one'}: the GM can change it (set-initiative).`,
      );
    }
  }
  const ids = named ? [...new Set(named)] : needInitiative(s);
  if (ids.length === 0) {
    const begin = s.module.stage === 'initiative' ? ', or begin the phases (start)' : '';
    return reject('initiative/nobody', `Everyone in the fight has an initiative for game turn ${turn}: name combatants to re-roll them${begin}.`);
  }
  const events = rollInitiatives(s, ids, ctx);
  return accept([...events, ...afterInitiative(s, events, ids, ctx)]);
}

/** `set-initiative`: the GM's override of a total. */
export function setInitiative(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const id = command.combatant as string;
  if (actingNow(s).includes(id)) {
    return reject(
      'kuro/acting-now',
      `${nameOf(s, id)} is acting now (phase ${s.module.phase}): change the initiative after this action, or undo the roll and roll again.`,
    );
  }
  const events: KuroEvent[] = [{ type: 'kuro/initiative-set', combatant: id, round: Math.max(1, s.round), total: command.total as number }];
  return accept([...events, ...afterInitiative(s, events, s.module.initiative[id] ? [] : [id], ctx)]);
}

/**
 * What follows new initiatives: at the start of a game turn, phase 1 once everyone has one; during the
 * phases, newcomers find their place (see `placeLate`) and may join the slot acting now.
 */
function afterInitiative(s: KuroEncounter, events: readonly EngineEvent[], newcomers: readonly string[], ctx: DecideContext): EngineEvent[] {
  const after = project(s, events, ctx);
  if (s.module.stage === 'initiative') return beginWhenReady(after, ctx);
  if (s.module.stage !== 'phases') return [];
  const late = placeLate(after, newcomers);
  return [...late, ...reconcile(project(after, late, ctx), ctx)];
}

/**
 * A combatant who gets an initiative in the middle of a phase (joining the fight, back in it) whose
 * place is above the slot acting now has missed this phase: he acts from the next one (if he has the
 * actions for it). Equal to the slot acting now: he acts with it. Below: later in this phase.
 */
export function placeLate(s: KuroEncounter, ids: readonly string[]): KuroEvent[] {
  const current = s.module.currentSortKey;
  if (s.module.stage !== 'phases' || !current) return [];
  return ids
    .filter((id) => {
      const init = s.module.initiative[id];
      return init && compareSortKeys(sortKeyOf(init), current) < 0;
    })
    .map((id) => ({ type: 'kuro/joined-late', combatant: id, phase: s.module.phase }));
}

/** Late joiners (add-combatant, back from defeat) roll at once during the phases; before, they wait for the roll. */
export function lateRolls(s: KuroEncounter, ids: readonly string[], ctx: DecideContext): EngineEvent[] {
  if (s.module.stage !== 'phases') return [];
  const events = rollInitiatives(s, ids, ctx);
  const after = project(s, events, ctx);
  const late = placeLate(after, ids);
  return [...events, ...late, ...reconcile(project(after, late, ctx), ctx)];
}
