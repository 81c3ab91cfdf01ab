import { pastBound } from './bounds.ts';
import { diceWords } from './dice-words.ts';
import { fieldLabel, itemLabel, labelOf, optionLabel } from './field-labels.ts';
import type { Field, NamedField } from './form-model.ts';

/* Only needed when something is refused: kept out of the first load (the dialogs and quick add's error path import it). */

const TYPES: Readonly<Record<string, string>> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'ticked or not', array: 'a list', object: 'filled in' };

/**
 * A field path in a GM's words: "stats.weapons.0.damage" (or the campaign's "stats.weapons[0].damage")
 * → "Weapons 1 › Damage". Given the form's
 * fields, with the labels the form shows: a field's title ("attacks.0.name" → "Attack 1 › Attack name"
 * when the attack schema is titled "Attack"), a name the GM typed in a table as typed.
 */
export function pathLabel(path: string, fields?: readonly NamedField[]): string {
  const words: string[] = [];
  let at: Field | undefined = fields ? { kind: 'object', fields } : undefined;
  path.replace(/\[(\d+)\]/g, '.$1').split('.').forEach((p, i) => {
    if (i === 0 && (p === 'stats' || p === 'options') && !(at?.kind === 'object' && at.fields.some((f) => f.name === p))) return;
    const list = at?.kind === 'list' ? at : at?.kind === 'choice-or-list' ? at.list : undefined;
    if (/^\d+$/.test(p)) {
      const label = itemLabel(list ?? {}, words.pop() ?? '', Number(p));
      words.push(label);
      at = list?.item;
    } else if (at?.kind === 'object') {
      const f = at.fields.find((x) => x.name === p);
      words.push(f ? fieldLabel(f) : labelOf(p));
      at = f?.field;
    } else if (at?.kind === 'record') {
      words.push(p);
      at = at.value;
    } else {
      words.push(labelOf(p));
      at = undefined;
    }
  });
  return words.join(' › ');
}

/** The problems zod words itself, said of a field (`field`: its label) in a GM's words. */
function zodProblem(field: string, what: string, rest: string): string {
  const expected = /expected (\w+), received (\w+)/.exec(rest);
  if (expected) return expected[2] === 'undefined' ? `${field} is missing` : `${field} should be ${TYPES[expected[1]!] ?? expected[1]}`;
  // A text or a list too short or too long: its length is the GM's to fix, so it is said.
  const size = /to have ([<>])=?\s*(\d+) (\w+)/.exec(rest);
  if (size) return size[1] === '>' ? (size[2] === '1' ? `${field} is empty` : `${field} is too short: at least ${size[2]} ${size[3]}`) : `${field} is too long: at most ${size[2]} ${size[3]}`;
  const bound = /([<>])=?\s*(-?[\d.]+)/.exec(rest);
  if (bound) return `${field} ${pastBound(bound[1] === '>' ? 'min' : 'max', Number(bound[2]))}`;
  const one = /one of (.*)/.exec(rest) ?? /^Expected (.*)/.exec(rest);
  if (one) return `${field} should be one of ${one[1]!.replace(/["']/g, '').split(/\s*\|\s*/).map(optionLabel).join(', ')}`;
  if (what === 'Invalid key in record') return `${field}: not a name that can be used here`;
  return `${field}: ${what === 'Invalid input' ? 'not valid' : what.toLowerCase()}`;
}

/**
 * A refusal made ready to be said field by field: without the command's name the core puts first
 * ("add-combatant: …"), quoted paths unquoted, of two bounds the tighter only.
 */
export function readyToSay(message: string): string {
  return tightest(unquotePaths(message.replace(/^[a-z]+(?:-[a-z]+)+: /, '')));
}

/** The core's text checks quote the field ('"gmNotes" contains U+202E…'): written as a path, "gmNotes: contains…", to be named in words. */
function unquotePaths(message: string): string {
  return message.replace(/(^|[;:] )"([A-Za-z][\w.[\]]*)" (?=contains U\+|nests more|\(a key\))/g, '$1$2: ');
}

/**
 * zod says both bounds of a whole number past one of them (the largest safe integer, then the
 * schema's own): only the tighter one is kept, so a number is refused once, by the bound that matters.
 */
