import { distribution, parseDice } from '../../../dice/index.ts';
import type { Command, EncounterView, EngineEvent } from '../../../core/index.ts';

/** Who ambushes and who might be surprised, as ticked in the surprise dialog (combatant ids). */
export interface SurprisePlan {
  /** `roll`: the contested checks; `declare`: the GM says the surprise is practically inevitable. */
  readonly how: 'roll' | 'declare';
  readonly ambushers: readonly string[];
  readonly targets: readonly string[];
}

/** One contested check: an ambusher's Dex/Sneak (2d6 + `sneak`) against a target's Wis/Notice (2d6 + `notice`). */
export interface Contest {
  readonly ambusher: string;
  readonly target: string;
  readonly sneak: number;
  readonly notice: number;
  /** The chance the ambusher wins (the target loses: it is caught off guard by this ambusher). */
  readonly p: number;
}

export interface SurpriseOdds {
  readonly contests: readonly Contest[];
  /** Per target: the chance it loses against every ambusher (SWN: it is surprised). */
  readonly targets: readonly { readonly target: string; readonly p: number }[];
  /** CWN: the chance the whole side is caught unawares (every target loses against every ambusher). */
  readonly side: number | null;
}

/** The exact distribution of 2d6 − 2d6, from the dice module: the two sides of a contested check. */
const difference = () => distribution(parseDice('2d6-2d6'));

/**
 * The chance that 2d6 + sneak beats 2d6 + notice, ties going to the target ("with the defender winning
 * ties"): the ambusher's dice minus the target's must come to notice − sneak + 1 or more.
 */
export function contestChance(sneak: number, notice: number): number {
  return difference().atLeast(notice - sneak + 1);
}

/** The `surprise` command for a plan (typed-in dice under the engine's keys, "Ambusher vs Target"). */
export function surpriseCommand(plan: SurprisePlan, dice?: Readonly<Record<string, number[]>>): Command {
  const typed = dice && Object.keys(dice).length > 0 ? { dice: { ...dice } } : {};
  if (plan.how === 'declare') return { type: 'surprise', targets: [...plan.targets], declare: true };
  return { type: 'surprise', actors: [...plan.ambushers], targets: [...plan.targets], ...typed };
}

type Dict = Record<string, unknown>;

/**
 * The odds of an ambush, from a dry run of the `surprise` command: the engine's own checks
 * (`surprise-checked`, with the modifiers the rules give each side), charted with the exact odds of
 * two 2d6. A target is surprised only if it loses against every ambusher; in Cities Without Number the
 * side only if every target does. The checks are independent rolls, so their chances multiply.
 */
export function surpriseOddsOf(rules: string, events: readonly EngineEvent[]): SurpriseOdds {
  const contests: Contest[] = [];
  for (const e of events as readonly Dict[]) {
    if (e.type !== `${rules}/surprise-checked`) continue;
    const sneak = Number((e.sneak as Dict).modifier);
    const notice = Number((e.notice as Dict).modifier);
    contests.push({ ambusher: String(e.actor), target: String(e.target), sneak, notice, p: contestChance(sneak, notice) });
  }
  const targets = [...new Set(contests.map((c) => c.target))].map((target) => ({
    target,
    p: contests.filter((c) => c.target === target).reduce((p, c) => p * c.p, 1),
  }));
  const side = rules === 'cwn' && contests.length > 0 ? targets.reduce((p, t) => p * t.p, 1) : null;
  return { contests, targets, side };
}

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '');

/** "2d6+3", or "2d6" with "a plain 2d6" said when an NPC's role is not vigilant or stealthy. */
export function checkDice(view: EncounterView, id: string, modifier: number): string {
  const c = view.combatants.find((x) => x.id === id);
  const plain = c?.kind === 'npc' && c.stats.vigilant !== true;
  return plain ? '2d6 (plain: not a vigilant role)' : `2d6${signed(modifier)}`;
}

/**
 * A contest in the GM's words: "Vasquez's Dex/Sneak 2d6+3 vs Pirate's Wis/Notice 2d6 (plain: not a
 * vigilant role), Pirate winning ties".
 */
export function contestText(view: EncounterView, c: Contest): string {
  const name = (id: string) => view.combatants.find((x) => x.id === id)?.name ?? id;
  return `${name(c.ambusher)}'s Dex/Sneak ${checkDice(view, c.ambusher, c.sneak)} vs ${name(c.target)}'s Wis/Notice ${checkDice(view, c.target, c.notice)}, ${name(c.target)} winning ties`;
}
