/**
 * Forms generated from a rule module's zod schemas. The schema is turned into JSON Schema
 * (`z.toJSONSchema`, done by the caller) and then into a small field tree; the form edits a draft
 * (numbers kept as the text typed, so "-" or "" survive while typing) and `valueOf` turns the draft
 * back into the JSON the command or the stats need, leaving out what the GM did not fill in.
 */

import { fieldLabel, itemLabel, labelOf } from './field-labels.ts';

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly items?: JsonSchema;
  readonly additionalProperties?: JsonSchema | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  /** A short label in GM words (zod: `.meta({ title })`). */
  readonly title?: string;
  /** A help line shown under the field (zod: `.meta({ description })` or `.describe()`). */
  readonly description?: string;
}

export type Field =
  | { readonly kind: 'text'; readonly default?: string }
  | { readonly kind: 'number'; readonly integer: boolean; readonly min?: number; readonly max?: number; readonly default?: number; readonly nullable?: boolean }
  /** A number or a text (a weapon's damage: 5 or "1d6+3"). */
  | { readonly kind: 'number-or-text'; readonly default?: number | string }
  /** `trueOnly`: an optional `true` flag (absent unless ticked). */
  | { readonly kind: 'boolean'; readonly default?: boolean; readonly trueOnly?: boolean }
  | { readonly kind: 'enum'; readonly options: readonly string[]; readonly default?: string }
  | { readonly kind: 'const'; readonly value: unknown }
  /** Several of a fixed set (hit modifiers). */
  | { readonly kind: 'multi'; readonly options: readonly string[]; readonly default?: readonly string[] }
  /** A list of texts, typed comma-separated. */
  | { readonly kind: 'text-list'; readonly default?: readonly string[] }
  /** `itemTitle`: what one item is called ("Attack"), from the item schema's title. */
  | { readonly kind: 'list'; readonly item: Field; readonly itemTitle?: string; readonly default?: readonly unknown[] }
  /** `fromNumber`: a bare number is also accepted, standing for that field (a Kuro skill: 3 is { level: 3 }). */
  | { readonly kind: 'object'; readonly fields: readonly NamedField[]; readonly default?: unknown; readonly fromNumber?: string }
  | { readonly kind: 'record'; readonly value: Field; readonly default?: Readonly<Record<string, unknown>> }
  /** A named choice or a list of one's own (Fallout hit locations: "humanoid" or a table). */
  | { readonly kind: 'choice-or-list'; readonly options: readonly string[]; readonly list: Extract<Field, { kind: 'list' }>; readonly default?: unknown }
  /** Anything else: edited as JSON text. */
  | { readonly kind: 'json'; readonly default?: unknown };

export interface NamedField {
  readonly name: string;
  readonly required: boolean;
  readonly field: Field;
  /** The schema's title: the label instead of one made from the name. */
  readonly title?: string;
  /** The schema's description: a help line under the field. */
  readonly help?: string;
}

function typeOf(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
}

const isNull = (s: JsonSchema): boolean => s.type === 'null';

/** A property's title and description, on it or on its one non-null alternative (an optional or nullable field). */
function metaOf(s: JsonSchema): { title?: string; help?: string } {
  const inner = (s.anyOf ?? s.oneOf)?.filter((a) => !isNull(a));
  const one = inner?.length === 1 ? inner[0] : undefined;
  const title = (s.title ?? one?.title)?.trim();
  const help = (s.description ?? one?.description)?.trim();
  return { ...(title ? { title } : {}), ...(help ? { help } : {}) };
}

