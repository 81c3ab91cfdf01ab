/**
 * Fights with hidden combatants, GM notes and GM-only lines in several rule modules, for the redaction
 * tests: each hidden combatant acts, is tied with visible ones, is named by conditions, interrupts and
 * decisions. Every secret string is distinctive so a search of what players receive finds any leak.
 */

export interface SecretFight {
  readonly rules: string;
  /** A `turnkeeper play` script: setup in `combatants`, the fight in `commands`. */
  readonly script: Record<string, unknown> & { commands: unknown[] };
  /** Strings that must never reach a player: hidden names, GM notes, GM-only note text. */
  readonly secrets: readonly string[];
  /** Names of the hidden combatants (their ids are found at run time). */
  readonly hidden: readonly string[];
}

const gmNote = (rules: string) => ({ type: 'note', text: `GMNOTE-${rules}-ambush-at-dawn`, gmOnly: true });

export const secretFights: readonly SecretFight[] = [
  {
    rules: 'custom',
    hidden: ['Zorblax'],
    secrets: ['Zorblax', 'GMSECRET-custom-zorblax', 'GMSECRET-custom-goblin', 'GMNOTE-custom-ambush-at-dawn'],
    script: {
      rules: 'custom',
      seed: 3,
      combatants: [
        { name: 'Vasquez', kind: 'pc', hp: 12, stats: { defense: 12 } },
        { name: 'Zorblax', hp: 9, hidden: true, gmNotes: 'GMSECRET-custom-zorblax', stats: { defense: 11 } },
        { name: 'Goblin', hp: 5, gmNotes: 'GMSECRET-custom-goblin', stats: { defense: 10 } },
      ],
      commands: [
        { type: 'start', dice: { Vasquez: 10, Zorblax: 10, Goblin: 4 } },
        { type: 'add-condition', combatants: ['Vasquez'], name: 'Marked', duration: { until: 'turn-end', of: 'Zorblax' }, note: 'by Zorblax' },
        { type: 'attack', actor: 'Vasquez', target: 'Goblin', hit: '1d20+5', damage: '1d6', dice: { hit: 15, damage: 2 } },
        { type: 'end-turn' },
        { type: 'attack', actor: 'Zorblax', target: 'Vasquez', hit: '1d20+3', damage: '1d8', dice: { hit: 18, damage: 5 } },
        gmNote('custom'),
        { type: 'undo' },
        { type: 'redo' },
        { type: 'end-turn' },
        { type: 'damage', combatants: ['Zorblax'], amount: 2 },
        { type: 'end-turn' },
      ],
    },
  },
  {
    rules: 'swn',
    hidden: ['Zorblax'],
    secrets: ['Zorblax', 'GMSECRET-swn-zorblax', 'GMNOTE-swn-ambush-at-dawn'],
    script: {
      rules: 'swn',
      seed: 5,
      sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
      combatants: [
        { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12, ac: 14, dexMod: 1, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } },
        { name: 'Kade', kind: 'pc', side: 'Crew', stats: { hp: 10, ac: 13 } },
        { name: 'Zorblax', side: 'Pirates', hidden: true, gmNotes: 'GMSECRET-swn-zorblax', stats: { hp: 8, ac: 13, dexMod: 1 } },
        { name: 'Pirate', side: 'Pirates', stats: { hp: 7, ac: 13 } },
      ],
      commands: [
        { type: 'roll-initiative', dice: { Vasquez: [4], Kade: [2], Zorblax: [4], Pirate: [1] } },
        { type: 'start' },
        { type: 'attack', actor: 'Vasquez', target: 'Zorblax', dice: { hit: [15], damage: [3] } },
        { type: 'end-turn' },
        { type: 'attack', actor: 'Zorblax', target: 'Kade', dice: { hit: [16], damage: [2] } },
        gmNote('swn'),
        { type: 'end-turn' },
        { type: 'add-condition', combatants: ['Kade'], name: 'Pinned', duration: { until: 'turn-start', of: 'Zorblax' } },
      ],
    },
  },
  {
    rules: 'cwn',
    hidden: ['Zorblax', 'Skulker'],
    secrets: ['Zorblax', 'Skulker', 'GMSECRET-cwn-skulker', 'GMNOTE-cwn-ambush-at-dawn'],
    script: {
      rules: 'cwn',
      seed: 9,
      options: { initiative: 'side' },
      sides: [{ name: 'Crew', players: true }, { name: 'Razors' }, { name: 'Shadowhands' }],
      combatants: [
        { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12, ac: 14 } },
        { name: 'Razor', side: 'Razors', stats: { hp: 6, ac: 12 } },
        { name: 'Zorblax', side: 'Razors', hidden: true, stats: { hp: 6, ac: 12 } },
        { name: 'Skulker', side: 'Shadowhands', hidden: true, gmNotes: 'GMSECRET-cwn-skulker', stats: { hp: 6, ac: 12 } },
      ],
      commands: [
        { type: 'roll-initiative', dice: { Crew: [6], Razors: [4], Shadowhands: [3] } },
        { type: 'start' },
        { type: 'begin-turn', combatant: 'Vasquez' },
        { type: 'attack', actor: 'Vasquez', target: 'Razor', dice: { hit: [14], damage: [2] } },
        { type: 'end-turn' },
        { type: 'begin-turn', combatant: 'Zorblax' },
        { type: 'attack', actor: 'Zorblax', target: 'Vasquez', dice: { hit: [15], damage: [2] } },
        gmNote('cwn'),
      ],
    },
  },
  {
    rules: 'popcorn',
    hidden: ['Zorblax'],
    secrets: ['Zorblax', 'GMSECRET-popcorn-zorblax', 'GMNOTE-popcorn-ambush-at-dawn'],
    script: {
      rules: 'popcorn',
      seed: 7,
      sides: [{ name: 'Party', players: true }, { name: 'Orcs' }],
      combatants: [
        { name: 'Mira', kind: 'pc', side: 'Party', hp: 10, stats: { heroDice: 2 } },
        { name: 'Brom', kind: 'pc', side: 'Party', hp: 14, stats: { heroDice: 1 } },
        { name: 'Zorblax', side: 'Orcs', hp: 8, hidden: true, gmNotes: 'GMSECRET-popcorn-zorblax', stats: { heroDice: 1 } },
        { name: 'Orc', side: 'Orcs', hp: 8, stats: { heroDice: 1 } },
      ],
      commands: [
        { type: 'start', combatant: 'Mira' },
        { type: 'act', actor: 'Mira', label: 'casts a spark' },
        { type: 'pass', to: 'Zorblax' },
        { type: 'act', actor: 'Zorblax', label: 'stabs from the dark', roll: '2d6', dice: { roll: [4, 4] } },
        { type: 'react', actor: 'Brom', kind: 'pool', label: 'dodges', dice: { reaction: [2] } },
        gmNote('popcorn'),
        { type: 'pass', to: 'Brom' },
      ],
    },
  },
  {
    rules: 'fallout',
    hidden: ['Zorblax'],
    secrets: ['Zorblax', 'GMSECRET-fallout-zorblax', 'GMNOTE-fallout-ambush-at-dawn'],
    script: {
      rules: 'fallout',
      seed: 77,
      sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
      combatants: [
        { name: 'Nora', kind: 'pc', side: 'Vault', stats: { per: 5, agi: 5, luc: 2, hp: 12 } },
        { name: 'Piper', kind: 'pc', side: 'Vault', stats: { per: 4, agi: 4, luc: 2, hp: 10 } },
        { name: 'Zorblax', side: 'Raiders', hidden: true, gmNotes: 'GMSECRET-fallout-zorblax', stats: { per: 5, agi: 5, hp: 8 } },
        { name: 'Raider', side: 'Raiders', stats: { per: 3, agi: 3, hp: 8 } },
      ],
      commands: [{ type: 'start', initiator: 'Piper' }, { type: 'end-turn' }, gmNote('fallout'), { type: 'decide-tie', first: 'Zorblax' }],
    },
  },
  {
    rules: 'kuro',
    hidden: ['Zorblax'],
    secrets: ['Zorblax', 'GMSECRET-kuro-zorblax', 'GMNOTE-kuro-ambush-at-dawn'],
    script: {
      rules: 'kuro',
      seed: 7,
      sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
      combatants: [
        { name: 'Kenji', kind: 'pc', side: 'Party', stats: { REA: 3, REF: 3, DEX: 3, STR: 3, hp: 20, defence: 9 } },
        { name: 'Zorblax', side: 'Bandits', hidden: true, gmNotes: 'GMSECRET-kuro-zorblax', stats: { REA: 3, REF: 3, DEX: 3, STR: 3, hp: 14, defence: 8 } },
        { name: 'Goro', side: 'Bandits', stats: { REA: 2, REF: 2, DEX: 2, STR: 3, hp: 14, defence: 8 } },
      ],
      commands: [
        { type: 'start', dice: { Kenji: [3, 2, 1], Zorblax: [3, 2, 1], Goro: [2, 1] } },
        { type: 'act', actor: 'Kenji', label: 'draws his katana' },
        { type: 'act', actor: 'Zorblax', label: 'throws a knife' },
        gmNote('kuro'),
        { type: 'end-turn' },
      ],
    },
  },
];
