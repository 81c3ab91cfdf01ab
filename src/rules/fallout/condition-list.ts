import type { ConditionSuggestion } from '../../core/index.ts';

/**
 * The conditions Fallout's text names, offered when the GM adds one (README: "Conditions offered").
 * "Prone" and "Defending +N" are the names the module itself reads (conditions.ts). Ready is not here:
 * it is an action of its own, with its trigger, that the module tracks (ready.ts).
 */
export const falloutConditions: readonly ConditionSuggestion[] = [
  {
    name: 'Prone',
    meaning: 'Move is a major action, no Sprint; attacks from Medium range or further +1 difficulty, from Close range -1; may re-roll cover CD.',
    source: 'You may be knocked prone by attacks, hazards, or complications.',
    lasts: 'until-removed',
  },
  {
    name: 'Defending +1',
    meaning: "Defend succeeded: +1 to Defense until the start of one's next turn (+2 with 2 AP: Defending +2).",
    source: 'If you succeed, add +1 to your Defense.',
    lasts: 'turn-start',
  },
  {
    name: 'Defending +2',
    meaning: "Defend succeeded with 2 AP spent: +2 to Defense until the start of one's next turn.",
    source: 'For 2 AP, add an extra +1 to your Defense.',
    lasts: 'turn-start',
  },
];
