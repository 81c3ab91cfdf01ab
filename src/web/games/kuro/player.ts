import type { GameParts, PlayerGame } from '../screen-game.ts';

/** Kuro on the player page: its game turn, the phase, and who acts in which phase. */
export const player: PlayerGame = {
  id: 'kuro',
  title: 'Kuro',
  roundWord: 'game turn',
  gameParts: (g): GameParts | null => {
    if (g.kind !== 'kuro') return null;
    const heading =
      g.stage === 'phases' && g.phase > 0
        ? `Game turn ${g.gameTurn} · phase ${g.phase}${g.phases.length > 0 ? ` of ${Math.max(g.phase, g.phases.at(-1)!.phase)}` : ''}`
        : g.stage === 'setup'
          ? 'Before game turn 1'
          : `Game turn ${g.gameTurn} · initiative`;
    return {
      kind: 'kuro',
      heading,
      lines: g.phases.map((p) => ({ text: `Phase ${p.phase}`, current: p.current, members: p.members.map((m) => ({ name: m.name, acted: m.acted })) })),
    };
  },
};
