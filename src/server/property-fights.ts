/**
 * Test support: random fights for the redaction properties that go through the real server (the
 * Discord posts, the seats): each rule module's property setup disguised with made-up names (the kit in
 * players/testing.ts), then a run of random commands, the rules' own twice as often as the GM's edits
 * (renames, hiding and revealing, newcomers, some taking a name already in the fight, removals, GM
 * notes, damage, ending and reopening, undo and redo), the truth kept from the GM's side after every
 * event. `after` checks what players received.
 */
import type { Encounter, StoredEvent } from '../core/index.ts';
import { engine } from '../rules/index.ts';
import * as custom from '../rules/custom/arbitrary.ts';
import * as cwn from '../rules/cwn/arbitrary.ts';
import * as fallout from '../rules/fallout/arbitrary.ts';
import * as kuro from '../rules/kuro/arbitrary.ts';
import * as popcorn from '../rules/popcorn/arbitrary.ts';
import * as swn from '../rules/swn/arbitrary.ts';
import { NAME_COUNT, NPC_HP_MIN, Names, Truth, disguise, spell, withHp } from './players/testing.ts';
import type { Created, TestApp } from './test-kit.ts';

type Candidates = (e: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number) => unknown[];
export interface PropertyModule {
  readonly rules: string;
  readonly setup: Record<string, unknown>;
  readonly candidates: Candidates;
}

export const propertyModules: readonly PropertyModule[] = [
  { rules: 'custom', ...custom },
  { rules: 'swn', ...swn },
  { rules: 'cwn', ...cwn },
  { rules: 'kuro', ...kuro },
  { rules: 'fallout', ...fallout },
  { rules: 'popcorn', ...popcorn },
];

export type NpcHpMode = 'bands' | 'hidden' | 'exact';

/** One moment of a fight: what the test may look at after a command. */
export interface FightMoment {
  readonly c: Created;
  readonly encounter: Encounter;
  readonly truth: Truth;
  readonly npcHp: NpcHpMode;
  /** The command just sent (JSON), for the failure's message. */
  readonly what: string;
  readonly pick: <T>(xs: readonly T[]) => T;
  readonly int: (min: number, max: number) => number;
  readonly names: Names;
}

export interface FightPlan {
  readonly steps: number;
  /** Settings beyond `npcHp` (a webhook). */
  readonly settings?: (names: Names, fight: number) => Record<string, unknown>;
  /** After creation (`what` is "the start") and after every command. */
  readonly after: (m: FightMoment) => Promise<void>;
}

let fights = 0;

export async function propertyFight(t: TestApp, m: PropertyModule, seed: number, choices: readonly number[], plan: FightPlan): Promise<void> {
  let i = 0;
  const next = (): number => choices[i++ % choices.length]!;
  const pick = <T>(xs: readonly T[]): T => xs[next() % xs.length]!;
  const int = (min: number, max: number): number => min + (next() % (max - min + 1));
  const names = new Names(seed % NAME_COUNT);
  const truth = new Truth();
  const { script, npcTemplate } = disguise(m.setup, names, int);
  const npcHp = pick(['bands', 'hidden', 'bands', 'exact'] as const);
  const c = await t.create({ ...script, seed, settings: { npcHp, ...plan.settings?.(names, ++fights) } });

  let encounter = engine.replay([]);
  const take = (stored: readonly StoredEvent[]): void => {
    for (const s of stored) {
      encounter = engine.evolve(encounter, s);
      truth.observe(encounter.state);
    }
  };
  take((await t.call('GET', `/api/encounters/${c.id}/events`, { key: c.gmKey })).json<{ events: StoredEvent[] }>().events);
  const moment = (what: string): FightMoment => ({ c, encounter, truth, npcHp, what, pick, int, names });
  await plan.after(moment('the start'));

  for (let step = 0; step < plan.steps; step++) {
    const s = encounter.state;
    const roster = s.roster.map((id) => s.combatants[id]!.name);
    const someone = roster.length > 0 ? pick(roster) : 'Nobody';
    const hiddenOnes = roster.filter((n) => Object.values(s.combatants).some((x) => x.name === n && x.hidden));
    const shown = roster.filter((n) => !hiddenOnes.includes(n));
    const aHidden = hiddenOnes.length > 0 ? pick(hiddenOnes) : someone;
    const npcSide = pick([...new Set(Object.values(s.combatants).filter((x) => x.kind !== 'pc').map((x) => x.side))]) ?? 'Foes';
    const gmSecret = `GMONLY-${names.fresh()}`;
    const extras: unknown[] = [
      { type: 'update-combatant', combatant: aHidden, name: names.fresh() },
      { type: 'update-combatant', combatant: shown.length > 0 ? pick(shown) : someone, hidden: true },
      { type: 'update-combatant', combatant: aHidden, hidden: false },
      { type: 'update-combatant', combatant: aHidden, name: names.fresh(), hidden: false },
      // A newcomer may take a name already in the fight (hidden or not): numbered among the visible only.
      { type: 'add-combatant', ...withHp(JSON.parse(JSON.stringify(npcTemplate)) as never, int(NPC_HP_MIN, 9999)), name: int(0, 2) === 0 ? someone : names.fresh(), side: npcSide, hidden: int(0, 1) === 0, gmNotes: `GMSECRET-${names.fresh()}` },
      { type: 'remove-combatant', combatant: someone },
      { type: 'note', text: gmSecret, gmOnly: true },
      { type: 'damage', combatants: [someone], amount: int(1, 30) },
      { type: 'end-encounter', reason: `${spell(pick([...truth.allNames(), 'Nobody']), int)} fled` },
      { type: 'reopen-encounter' },
      { type: 'undo' },
      { type: 'redo' },
    ];
    // The rules' own commands twice as often: they move the turns and rounds.
    const cands = m.candidates(encounter, pick, int).map((x) => renamed(x, names));
    const command = pick([...cands, ...cands, ...extras]) as Record<string, unknown>;
    if (command.type === 'note' && command.gmOnly) truth.secretText(gmSecret);
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: command });
    if (r.status === 200) take(r.json<{ events: StoredEvent[] }>().events);
    else if (r.status !== 422) throw new Error(`${m.rules}: ${JSON.stringify(command)} answered ${r.status} ${r.body}`);
    await plan.after(moment(JSON.stringify(command)));
  }
}

/** A module's candidate command, with any combatant it adds given a fresh made-up name. */
function renamed(command: unknown, names: Names): unknown {
  const c = command as Record<string, unknown>;
  if (c.type !== 'add-combatant') return command;
  const { count: _count, ...rest } = c;
  return { ...rest, name: names.fresh() };
}
