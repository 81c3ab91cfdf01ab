/**
 * The words a generated form shows for its fields, list items and options, shared by the form itself
 * (schema-form.tsx) and by what it says about a problem (form-model.ts, plain-message.ts): a problem
 * names a field with the very label the GM sees next to it.
 */

/** "attackBonus" → "Attack bonus", "dexMod" → "Dex mod", "REA" stays "REA". */
const ACRONYMS: Readonly<Record<string, string>> = { hp: 'HP', ac: 'AC', dr: 'DR', ap: 'AP', gm: 'GM', pc: 'PC', npc: 'NPC', tn: 'TN', vs: 'vs' };

export function labelOf(name: string): string {
  if (/^[A-Z0-9]+$/.test(name)) return name;
  if (ACRONYMS[name]) return ACRONYMS[name];
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label: its title when the schema gives one ("Attack name"), else made from its name. */
export function fieldLabel(f: { readonly name: string; readonly title?: string }): string {
  return f.title ?? labelOf(f.name);
}

/**
 * The heading of a list's item: "Attack 2" when the item schema has a title ("Attack"), else the
 * list's own label and the number ("Attacks 2"); just the number when neither is known.
 */
export function itemLabel(list: { readonly itemTitle?: string }, listLabel: string, index: number): string {
  const noun = list.itemTitle ?? listLabel;
  return noun ? `${noun} ${index + 1}` : String(index + 1);
}

/** The button that adds an item: "+ Add attack" when the item has a title, else "+ Attacks". */
export function addLabel(list: { readonly itemTitle?: string }, listLabel: string): string {
  const t = list.itemTitle;
  // "Attack" → "attack", but an abbreviation ("NPC") stays as it is.
  return t ? `+ Add ${/^[A-Z][a-z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t}` : `+ ${listLabel}`;
}

/** An option as shown: "half-cover" → "Half cover", "agi" stays "agi"; a value with spaces or capitals as it is. */
export function optionLabel(value: string): string {
  return /^[a-z0-9]+(-[a-z0-9]+)+$/.test(value) ? labelOf(value) : value;
}
