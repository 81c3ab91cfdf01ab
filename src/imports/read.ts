/** Reading untrusted JSON by path: own properties only, numbers as numbers or numeric strings, no throws. */

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path ("system.health.max"), own properties only; undefined when any step is missing. */
export function at(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const key of path.split('.')) {
    if (!isObject(v) || !Object.hasOwn(v, key)) return undefined;
    v = v[key];
  }
  return v;
}

/** A finite number, or a string holding one ("12", " +3 "); undefined otherwise. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

export const numberAt = (root: unknown, path: string): number | undefined => asNumber(at(root, path));

export function stringAt(root: unknown, path: string): string | undefined {
  const v = at(root, path);
  return typeof v === 'string' ? v : undefined;
}

/** A whole number within bounds, or the problem in words ("AC 500 is out of range (0 to 100)"). */
export function bounded(value: number, min: number, max: number, label: string): string | null {
  if (!Number.isInteger(value)) return `${label} ${value} is not a whole number`;
  if (value < min || value > max) return `${label} ${value} is out of range (${min} to ${max})`;
  return null;
}

/** Text from rich text (Foundry keeps notes as HTML): tags dropped, entities for spaces and symbols read, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>|<\/li>|<\/div>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Text cut to a length, with an ellipsis when cut. */
export function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** "+2", "-1", "0". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** Dice notation our sheets take for damage: "1d6", "2d4+1", "d8" (read as 1d8); null for anything else ("Weapon", "1d6+@str"). */
export function damageDice(text: string): string | null {
  const t = text.replace(/\s+/g, '').toLowerCase();
  const m = /^(\d{0,2})d(\d{1,3})([+-]\d{1,3})?$/.exec(t);
  if (!m) return null;
  const count = m[1] === '' ? 1 : Number(m[1]);
  if (count < 1 || Number(m[2]) < 1) return null;
  return `${count}d${m[2]}${m[3] ?? ''}`;
}
