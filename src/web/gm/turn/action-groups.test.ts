import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript, viewOf } from '../../../core/index.ts';
import type { ActionOption, EncounterView } from '../../../core/index.ts';
import { engine } from '../../../rules/index.ts';
import { groupTargets } from './action-groups.ts';
import { actionIds, TurnKeys, turnOf } from './action-keys.ts';

type Script = { rules: string; seed?: number; combatants: Record<string, unknown>[]; commands: unknown[] };
const example = JSON.parse(readFileSync(new URL('../../../rules/fallout/examples/fight.json', import.meta.url), 'utf8')) as Script;

/** Fallout's example fight with Nora carrying three weapons against four enemies, Nora taking the opening turn. */
function fight(commands: unknown[]): EncounterView {
  const [nora, piper, raider, ghoul] = example.combatants as [Record<string, unknown>, ...Record<string, unknown>[]];
  const stats = nora.stats as Record<string, unknown>;
  const armed = {
    ...nora,
    stats: {
      ...stats,
      skills: { ...(stats.skills as object), 'melee weapons': 2, throwing: 1 },
      weapons: [...(stats.weapons as unknown[]), { name: 'Machete', type: 'melee', damage: 3 }, { name: 'Frag grenade', type: 'thrown', damage: 5, range: 'medium', quantity: 2 }],
    },
  };
  const more = [{ ...raider, name: 'Scav' }, { ...raider, name: 'Boss' }];
  const script = { ...example, combatants: [armed, piper, raider, ghoul, ...more], commands: [{ type: 'start', initiator: 'Nora' }, ...commands] };
  const r = runScript(engine, script, example.seed ?? 7);
  if (!r.ok) throw new Error(r.rejection.message);
  return viewOf(engine, r.encounter);
}

const nora = (view: EncounterView) => view.combatants.find((c) => c.name === 'Nora')!;
const name = (view: EncounterView) => (id: string) => view.combatants.find((c) => c.id === id)?.name ?? id;
const shown = (view: EncounterView) => groupTargets(view.rules, nora(view).actions, name(view));

describe("Fallout's attacks: one per weapon, the targets chosen after", () => {
  it('four enemies and three weapons: 3 attack buttons, not 12, each with the four targets and their odds', () => {
    const view = fight([]);
    const rules = nora(view).actions.filter((o) => o.command === 'attack');
    expect(rules).toHaveLength(12);
    const attacks = shown(view).filter((o) => o.command === 'attack');
    expect(attacks.map((o) => o.label)).toEqual(['Attack with 10mm pistol', 'Attack with Machete', 'Attack with Frag grenade']);
    for (const a of attacks) {
      expect(a.legal).toBe(true);
      expect(a.preset).toEqual({ actor: nora(view).id, weapon: a.label.replace('Attack with ', '') });
      expect(a.targets!.map((t) => t.name)).toEqual(['Raider', 'Ghoul', 'Scav', 'Boss']);
      for (const t of a.targets!) {
        // The rules' own action for that target, and the odds its label gave.
        expect(rules).toContain(t.option);
        expect(t.option.label).toBe(`Attack ${t.name} with ${a.preset!.weapon as string}: ${t.odds}`);
        expect(t.odds).toMatch(/^difficulty \d+ \(.+\), .*\d+%$/);
      }
    }
    // The other actions as the rules give them, in their order, the attacks where the first target's was.
    const others = nora(view).actions.filter((o) => o.command !== 'attack');
    expect(shown(view).filter((o) => o.command !== 'attack')).toEqual(others);
    const labels = shown(view).map((o) => o.label);
    const firstAttack = nora(view).actions.findIndex((o) => o.command === 'attack');
    expect(labels.indexOf('Attack with 10mm pistol')).toBe(firstAttack);
  });

  it("an attack's key is its weapon's for the whole turn: after a Move, and when a target is down", () => {
    const memory = new TurnKeys();
    const keyed = (view: EncounterView) => {
      const list = shown(view);
      const keys = memory.keysFor(turnOf(view), nora(view).id, list);
      return Object.fromEntries(list.map((o, i) => [o.label, keys[i]]));
    };
    const start = keyed(fight([]));
    const pistol = start['Attack with 10mm pistol'];
    expect(pistol).toMatch(/^[0-9]$/);
    // The identity is the command and the weapon: the same as the rules' "Attack with …" when no enemy is left.
    expect(actionIds(shown(fight([])).filter((o) => o.label === 'Attack with 10mm pistol'))).toEqual([`attack ${JSON.stringify([['actor', nora(fight([])).id], ['weapon', '10mm pistol']])}`]);
    const moved = fight([{ type: 'act', actor: 'Nora', action: 'move' }]);
    expect(keyed(moved)).toEqual(start);
    // Raider down (its odds gone from every weapon's targets): each weapon keeps its key.
    const down = fight([{ type: 'act', actor: 'Nora', action: 'move' }, { type: 'damage', combatants: ['Raider'], amount: 20 }]);
    expect(shown(down).find((o) => o.label === 'Attack with 10mm pistol')!.targets!.map((t) => t.name)).toEqual(['Ghoul', 'Scav', 'Boss']);
    expect(keyed(down)).toEqual(start);
  });

  it('a weapon whose every target is refused is not possible, with the reason (one when they share it)', () => {
    const t = (target: string, reason?: string): ActionOption => ({
      command: 'attack',
      preset: { actor: 'n', weapon: 'Bat', target },
      label: `Attack ${target.toUpperCase()} with Bat`,
      legal: reason === undefined,
      ...(reason ? { reason } : {}),
    });
    const up = (id: string) => id.toUpperCase();
    const same = groupTargets('fallout', [t('a', 'Not enough AP.'), t('b', 'Not enough AP.')], up);
    expect(same).toMatchObject([{ label: 'Attack with Bat', legal: false, reason: 'Not enough AP.' }]);
    expect(same[0]!.targets!.map((x) => x.odds)).toEqual(['', '']);
    const mixed = groupTargets('fallout', [t('a', 'Too far.'), t('b', 'Behind a wall.')], up);
    expect(mixed[0]).toMatchObject({ legal: false, reason: 'A: Too far.; B: Behind a wall.' });
    const one = groupTargets('fallout', [t('a', 'Too far.'), t('b')], up);
    expect(one[0]).toMatchObject({ legal: true });
    expect(one[0]).not.toHaveProperty('reason');
  });

  it("other games' actions are left as the rules give them", () => {
    const options: ActionOption[] = [{ command: 'attack', preset: { actor: 'n', free: true, target: 'a', weapon: 'Knife' }, label: 'Free melee attack on A with Knife', legal: true }];
    expect(groupTargets('swn', options, (id) => id)).toEqual(options);
  });
});
