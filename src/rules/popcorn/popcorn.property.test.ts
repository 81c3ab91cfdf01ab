import { describe, it } from 'vitest';
import { checkModuleProperties } from '../testing/index.ts';
import { allowanceViolation, candidates, setup } from './arbitrary.ts';
import { engine } from './test-support.ts';

describe('popcorn: properties over random command sequences', () => {
  it('replay, undo/redo, exact undo, rejections change nothing, nobody exceeds one action a round, pools stay in bounds', () => {
    checkModuleProperties({ engine, setup, candidates, allowanceViolation }, { runs: 60, steps: 60 });
  });
});
