import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../../core/index.ts';
import { encounterOptions, forecastSeed } from './forecast-job.ts';
import type { ForecastJob } from './forecast-job.ts';

type EncounterJob = Extract<ForecastJob, { kind: 'encounter' }>;

describe('the forecast job', () => {
  const encounter = {} as Encounter;
  const base = { runs: 200, seed: 'e@3' };

  it('asks the engine for the marks and the policy options only when there are any', () => {
    const plain: EncounterJob = { kind: 'encounter', encounter, seed: 'e@3' };
    expect(encounterOptions(plain, base)).toEqual(base);
    const marked: EncounterJob = { ...plain, stances: { c2: 'flee' } };
    expect(encounterOptions(marked, base)).toEqual({ ...base, stances: { c2: 'flee' } });
    const spending: EncounterJob = { ...marked, policy: { spendAp: true } };
    expect(encounterOptions(spending, base)).toEqual({ ...base, stances: { c2: 'flee' }, policy: { spendAp: true } });
    expect(encounterOptions({ ...plain, policy: { spendAp: true } }, base)).toEqual({ ...base, policy: { spendAp: true } });
  });

  it('seeds with the encounter and its version', () => {
    expect(forecastSeed('e', 3)).toBe('e@3');
  });
});
