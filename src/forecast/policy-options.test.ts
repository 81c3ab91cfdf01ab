import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forecastOfScript } from './index.ts';
import type { Forecast, ForecastAnswer } from './index.ts';

const example = (game: string): unknown => JSON.parse(readFileSync(new URL(`../rules/${game}/examples/fight.json`, import.meta.url), 'utf8'));
const ok = (a: ForecastAnswer): Forecast => {
  if (!a.ok) throw new Error(`${a.code}: ${a.message}`);
  return a;
};
const refused = (a: ForecastAnswer): { code: string; message: string } => {
  if (a.ok) throw new Error('expected a refusal');
  return a;
};

describe('policy options', () => {
  it('refuses options a policy does not take, or of the wrong kind, in words', () => {
    const swn = refused(forecastOfScript(example('swn'), { runs: 10, policy: { spendAp: true } }, 'start'));
    expect(swn.code).toBe('forecast/policy-option');
    expect(swn.message).toContain('takes no options (given: spendAp)');
    expect(refused(forecastOfScript(example('fallout'), { runs: 10, policy: { spendAP: true } }, 'start')).message).toContain('no option "spendAP" (its options: initiator, spendAp)');
    expect(refused(forecastOfScript(example('fallout'), { runs: 10, policy: { spendAp: 'yes' } }, 'start')).message).toContain('spendAp: true');
    expect(refused(forecastOfScript(example('fallout'), { runs: 10, policy: { initiator: 3 } }, 'start')).message).toContain('initiator');
    expect(refused(forecastOfScript(example('fallout'), { runs: 10, policy: { initiator: 'Dogmeat' } }, 'start')).message).toBe('initiator: there is no combatant "Dogmeat" in this fight.');
    expect(ok(forecastOfScript(example('fallout'), { runs: 10, policy: { initiator: 'ghoul' } }, 'start')).runs).toBe(10);
    expect(refused(forecastOfScript(example('popcorn'), { runs: 10, policy: { damage: '1d' } }, 'start')).message).toMatch(/^damage: /);
    expect(refused(forecastOfScript(example('popcorn'), { runs: 10, policy: { damageBy: { Orc: 4 } } }, 'start')).message).toContain('damageBy "Orc"');
    expect(refused(forecastOfScript(example('popcorn'), { runs: 10, policy: { damageBy: ['1d6'] } }, 'start')).message).toContain('by combatant name');
    expect(refused(forecastOfScript(example('popcorn'), { runs: 10, policy: { damageBy: { Nobody: '1d6' } } }, 'start')).message).toContain('no combatant named "Nobody"');
    expect(ok(forecastOfScript(example('popcorn'), { runs: 10, policy: { damage: '1d6-2', damageBy: { 'Orc Chief': '2d6' } } }, 'start')).runs).toBe(10);
  });

  // "Add Extra Damage (1-3 AP): On a successful melee attack or thrown weapon attack you can spend AP to
  // add 1 CD per AP spent, up to a maximum of +3 CD for 3 AP."
  it('Fallout: spendAp buys extra damage on melee and thrown hits, every command legal, and the fight is deadlier', () => {
    const plain = ok(forecastOfScript(example('fallout'), { runs: 400, seed: 'ap' }, 'start'));
    const spend = ok(forecastOfScript(example('fallout'), { runs: 400, seed: 'ap', policy: { spendAp: true } }, 'start'));
    const checked = ok(forecastOfScript(example('fallout'), { runs: 400, seed: 'ap', policy: { spendAp: true }, checked: true }, 'start'));
    expect(spend).toEqual(checked);
    expect(spend.undecided.runs).toBe(0);
    expect(spend.policy).toContain('spendAp');
    // Piper's grenades and the Raider's machete hit harder: fights end sooner.
    expect(spend.rounds.mean).toBeLessThan(plain.rounds.mean);
  });
});
