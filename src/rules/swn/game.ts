import { swnModifiers } from '../sine-nomine/cover.ts';
import type { SnGame } from '../sine-nomine/game.ts';

/** Stars Without Number (revised): individual or group initiative, surprise per combatant. */
export const swnGame: SnGame = {
  id: 'swn',
  title: 'Stars Without Number',
  mode: (options) => (options.initiative === 'group' ? 'group' : 'individual'),
  surprise: 'combatant',
  autoInitiative: false,
  grapple: false,
  standUp: false,
  lessLethal: false,
  techLevel: true,
  modifiers: swnModifiers,
};