function tightest(message: string): string {
  const parts = message.split('; ');
  const bounds = parts.map((p) => /(?:^|: )([\w.[\]]+): Too (big|small): expected \w+ to be [<>]=?(-?[\d.e+]+)/.exec(p));
  return parts
    .filter((p, i) => {
      const b = bounds[i];
      if (!b) return true;
      const rival = bounds.findIndex((o, j) => o && j !== i && o[1] === b[1] && o[2] === b[2] && (b[2] === 'big' ? Number(o[3]) < Number(b[3]) || (o[3] === b[3] && j < i) : Number(o[3]) > Number(b[3]) || (o[3] === b[3] && j < i)));
      return rival < 0;
    })
    .join('; ');
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A refusal of the schema in a GM's words: zod's "label: Invalid input: expected string, received
 * undefined" → "Label is missing"; other messages (the engine's own sentences) pass through, the field
 * they are about named in words too. Given the form's fields, each is named by the label the form shows
 * ("per: Too big…" → "PER should be at most 20", "attacks.0.hit: …" → "Attack 1 › Hit: …").
 */
export function plainMessage(message: string, fields?: readonly NamedField[]): string {
  const named = (path: string): string => pathLabel(path, fields);
  // A rule's own sentence about a field: about an item of a list ("attacks.0.hit: …"), or, when the
  // fields are known, about any of them by its key ("per: …", "dr.wing: …").
  const keys = fields?.map((f) => escape(f.name)).join('|');
  const step = String.raw`(?:\.\w+|\[\d+\])`;
  const item = String.raw`(?:\.\d+|\[\d+\])`;
  // A camelCase key ("gmNotes: …") is never a word of a sentence: named in words even without the fields.
  const about = new RegExp(String.raw`(?:^|(?<=[;:] ))((?:stats\.|options\.)?(?:${keys ? `(?:${keys})${step}*|` : ''}[a-z]+[A-Z][A-Za-z0-9]*${step}*|[A-Za-z]\w*${step}*${item}${step}*)): `, 'g');
  return (
    diceWords(readyToSay(message))
      .replace(/(?:^|(?<=[;:] ))([\w.[\]]+): (Invalid discriminator value)\. (Expected [^;]*?)(?=;|\.$|$)/g, (_all, path: string, what: string, rest: string) => zodProblem(named(path), what, rest))
      .replace(/(?:^|(?<=[;:] ))([\w.[\]]+): (Invalid input|Invalid option|Invalid key in record|Too small|Too big)(?:: ([^;]*?))?(?=;|\.$|$)/g, (_all, path: string, what: string, rest = '') =>
        zodProblem(named(path), what, rest),
      )
      .replace(about, (_all, path: string) => `${named(path)}: `)
      // "(stats.per)" after a rule's sentence: the field is named in words before it already.
      .replace(/ \(stats\.[\w.]+\)/g, '')
  );
}

/**
 * The stats a refusal is about (each key, as in the stats), where in the message its words start
 * (after the combatant's name), and where inside the stat the problem is ("Orc: attacks.0.hit: …" →
 * attacks, path "0.hit"; "" for the stat itself): "Orc: per: Too big…; agi: …" → per at 5, agi at the
 * second.
 */
export function statsOfMessage(message: string, fields: readonly NamedField[]): { name: string; index: number; path: string }[] {
  if (fields.length === 0) return [];
  const re = new RegExp(`(?:^|[;:] )((?:stats\\.|options\\.)?(${fields.map((f) => escape(f.name)).join('|')}))[.:[]`, 'g');
  return [...message.matchAll(re)].map((m) => {
    const index = m.index + m[0].indexOf(m[1]!);
    const steps = /^((?:\.[\w-]+|\[\d+\])*):/.exec(message.slice(index + m[1]!.length));
    return { name: m[2]!, index, path: steps ? relativePath(steps[1]!) : '' };
  });
}

/** ".0.hit" or "[0].hit" → "0.hit". */
export function relativePath(steps: string): string {
  return steps.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

/**
 * The refusal's words about one top-level field of a form, to say next to it ("name: there is already a
 * PC called "Vasquez"." → 'There is already a PC called "Vasquez".'), or null when it is about another.
 */
export function aboutField(message: string, key: string): string | null {
  if (!message.startsWith(`${key}: `)) return null;
  const rest = message.slice(key.length + 2);
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}