/** The field tree of a JSON Schema. */
export function fieldOf(schema: JsonSchema): Field {
  const def = schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const real = alternatives.filter((a) => !isNull(a));
    if (real.length === 1 && real[0]) {
      const inner = fieldOf({ ...real[0], ...(def !== undefined ? { default: def } : {}) });
      return inner.kind === 'number' ? { ...inner, nullable: true } : inner;
    }
    const kinds = real.map(typeOf).sort().join(',');
    if (kinds === 'integer,string' || kinds === 'number,string') {
      return { kind: 'number-or-text', ...(typeof def === 'number' || typeof def === 'string' ? { default: def } : {}) };
    }
    // A number or an object holding that number and more (a Kuro skill: 3, or { level: 3, specialisations }):
    // the object's fields, a number input for the level among them, never a JSON box.
    const num = real.find((a) => typeOf(a) === 'integer' || typeOf(a) === 'number');
    const obj = real.find((a) => typeOf(a) === 'object' && a.properties);
    const level = num && obj ? Object.entries(obj.properties ?? {}).find(([k, p]) => obj.required?.includes(k) && typeOf(p) === typeOf(num))?.[0] : undefined;
    if (real.length === 2 && obj && level) {
      const f = fieldOf(obj);
      if (f.kind === 'object') return { ...f, fromNumber: level, ...(def !== undefined ? { default: def } : {}) };
    }
    const choices = real.map((a) => fieldOf(a));
    const list = choices.find((c) => c.kind === 'list');
    const named = choices.flatMap((c) => (c.kind === 'const' && typeof c.value === 'string' ? [c.value] : c.kind === 'enum' ? c.options : []));
    if (list?.kind === 'list' && named.length === choices.length - 1) return { kind: 'choice-or-list', options: named, list, ...(def !== undefined ? { default: def } : {}) };
    return { kind: 'json', ...(def !== undefined ? { default: def } : {}) };
  }
  if (schema.const !== undefined) return { kind: 'const', value: schema.const };
  if (schema.enum) {
    const options = schema.enum.map(String);
    return { kind: 'enum', options, ...(typeof def === 'string' ? { default: def } : {}) };
  }
  switch (typeOf(schema)) {
    case 'string':
      return { kind: 'text', ...(typeof def === 'string' ? { default: def } : {}) };
    case 'integer':
    case 'number':
      return {
        kind: 'number',
        integer: typeOf(schema) === 'integer',
        ...(schema.minimum !== undefined && schema.minimum > -1e9 ? { min: schema.minimum } : {}),
        ...(schema.maximum !== undefined && schema.maximum < 1e9 ? { max: schema.maximum } : {}),
        ...(typeof def === 'number' ? { default: def } : {}),
        ...(def === null ? { nullable: true } : {}),
      };
    case 'boolean':
      return { kind: 'boolean', ...(typeof def === 'boolean' ? { default: def } : {}) };
    case 'array': {
      const item = schema.items ? fieldOf(schema.items) : ({ kind: 'json' } as Field);
      const d = Array.isArray(def) ? (def as unknown[]) : undefined;
      if (item.kind === 'enum') return { kind: 'multi', options: item.options, ...(d ? { default: d.map(String) } : {}) };
      if (item.kind === 'text') return { kind: 'text-list', ...(d ? { default: d.map(String) } : {}) };
      const itemTitle = schema.items ? metaOf(schema.items).title : undefined;
      return { kind: 'list', item, ...(itemTitle ? { itemTitle } : {}), ...(d ? { default: d } : {}) };
    }
    case 'object': {
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        const fields = Object.entries(schema.properties).map(([name, s]) => {
          const f = fieldOf(s);
          // An optional `true` literal ("roll": true, "discretion": true) is a tick box, absent unless ticked.
          const flag: Field = f.kind === 'const' && f.value === true && !required.has(name) ? { kind: 'boolean', trueOnly: true } : f;
          return { name, required: required.has(name), field: flag, ...metaOf(s) };
        });
        return { kind: 'object', fields, ...(def !== undefined ? { default: def } : {}) };
      }
      const ap = schema.additionalProperties;
      const value = typeof ap === 'object' ? fieldOf(ap) : ({ kind: 'json' } as Field);
      return { kind: 'record', value, ...(def && typeof def === 'object' ? { default: def as Record<string, unknown> } : {}) };
    }
    default:
      return { kind: 'json', ...(def !== undefined ? { default: def } : {}) };
  }
}

/** A draft: what the inputs hold. Numbers are strings while typed; records are lists of [key, value] rows. */
export type Draft = string | boolean | readonly string[] | readonly Draft[] | DraftRows | { readonly [key: string]: Draft | undefined };
export interface DraftRows {
  readonly rows: readonly (readonly [string, Draft])[];
}

export function isRows(d: Draft | undefined): d is DraftRows {
  return typeof d === 'object' && d !== null && !Array.isArray(d) && 'rows' in d && Array.isArray((d as DraftRows).rows);
}

/** The draft of a value (the default, or a value already set such as a combatant's stats). */
export function draftOf(field: Field, value: unknown = defaultOf(field)): Draft {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'number-or-text':
      return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
    case 'boolean':
      return value === true;
    case 'enum':
      return typeof value === 'string' ? value : '';
    case 'const':
      return '';
    case 'multi':
    case 'text-list':
      return Array.isArray(value) ? value.map(String) : [];
    case 'list':
      return Array.isArray(value) ? value.map((v) => draftOf(field.item, v)) : [];
    case 'object': {
      const obj = typeof value === 'number' && field.fromNumber ? { [field.fromNumber]: value } : value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      const out: Record<string, Draft> = {};
      for (const f of field.fields) out[f.name] = draftOf(f.field, obj[f.name] ?? defaultOf(f.field));
      return out;
    }
    case 'record': {
      const obj = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      return { rows: Object.entries(obj).map(([k, v]) => [k, draftOf(field.value, v)] as const) };
    }
    case 'choice-or-list':
      return typeof value === 'string' ? value : draftOf(field.list, value);
    case 'json':
      return value === undefined ? '' : JSON.stringify(value);
  }
}

