import { cwnModifiers } from '../sine-nomine/cover.ts';
import type { SnGame } from '../sine-nomine/game.ts';

/** Cities Without Number: side initiative by default, surprise per side with a free round, the draft combat section. */
export const cwnGame: SnGame = {
  id: 'cwn',
  title: 'Cities Without Number',
  mode: (options) => (options.initiative === 'individual' ? 'individual' : 'side'),
  surprise: 'side',
  autoInitiative: true,
  grapple: true,
  standUp: true,
  lessLethal: true,
  techLevel: false,
  modifiers: cwnModifiers,
};
