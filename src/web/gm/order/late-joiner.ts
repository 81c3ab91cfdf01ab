/**
 * Late joiners (issue 12, item 16): who of the combatants being added during a fight rolls initiative
 * on joining, and with which dice, read off a dry run of the same `add-combatant` the GM is about to
 * send. Each game says it its own way — Sine Nomine rolls 1d8 + modifier for a newcomer who does not
 * join a side's slot, Kuro rolls REA dice once the phases have begun, Custom rolls its formula while
 * the fight runs; Fallout's order is fixed (PER + AGI) and popcorn has none, so nothing is rolled
 * there. Every game takes the faces rolled at the table under the newcomer's name (`dice`). Pure.
 */
import { rollsIn } from '../turn/result-card.tsx';
import { diceHints } from '../dialogs/typed-dice.ts';

export interface LateRoll {
  /** The newcomer's name, as the engine will call it ("Pirate 3"): the roll's dice key. */
  readonly name: string;
  /** The dice rolled ("1d8", "3dK"). */
  readonly notation: string;
  /** What to type ("type the die as it shows, e.g. 14"). */
  readonly help: string;
}

interface Added {
  readonly type: string;
  readonly combatant?: { readonly id?: unknown; readonly name?: unknown };
}

/** The initiative rolls a dry run of `add-combatant` made for the newcomers, one per newcomer who rolls. */
export function lateRolls(rules: string, events: readonly unknown[]): LateRoll[] {
  const added = new Map<string, string>();
  for (const e of events as readonly Added[]) {
    const c = e?.type === 'combatant-added' ? e.combatant : undefined;
    if (typeof c?.id === 'string' && typeof c.name === 'string') added.set(c.id, c.name);
  }
  if (added.size === 0) return [];
  // Only what the rules added after the newcomers: initiative (and, for a tie, roll-offs, left out).
  const rolls = rollsIn(
    events.filter((e) => (e as Added)?.type !== 'combatant-added'),
    (id) => added.get(id) ?? id,
  );
  const out: LateRoll[] = [];
  for (const name of added.values()) {
    const roll = rolls.find((r) => r.key === name);
    if (!roll) continue;
    const hint = diceHints(rules, [name], [roll])[0]!;
    // One plain die ("1d8"): an example that fits it.
    const sides = /^1d(\d+)/.exec(hint.notation ?? '')?.[1];
    const help = sides && !hint.combat && !/dK|!/.test(roll.roll.notation) ? `type the die as it shows, e.g. ${Math.min(5, Number(sides))}` : hint.help;
    out.push({ name, notation: hint.notation ?? roll.roll.notation, help });
  }
  return out;
}

/**
 * The typed-in faces for the command (`dice`, by newcomer name), or what is missing or unreadable, by
 * name, in the GM's words.
 */
export function typedInitiative(rolls: readonly LateRoll[], typed: Readonly<Record<string, string>>): { ok: true; dice: Record<string, number[]> } | { ok: false; errors: Record<string, string> } {
  const dice: Record<string, number[]> = {};
  const errors: Record<string, string> = {};
  for (const r of rolls) {
    const text = (typed[r.name] ?? '').trim();
    if (!text) {
      errors[r.name] = `Type the ${r.notation} rolled for ${r.name}, or choose "Roll it".`;
      continue;
    }
    const parts = text.split(/[\s,]+/).filter(Boolean).map(Number);
    if (!parts.every((n) => Number.isInteger(n) && n >= 0)) {
      errors[r.name] = `"${text}": ${r.help}.`;
      continue;
    }
    dice[r.name] = parts;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, dice };
}
