import { describe, it } from 'vitest';
import { createEngine } from '../../core/index.ts';
import type { RuleModule } from '../../core/index.ts';
import { swn } from '../swn/index.ts';
import { checkModuleProperties } from '../testing/index.ts';
import { allowanceViolation, candidates, setup } from './arbitrary.ts';
import { cwn } from './index.ts';

const engine = createEngine([swn, cwn] as RuleModule[]);

describe('cwn: properties over random command sequences', () => {
  it('replay, undo/redo, exact undo, rejections change nothing, one Main and one Move a round', () => {
    checkModuleProperties({ engine, setup, candidates, allowanceViolation }, { runs: 60, steps: 50 });
  });
  it('the same with individual initiative', () => {
    checkModuleProperties({ engine, setup: { ...setup, options: { initiative: 'individual' } }, candidates, allowanceViolation }, { runs: 40, steps: 50 });
  });
});