export function defaultOf(field: Field): unknown {
  return 'default' in field ? field.default : undefined;
}

/**
 * A draft that cannot be read. `path` finds the field ("attacks[1].hit"); the message names it with the
 * labels the GM sees (`where`: "Attack 1 › Hit"), then says the problem.
 */
export class FormError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly where = path,
  ) {
    super(where ? `${where}: ${problem}` : problem);
  }
}

/**
 * The JSON value of a draft; undefined when left empty (the schema's default then applies).
 * Throws a FormError naming the field when a number or JSON text does not parse; `where` is the
 * field's label (its title), made from the path when not given.
 */
export function valueOf(field: Field, draft: Draft | undefined, path = '', where?: string): unknown {
  const here = where ?? (path ? labelOf(path) : '');
  const inner = (name: string): string => (here ? `${here} › ${name}` : name);
  switch (field.kind) {
    case 'text':
    case 'enum': {
      const s = typeof draft === 'string' ? draft.trim() : '';
      return s === '' ? undefined : s;
    }
    case 'number': {
      const s = typeof draft === 'string' ? draft.trim() : '';
      if (s === '') return undefined;
      const n = Number(s);
      if (!Number.isFinite(n) || (field.integer && !Number.isInteger(n))) throw new FormError(path, `"${s}" is not a ${field.integer ? 'whole ' : ''}number`, here);
      return n;
    }
    case 'number-or-text': {
      const s = typeof draft === 'string' ? draft.trim() : '';
      if (s === '') return undefined;
      return /^-?\d+$/.test(s) ? Number(s) : s;
    }
    case 'boolean':
      return field.trueOnly ? (draft === true ? true : undefined) : draft === true;
    case 'const':
      return field.value;
    case 'multi':
    case 'text-list': {
      const list = Array.isArray(draft) ? (draft as string[]) : [];
      const clean = list.map((s) => s.trim()).filter(Boolean);
      return clean.length === 0 && field.default === undefined ? undefined : clean;
    }
    case 'list': {
      const list = Array.isArray(draft) ? (draft as Draft[]) : [];
      const values = list.map((d, i) => valueOf(field.item, d, `${path}[${i + 1}]`, itemLabel(field, here, i))).filter((v) => v !== undefined);
      return values.length === 0 && field.default === undefined ? undefined : values;
    }
    case 'object': {
      const obj = draft && typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, Draft>) : {};
      const out: Record<string, unknown> = {};
      for (const f of field.fields) {
        const v = valueOf(f.field, obj[f.name], path ? `${path}.${f.name}` : f.name, inner(fieldLabel(f)));
        if (v !== undefined) out[f.name] = v;
      }
      // Nothing filled in: left out (an optional part such as a weapon's Shock stays absent).
      return Object.keys(out).length === 0 ? undefined : out;
    }
    case 'record': {
      const rows = isRows(draft) ? draft.rows : [];
      const out: Record<string, unknown> = {};
      for (const [k, d] of rows) {
        const key = k.trim();
        if (!key) continue;
        const v = valueOf(field.value, d, path ? `${path}.${key}` : key, inner(key));
        if (v !== undefined) out[key] = v;
      }
      return Object.keys(out).length === 0 && field.default === undefined ? undefined : out;
    }
    case 'choice-or-list':
      return typeof draft === 'string' ? draft || undefined : valueOf(field.list, draft, path, here);
    case 'json': {
      const s = typeof draft === 'string' ? draft.trim() : '';
      if (s === '') return undefined;
      try {
        return JSON.parse(s) as unknown;
      } catch {
        throw new FormError(path, 'could not be read: check the brackets and quotes', here);
      }
    }
  }
}

/** Whether a field is simple enough to show inline (one input). */
export function isSimple(field: Field): boolean {
  return ['text', 'number', 'number-or-text', 'boolean', 'enum'].includes(field.kind);
}

// The words of the fields live in field-labels.ts; the forms take them from here too.
export { addLabel, fieldLabel, itemLabel, labelOf, optionLabel } from './field-labels.ts';
