import { describe, it } from 'vitest';
import { engine } from '../index.ts';
import { checkModuleProperties } from '../testing/index.ts';
import { candidates, setup } from './arbitrary.ts';

describe('custom: properties over random command sequences', () => {
  it('replay, undo/redo, exact undo, rejections change nothing', () => {
    checkModuleProperties({ engine, setup, candidates }, { runs: 40, steps: 40 });
  });
});
