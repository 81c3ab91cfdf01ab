import { describe, expect, it } from 'vitest';
import { allowedDisagreements } from '../sine-nomine/testing.ts';
import { candidates, setup } from './arbitrary.ts';
import { cwn } from './index.ts';

describe('cwn allowedActions', () => {
  it('offers as legal exactly what decide accepts, over random fights', () => {
    expect(allowedDisagreements([cwn], setup, candidates, 25)).toEqual([]);
    expect(allowedDisagreements([cwn], { ...setup, options: { initiative: 'individual' } }, candidates, 15)).toEqual([]);
  });
});
