/**
 * The dice parser's refusal ("Invalid 'E' at position 7 in "1d20+DEX": unknown named die 'dE': …"),
 * written for the command line, in a GM's words: what was typed, and what to type instead. A stat's
 * name typed in a formula ("1d20+DEX") is the usual slip: dice take numbers.
 */

const FRAME = /(?:Unexpected|Invalid) (.+?) at position (\d+) in "(.*?)": ([^;]*?)(?=\.?(?:; |$))/g;
const LETTER = /[A-Za-z]/;

/** "unknown named die 'dE': expected …" → there is no such die; other details as they are. */
function detailWords(detail: string): string {
  const die = /^unknown named die '(\w+)'/.exec(detail);
  if (die) return `there is no die "${die[1]}" (a die is written d and its number of sides, as d6 or d20, or dF, dC, dK)`;
  return detail;
}

/** The word of letters the parser stopped in ("DEX" in "1d20+DEX"), when it stands where a number would. */
function wordAt(notation: string, index: number): { word: string; before: string } | null {
  if (!LETTER.test(notation[index] ?? '')) return null;
  let from = index;
  let to = index + 1;
  while (from > 0 && LETTER.test(notation[from - 1]!)) from--;
  while (to < notation.length && LETTER.test(notation[to]!)) to++;
  // After a digit it is a die or a modifier ("4dX", "3d6kx"): the parser's own detail says more.
  if (from > 0 && /\d/.test(notation[from - 1]!)) return null;
  return { word: notation.slice(from, to), before: notation.slice(0, from) };
}

/** The message with each dice parser refusal in it said in a GM's words. */
export function diceWords(message: string): string {
  return message.replace(FRAME, (_all, what: string, position: string, notation: string, detail: string) => {
    const found = wordAt(notation, Number(position) - 1);
    if (found) {
      const instead = found.before ? `write numbers: ${found.before}2, not ${found.before}${found.word}` : 'write a number or dice, as 2, d6 or 1d20+2';
      return `"${notation}" cannot be rolled: "${found.word}" is not a number or dice (${instead})`;
    }
    const at = what === 'end of notation' ? 'at its end' : `at ${what}`;
    return `"${notation}" cannot be rolled (${at}): ${detailWords(detail)}`;
  });
}
