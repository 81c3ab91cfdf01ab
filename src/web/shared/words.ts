/**
 * The engine's sentences name commands for API users ("Roll initiative (roll-initiative)", "start
 * {initiator}", "its first action or begin-turn"): the screens show the words only, since their
 * buttons do the commands.
 */

const SINGLE = new Set(['start', 'undo', 'redo', 'reroll', 'react', 'pass', 'hold', 'check', 'attack', 'act', 'trigger', 'reorder', 'damage', 'heal']);

/** A command name as the engine's sentences write it: "roll-initiative", "start". */
export function looksLikeCommand(word: string): boolean {
  return /^[a-z]+(-[a-z]+)+$/.test(word) || SINGLE.has(word);
}

const REF = /^([a-z]+(?:-[a-z]+)*)(?: \{[^}]*\})?$/;

/** The text without its command references; `isCommand` says which words are commands. */
export function withoutCommands(text: string, isCommand: (word: string) => boolean = looksLikeCommand): string {
  const isRef = (part: string) => {
    const m = REF.exec(part.trim());
    return m !== null && isCommand(m[1]!);
  };
  return (
    text
      // "(stats.weapons)": where a setting lives, for API users.
      .replace(/\s*\(stats\.[\w.]+\)/g, '')
      // "(start {combatant}, start {side} or start {roll: true})", "(roll-initiative)": dropped.
      .replace(/\s*\(([^()]*)\)/g, (all, inner: string) => (inner.split(/,\s*|\s+or\s+/).every(isRef) ? '' : all))
      // "(… its first action or begin-turn)": the alternative dropped.
      .replace(/,? or ([a-z]+(?:-[a-z]+)+)(?=[).;,])/g, (all, name: string) => (isCommand(name) ? '' : all))
      // "start {initiator}" left in a sentence: the braces dropped.
      .replace(/ ?\{[^{}]*\}/g, (all, offset: number, whole: string) => {
        const before = /([a-z]+(?:-[a-z]+)*)$/.exec(whole.slice(0, offset));
        return before && isCommand(before[1]!) ? '' : all;
      })
  );
}
