import { actorsOf } from '../../../core/index.ts';
import type { ActionOption, EncounterView } from '../../../core/index.ts';

/**
 * The keys the actions panel hands out, in order: the digits 1 – 9 and 0, then the letters no other
 * shortcut of the GM screen takes (shortcuts.ts; a test holds them apart).
 */
export const ACTION_KEYS: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'b', 'e', 'f', 'g', 'l', 'm', 'o', 'q', 'v', 'w', 'z'];

/** Keys by action: what `assignKeys` hands out and keeps (an action's identity → its key). */
export type ActionKeys = ReadonlyMap<string, string>;

/**
 * What an action is, whatever its label says: its command and preset, keys in order (a label changes
 * with the odds, Fallout's "Attack Raider…: 64%"). Twins are told apart by their place among themselves.
 */
export function actionIds(options: readonly ActionOption[]): string[] {
  const seen = new Map<string, number>();
  return options.map((o) => {
    const preset = Object.entries(o.preset ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const id = `${o.command} ${JSON.stringify(preset)}`;
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id} #${n + 1}`;
  });
}

/**
 * The keys of a combatant's actions for the turn. An action keeps the key it had `before` (earlier in
 * the same turn), even while it is not possible (then its key is kept for it, not given to another), so
 * no key changes meaning after an action; one seen for the first time takes the first free key, those
 * possible now before the others, each in the list's order. At the start of a turn the possible actions
 * thus have 1, 2, 3… in the order shown. Past the last key (21 actions) an action has none.
 */
export function assignKeys(options: readonly ActionOption[], before: ActionKeys = new Map()): ActionKeys {
  const ids = actionIds(options);
  const fresh = ids.map((id, i) => ({ id, legal: options[i]!.legal })).filter((a) => !before.has(a.id));
  if (fresh.length === 0) return before;
  const taken = new Set(before.values());
  const free = ACTION_KEYS.filter((k) => !taken.has(k));
  const out = new Map(before);
  for (const a of [...fresh.filter((a) => a.legal), ...fresh.filter((a) => !a.legal)]) {
    const key = free.shift();
    if (!key) break;
    out.set(a.id, key);
  }
  return out;
}

/** What starts a new turn for the keys: the round, the phase, the shape of the turn and who acts in it. */
export function turnOf(view: EncounterView): string {
  const now = view.now;
  const phase = 'phase' in now && typeof now.phase === 'number' ? now.phase : '';
  return `${view.round}|${phase}|${now.kind}|${actorsOf(now).join(',')}`;
}

/**
 * The keys each combatant's actions have in the turn shown, kept while the turn lasts and handed out
 * afresh when the next one begins (the actions panel holds one).
 */
export class TurnKeys {
  private turn = '';
  private readonly byCombatant = new Map<string, ActionKeys>();

  /** The key of each of `options` (undefined: none), for `combatant` in `turn`. */
  keysFor(turn: string, combatant: string, options: readonly ActionOption[]): (string | undefined)[] {
    if (turn !== this.turn) {
      this.turn = turn;
      this.byCombatant.clear();
    }
    const keys = assignKeys(options, this.byCombatant.get(combatant));
    this.byCombatant.set(combatant, keys);
    return actionIds(options).map((id) => keys.get(id));
  }
}
