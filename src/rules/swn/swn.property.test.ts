import { describe, it } from 'vitest';
import { createEngine } from '../../core/index.ts';
import type { RuleModule } from '../../core/index.ts';
import { cwn } from '../cwn/index.ts';
import { checkModuleProperties } from '../testing/index.ts';
import { allowanceViolation, candidates, setup } from './arbitrary.ts';
import { swn } from './index.ts';

const engine = createEngine([swn, cwn] as RuleModule[]);

describe('swn: properties over random command sequences', () => {
  it('replay, undo/redo, exact undo, rejections change nothing, one Main and one Move a round', () => {
    checkModuleProperties({ engine, setup, candidates, allowanceViolation }, { runs: 60, steps: 50 });
  });
  it('the same with group initiative', () => {
    checkModuleProperties({ engine, setup: { ...setup, options: { initiative: 'group' } }, candidates, allowanceViolation }, { runs: 40, steps: 50 });
  });
});
