import type { ConditionSuggestion } from '../../core/index.ts';

/**
 * The conditions Cities Without Number's text names (with its draft section), offered when the GM adds
 * one (README: "Conditions offered"). Prone, Grappled, Unconscious and Surprised are the names the module
 * itself reads and writes.
 */
export const cwnConditions: readonly ConditionSuggestion[] = [
  {
    name: 'Surprised',
    meaning: 'Caught entirely unawares: its enemies get a full free round of action before initiative.',
    source: 'If a group is caught entirely unawares they may suffer surprise, automatically granting their enemies a full free round of action before initiative can be rolled.',
    lasts: { rounds: 1 },
  },
  {
    name: 'Prone',
    meaning: 'Standing up from prone is a Move action; hit modifiers for a prone target or attacker apply.',
    source: 'If the shover wins, they can push the target back 5 feet or knock them prone.',
    lasts: 'until-removed',
  },
  {
    name: 'Grappled',
    meaning: 'Cannot move or take actions that require free hands; breaking free is a Main Action.',
    source: 'If the grappler wins, the target is grappled and cannot move or take actions that require free hands.',
    lasts: 'until-removed',
  },
  {
    name: 'Unconscious',
    meaning: 'Down from non-lethal damage equal to current hit points, but not in danger of death.',
    source: 'When a character takes non-lethal damage equal to their current hit points, they fall unconscious but are not in danger of death.',
    lasts: 'until-removed',
  },
  {
    name: 'Half cover',
    meaning: '-2 to hit it; of several cover or positioning penalties only the worst applies.',
    source: 'When multiple penalties are applied for cover or positioning, use only the worst.',
    lasts: 'until-removed',
  },
  {
    name: 'Three-quarter cover',
    meaning: '-4 to hit it; of several cover or positioning penalties only the worst applies.',
    source: 'When multiple penalties are applied for cover or positioning, use only the worst.',
    lasts: 'until-removed',
  },
  {
    name: 'Full cover',
    meaning: '-8 to hit it: it cannot be hit.',
    source: 'When multiple penalties are applied for cover or positioning, use only the worst.',
    lasts: 'until-removed',
  },
];
