import { gmGame } from '../games.ts';
import type { ActionOption } from '../../../core/index.ts';

/** One target of a weapon's attack: the rules' own action for it, with its odds in words. */
export interface TargetChoice {
  readonly target: string;
  readonly name: string;
  /** The rules' action for this target (preset with actor, weapon and target), done as its button was. */
  readonly option: ActionOption;
  /** What the rules say of it after the target and weapon ("difficulty 9 (…), 2 successes needed: 64%"). */
  readonly odds: string;
}

/** An action as the actions panel shows it: the rules' own, or one weapon's attack with its targets to choose from. */
export interface ShownAction extends ActionOption {
  readonly targets?: readonly TargetChoice[];
}


const weaponTarget = (o: ActionOption): { weapon: string; target: string } | null => {
  const w = o.preset?.weapon;
  const t = o.preset?.target;
  return o.command === 'attack' && typeof w === 'string' && typeof t === 'string' ? { weapon: w, target: t } : null;
};

/**
 * The actions to show: in a game whose rules offer one attack per target and per weapon (18 buttons for
 * 4 enemies and a few weapons), one "Attack with <weapon>" per weapon, in the place of its first target's,
 * holding the targets to choose from. Its preset is the targets' without the target (actor and weapon), so
 * its identity for the keys (action-keys.ts: command and preset) is the command and the weapon: it keeps
 * its key for the turn whatever happens to the targets. Possible when one of its targets is; if none is,
 * the reason is the targets' (one reason when they share it). Other actions and games: as the rules give them.
 */
export function groupTargets(rules: string, options: readonly ActionOption[], nameOf: (id: string) => string): ShownAction[] {
  if (gmGame(rules).perTargetAttacks !== true) return [...options];
  const groups = new Map<string, { at: number; weapon: string; base: ActionOption; targets: TargetChoice[] }>();
  const out: (ShownAction | null)[] = [];
  for (const o of options) {
    const wt = weaponTarget(o);
    if (!wt) {
      out.push(o);
      continue;
    }
    const { target: _target, ...rest } = o.preset ?? {};
    const key = JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    let g = groups.get(key);
    if (!g) {
      g = { at: out.length, weapon: wt.weapon, base: { ...o, preset: rest }, targets: [] };
      groups.set(key, g);
      out.push(null);
    }
    const name = nameOf(wt.target);
    const head = `Attack ${name} with ${wt.weapon}`;
    const odds = o.label.startsWith(`${head}: `) ? o.label.slice(head.length + 2) : o.label === head ? '' : o.label;
    g.targets.push({ target: wt.target, name, option: o, odds });
  }
  for (const g of groups.values()) {
    const legal = g.targets.some((t) => t.option.legal);
    const reasons = [...new Set(g.targets.map((t) => t.option.reason ?? ''))];
    const reason = legal ? undefined : reasons.length === 1 ? reasons[0] : g.targets.map((t) => `${t.name}: ${t.option.reason ?? 'not possible'}`).join('; ');
    const { reason: _r, ...base } = g.base;
    out[g.at] = { ...base, label: `Attack with ${g.weapon}`, legal, ...(reason ? { reason } : {}), targets: g.targets };
  }
  return out.filter((o): o is ShownAction => o !== null);
}
