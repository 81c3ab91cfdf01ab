// A TypeScript user of the installed package (tests/package/pack.test.ts type-checks it with the
// repository's tsc, the package's .d.ts files checked too): the faces' types resolve and are real.
import { createEngine, viewOf } from 'turnkeeper';
import type { Encounter, Now, RuleModule } from 'turnkeeper';
import { distribution, parseDice } from 'turnkeeper/dice';
import type { Distribution } from 'turnkeeper/dice';
import { custom } from 'turnkeeper/rules/custom';
import { cwn } from 'turnkeeper/rules/cwn';
import { fallout } from 'turnkeeper/rules/fallout';
import { kuro } from 'turnkeeper/rules/kuro';
import { popcorn } from 'turnkeeper/rules/popcorn';
import { swn } from 'turnkeeper/rules/swn';

const modules = [swn, cwn, kuro, fallout, popcorn, custom] as RuleModule[];
const engine = createEngine(modules);
const created = engine.create({ rules: 'kuro', seed: 1 });
if (!created.ok) throw new Error(created.rejection.message);
const encounter: Encounter = engine.apply(engine.replay([]), created.events).encounter;
const now: Now = engine.whoMayAct(encounter);
const odds: Distribution = distribution(parseDice('2d6'));
export const summary: string = `${now.kind} ${odds.mean} ${viewOf(engine, encounter).round}`;

// The types are real, not any: each line below must be refused.
// @ts-expect-error a distribution's notation is a string
export const wrong: number = odds.notation;
// @ts-expect-error an encounter needs a seed
engine.create({ rules: 'swn' });
