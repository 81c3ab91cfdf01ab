import type { ConditionSuggestion } from '../../core/index.ts';

/**
 * The conditions Stars Without Number's text names, offered when the GM adds one (README: "Conditions
 * offered"). Prone and Surprised are the names the module itself reads and writes.
 */
export const swnConditions: readonly ConditionSuggestion[] = [
  {
    name: 'Surprised',
    meaning: 'Rolls no initiative until the second round; only Instant actions while surprised.',
    source: 'A surprised target doesn’t get to roll initiative until the second round of combat and can perform only Instant actions while surprised.',
    lasts: { rounds: 1 },
  },
  {
    name: 'Prone',
    meaning: 'Shot at from afar -2; shot or meleed while adjacent +2; its own melee attacks -4.',
    source: 'Dropping an object, falling prone, saying something, drawing a Readied item, or activating a simple device might all be On Turn actions.',
    lasts: 'until-removed',
  },
  {
    name: 'Half cover',
    meaning: 'At least half behind cover: -2 to hit it (melee attackers can usually ignore cover).',
    source: 'The target is at least half behind cover',
    lasts: 'until-removed',
  },
  {
    name: 'Almost complete cover',
    meaning: 'Almost completely in cover: -4 to hit it (melee attackers can usually ignore cover).',
    source: 'The target is almost completely in cover',
    lasts: 'until-removed',
  },
  {
    name: 'Prepared firing position',
    meaning: '+2 to its shots; takes at least five minutes to set up and usually gives some cover.',
    source: 'A gunman who can set up a prepared firing position can get a significant advantage.',
    lasts: 'until-removed',
  },
];
