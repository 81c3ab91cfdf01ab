/** A condition on a roster row in words: how long it has left, not by colour or a symbol alone. */
import type { Condition, SuggestedDuration } from '../../../core/index.ts';

/** Rounds left of a condition that lasts some rounds: it ends at the start of round `expiresAtRound`. */
export function roundsLeft(k: Condition, round: number): number | null {
  if (k.duration.kind !== 'rounds') return null;
  if (k.expiresAtRound === undefined) return k.duration.rounds;
  return Math.max(0, k.expiresAtRound - Math.max(round, 1));
}

/** What the chip says after the name: "2 rounds left", "until Vex's turn", "" (until removed). */
export function leftInWords(k: Condition, round: number, nameOf: (id: string) => string): string {
  const d = k.duration;
  switch (d.kind) {
    case 'rounds': {
      const n = roundsLeft(k, round) ?? d.rounds;
      return `${n} round${n === 1 ? '' : 's'} left`;
    }
    case 'turn-start':
      return `until ${nameOf(d.of)}'s turn`;
    case 'turn-end':
      return `until end of ${nameOf(d.of)}'s turn`;
    case 'until-removed':
      return '';
  }
}

/** A suggested duration in words, for the dialog's lists: "1 round", "until removed". */
export function suggestedInWords(lasts: SuggestedDuration | undefined): string {
  if (lasts === undefined) return '';
  if (lasts === 'until-removed') return 'until removed';
  if (lasts === 'turn-start') return "until the start of someone's next turn";
  if (lasts === 'turn-end') return "until the end of someone's next turn";
  return `${lasts.rounds} round${lasts.rounds === 1 ? '' : 's'}`;
}
