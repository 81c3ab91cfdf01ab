import { describe, it } from 'vitest';
import { createEngine } from '../../core/index.ts';
import type { RuleModule } from '../../core/index.ts';
import { checkModuleProperties } from '../testing/index.ts';
import { allowanceViolation, candidates, setup } from './arbitrary.ts';
import { fallout } from './index.ts';

const engine = createEngine([fallout as RuleModule]);

describe('fallout: properties over random command sequences', () => {
  it('replay, undo/redo, exact undo, rejections change nothing, at most 2 minor / 2 major / 1 movement a turn, pools in bounds', () => {
    checkModuleProperties({ engine, setup, candidates, allowanceViolation }, { runs: 60, steps: 60 });
  });
  it('the same with the GM pool unlimited and allied NPCs paying from it', () => {
    checkModuleProperties({ engine, setup: { ...setup, options: { gmPoolMax: null, allyNpcPool: 'gm', partyPoolMax: 3 } }, candidates, allowanceViolation }, { runs: 30, steps: 60 });
  });
});
