import { describe, expect, it } from 'vitest';
import { allowedDisagreements } from '../sine-nomine/testing.ts';
import { candidates, setup } from './arbitrary.ts';
import { swn } from './index.ts';

describe('swn allowedActions', () => {
  it('offers as legal exactly what decide accepts, over random fights', () => {
    expect(allowedDisagreements([swn], setup, candidates, 25)).toEqual([]);
    expect(allowedDisagreements([swn], { ...setup, options: { initiative: 'group' } }, candidates, 15)).toEqual([]);
  });
});
