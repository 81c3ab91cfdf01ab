import { describe, it } from 'vitest';
import { createEngine } from '../../core/index.ts';
import { checkModuleProperties } from '../testing/index.ts';
import { allowanceViolation, candidates, setup } from './arbitrary.ts';
import { kuro } from './index.ts';

const engine = createEngine([kuro]);

describe('kuro: properties over random command sequences', () => {
  it('replay, undo/redo, exact undo, rejections change nothing, nobody exceeds his actions', () => {
    checkModuleProperties({ engine, setup, candidates, allowanceViolation }, { runs: 60, steps: 60 });
  });
});
