import { labelOf, optionLabel } from './form-model.ts';

/* Only needed when something is refused: kept out of the first load (the dialogs and quick add's error path import it). */

const TYPES: Readonly<Record<string, string>> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'ticked or not', array: 'a list', object: 'filled in' };

/** A field path in a GM's words: "stats.weapons.0.damage" → "Weapons 1 › Damage". */
export function pathLabel(path: string): string {
  return path
    .split('.')
    .filter((p, i) => !(i === 0 && p === 'stats'))
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : labelOf(p)))
    .join(' › ')
    .replace(/ › (\d+)/g, ' $1');
}

/**
 * A refusal of the schema in a GM's words: zod's "label: Invalid input: expected string, received
 * undefined" → "Label: missing"; other messages (the engine's own sentences) pass through.
 */
export function plainMessage(message: string): string {
  return message.replace(/(?:^|(?<=[;:] ))([\w.]+): (Invalid input|Invalid option|Too small|Too big)(?:: ([^;]*?))?(?=;|\.$|$)/g, (_all, path: string, what: string, rest = '') => {
    const field = pathLabel(String(path));
    const expected = /expected (\w+), received (\w+)/.exec(rest);
    if (expected) return expected[2] === 'undefined' ? `${field} is missing` : `${field} should be ${TYPES[expected[1]!] ?? expected[1]}`;
    const bound = /([<>])=?\s*(-?[\d.]+)/.exec(rest);
    if (bound) return `${field} should be ${bound[1] === '>' ? 'at least' : 'at most'} ${bound[2]}`;
    const one = /one of (.*)/.exec(rest);
    if (one) return `${field} should be one of ${one[1]!.replace(/"/g, '').split('|').map(optionLabel).join(', ')}`;
    return `${field}: ${what === 'Invalid input' ? 'not valid' : what.toLowerCase()}`;
  })
    // A rule's own sentence about an item of a list ("attacks.0.hit: …") names the item in words too.
    .replace(/(?:^|(?<=[;:] ))([A-Za-z]\w*(?:\.\w+)*\.\d+(?:\.\w+)*): /g, (_all, path: string) => `${pathLabel(path)}: `);
}
