import { useId } from 'react';
import type { ReactNode } from 'react';
import { addLabel, draftOf, fieldLabel, isRows, isSimple, itemLabel, optionLabel } from './form-model.ts';
import type { Draft, DraftRows, Field, NamedField } from './form-model.ts';
import './schema-form.css';

export type Override = (f: NamedField, draft: Draft | undefined, set: (d: Draft) => void) => ReactNode | undefined;

interface FormProps {
  readonly fields: readonly NamedField[];
  readonly draft: Readonly<Record<string, Draft | undefined>>;
  readonly onChange: (draft: Record<string, Draft | undefined>) => void;
  /** One sentence per field (the module's optionDocs / statDocs), shown instead of the schema's help line. */
  readonly docs?: Readonly<Record<string, string>>;
  /** Fields not shown (preset, or handled elsewhere). */
  readonly hide?: ReadonlySet<string>;
  /** Custom inputs for some fields (combatant pickers, a weapon list). */
  readonly override?: Override;
  /** Show the complex fields (lists, records) folded under this title; all shown when absent. */
  readonly moreTitle?: string;
  readonly compact?: boolean;
  /** A problem per field, in the GM's words, shown next to it (after a submit). */
  readonly errors?: Readonly<Record<string, string>>;
  /**
   * Where inside a list or object field the problem is, per field ("0.hit": the first item's hit): those
   * inputs are marked, not every input of the field. The problem is still said once, under the field.
   */
  readonly errorPaths?: Readonly<Record<string, readonly string[]>>;
}

/** The paths under one step: ["0.hit", "1"] under "0" → ["hit"]; [""] for the step itself. */
export function pathsUnder(paths: readonly string[] | undefined, step: string): string[] {
  if (!paths) return [];
  return paths.flatMap((p) => (p === step ? [''] : p.startsWith(`${step}.`) ? [p.slice(step.length + 1)] : []));
}

/** A form for the top level of an object schema: simple fields in a grid, complex ones folded. */
export function SchemaForm({ fields, draft, onChange, docs, hide, override, moreTitle, compact, errors, errorPaths }: FormProps) {
  const shown = fields.filter((f) => !hide?.has(f.name) && f.field.kind !== 'const');
  const set = (name: string) => (d: Draft) => onChange({ ...draft, [name]: d });
  const render = (f: NamedField) => {
    const custom = override?.(f, draft[f.name], set(f.name));
    const error = errors?.[f.name];
    if (custom !== undefined)
      return (
        <div key={f.name} className={error ? 'sf-invalid' : undefined}>
          {custom}
          {error && <small className="sf-error">{error}</small>}
        </div>
      );
    const inside = error ? (errorPaths?.[f.name] ?? []).filter(Boolean) : [];
    return <FieldRow key={f.name} f={f} draft={draft[f.name]} set={set(f.name)} {...(docs?.[f.name] ? { doc: docs[f.name] } : {})} {...(error ? { error } : {})} {...(inside.length > 0 ? { invalid: inside } : {})} />;
  };
  const simple = shown.filter((f) => isSimple(f.field) || override?.(f, draft[f.name], set(f.name)) !== undefined);
  const complex = shown.filter((f) => !simple.includes(f));
  return (
    <div className={compact ? 'sf sf-compact' : 'sf'}>
      <div className="sf-grid">{simple.map(render)}</div>
      {complex.length > 0 &&
        (moreTitle ? (
          <details className="sf-more" open={complex.some((f) => errors?.[f.name]) || undefined}>
            <summary>
              {moreTitle} ({complex.map(fieldLabel).join(', ')})
            </summary>
            {complex.map(render)}
          </details>
        ) : (
          complex.map(render)
        ))}
    </div>
  );
}

/** The kinds of field whose inputs inside can be marked one by one. */
const MARKS_INSIDE: ReadonlySet<Field['kind']> = new Set(['list', 'object', 'choice-or-list']);

interface RowProps {
  readonly f: NamedField;
  readonly draft: Draft | undefined;
  readonly set: (d: Draft) => void;
  readonly doc?: string;
  readonly error?: string;
  /** Where inside this field the problem is (`pathsUnder`): "" marks this field's own input. */
  readonly invalid?: readonly string[];
}

/**
 * One labelled field (its title, or a label made from its name) with its one-sentence explanation: the
 * module's doc, else the schema's help line, which stays shown in a compact form (it is short).
 * And its problem, after a submit.
 */
export function FieldRow({ f, draft, set, doc: moduleDoc, error, invalid }: RowProps) {
  const id = useId();
  const docId = `${id}-doc`;
  const doc = moduleDoc ?? f.help;
  const docClass = moduleDoc ? undefined : 'sf-help';
  const label = `${fieldLabel(f)}${f.required ? ' *' : ''}`;
  const describedBy = [error ? `${id}-err` : '', doc ? docId : ''].filter(Boolean).join(' ') || undefined;
  const problem = error && (
    <small className="sf-error" id={`${id}-err`} role="alert">
      {error}
    </small>
  );
  // The problem somewhere inside (an item's field, in a list or an object): marked there, said here;
  // else this whole field.
  const inside = MARKS_INSIDE.has(f.field.kind) ? (invalid ?? []).filter(Boolean) : [];
  const marked = (error !== undefined && inside.length === 0) || (invalid ?? []).includes('');
  if (f.field.kind === 'boolean') {
    return (
      <div className={`sf-row sf-check${marked ? ' sf-invalid' : ''}`}>
        <label htmlFor={id}>
          <input id={id} type="checkbox" checked={draft === true} aria-describedby={describedBy} onChange={(e) => set(e.target.checked)} /> {label}
        </label>
        {problem}
        {doc && <small id={docId} className={docClass}>{doc}</small>}
      </div>
    );
  }
  const simple = isSimple(f.field) || f.field.kind === 'multi' || f.field.kind === 'text-list';
  return (
    <div className={`${simple ? 'sf-row' : 'sf-row sf-block'}${marked ? ' sf-invalid' : error ? ' sf-has-invalid' : ''}`}>
      {simple ? <label htmlFor={id}>{label}</label> : <span className="sf-label">{label}</span>}
      <FieldInput id={id} field={f.field} draft={draft} set={set} label={fieldLabel(f)} {...(describedBy ? { describedBy } : {})} {...(inside.length > 0 ? { invalid: inside } : {})} {...(marked ? { marked } : {})} />
      {problem}
      {doc && <small id={docId} className={docClass}>{doc}</small>}
    </div>
  );
}

interface InputProps {
  readonly id?: string;
  readonly field: Field;
  readonly draft: Draft | undefined;
  readonly set: (d: Draft) => void;
  readonly label: string;
  readonly describedBy?: string;
  /** Where inside a list, object or record the problem is (paths relative to this field). */
  readonly invalid?: readonly string[];
  /** This input is the one with the problem. */
  readonly marked?: boolean;
}

/** The input for any field kind; lists, objects and records recurse. */
export function FieldInput({ id, field, draft, set, label, describedBy, invalid, marked }: InputProps): ReactNode {
  const text = typeof draft === 'string' ? draft : '';
  // Without an id no <label> points at the input (an item of a list, a value of a record): it is named by aria-label.
  const common = { id, 'aria-describedby': describedBy, ...(id ? {} : { 'aria-label': label }), ...(marked ? { 'aria-invalid': true } : {}) };
  switch (field.kind) {
    case 'text':
      return <input {...common} type="text" value={text} onChange={(e) => set(e.target.value)} />;
    case 'number':
      return (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          className="sf-num"
          value={text}
          placeholder={field.nullable ? '—' : ''}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'number-or-text':
      return <input {...common} type="text" className="sf-num" value={text} onChange={(e) => set(e.target.value)} />;
    case 'boolean':
      return <input {...common} type="checkbox" aria-label={label} checked={draft === true} onChange={(e) => set(e.target.checked)} />;
    case 'enum':
      return (
        <select {...common} value={text} onChange={(e) => set(e.target.value)}>
          {field.default === undefined && <option value="">—</option>}
          {field.options.map((o) => (
            <option key={o} value={o}>
              {optionLabel(o)}
            </option>
          ))}
        </select>
      );
    case 'const':
      return null;
    case 'multi': {
      const on = new Set(Array.isArray(draft) ? (draft as string[]) : []);
      return (
        <div className="sf-multi" role="group" aria-label={label}>
          {field.options.map((o) => (
            <label key={o}>
              <input
                type="checkbox"
                checked={on.has(o)}
                onChange={(e) => set(field.options.filter((x) => (x === o ? e.target.checked : on.has(x))))}
              />{' '}
              {optionLabel(o)}
            </label>
          ))}
        </div>
      );
    }
    case 'text-list': {
      const list = Array.isArray(draft) ? (draft as string[]) : [];
      return (
        <input {...common} type="text" placeholder="comma-separated" value={list.join(', ')} onChange={(e) => set(e.target.value.split(/,\s*/))} />
      );
    }
    case 'list':
      return <ListInput field={field} draft={draft} set={set} label={label} {...(invalid ? { invalid } : {})} />;
    case 'object': {
      const obj = draft && typeof draft === 'object' && !Array.isArray(draft) && !isRows(draft) ? (draft as Record<string, Draft>) : {};
      return (
        <div className="sf-object">
          {field.fields.map((f) => {
            const under = pathsUnder(invalid, f.name);
            return <FieldRow key={f.name} f={f} draft={obj[f.name]} set={(d) => set({ ...obj, [f.name]: d })} {...(under.length > 0 ? { invalid: under } : {})} />;
          })}
        </div>
      );
    }
    case 'record':
      return <RecordInput field={field} draft={draft} set={set} label={label} />;
    case 'choice-or-list': {
      const own = typeof draft !== 'string';
      return (
        <div className="sf-choice">
          <select {...common} aria-label={label} value={own ? '' : text} onChange={(e) => set(e.target.value === '' ? [draftOf(field.list.item)] : e.target.value)}>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {optionLabel(o)}
              </option>
            ))}
            <option value="">Your own…</option>
          </select>
          {own && <ListInput field={field.list} draft={draft} set={set} label={label} {...(invalid ? { invalid } : {})} />}
        </div>
      );
    }
    case 'json':
      return <textarea {...common} rows={2} className="sf-json" spellCheck={false} value={text} onChange={(e) => set(e.target.value)} />;
  }
}

function ListInput({ field, draft, set, label, invalid }: { field: Extract<Field, { kind: 'list' }>; draft: Draft | undefined; set: (d: Draft) => void; label: string; invalid?: readonly string[] }) {
  const items = Array.isArray(draft) ? (draft as Draft[]) : [];
  return (
    <div className="sf-list">
      {items.map((item, i) => (
        // "Attack 1" when the item has a title, else "Attacks 1": the same words as a problem with it.
        <fieldset key={i} className="sf-item">
          <legend>
            {itemLabel(field, label, i)}{' '}
            <button type="button" className="link" aria-label={`Remove ${itemLabel(field, label, i)}`} onClick={() => set(items.filter((_, j) => j !== i))}>
              remove
            </button>
          </legend>
          <ItemInput field={field.item} draft={item} set={(d) => set(items.map((x, j) => (j === i ? d : x)))} label={itemLabel(field, label, i)} invalid={pathsUnder(invalid, String(i))} />
        </fieldset>
      ))}
      <button type="button" className="small" onClick={() => set([...items, draftOf(field.item)])}>
        {addLabel(field, label)}
      </button>
    </div>
  );
}

function RecordInput({ field, draft, set, label }: { field: Extract<Field, { kind: 'record' }>; draft: Draft | undefined; set: (d: Draft) => void; label: string }) {
  const rows = isRows(draft) ? draft.rows : [];
  const update = (next: DraftRows['rows']) => set({ rows: next });
  return (
    <div className="sf-record">
      {rows.map(([k, v], i) => (
        <div key={i} className="sf-record-row">
          <input type="text" aria-label={`${label}: name ${i + 1}`} placeholder="name" value={k} onChange={(e) => update(rows.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))} />
          <FieldInput field={field.value} draft={v} set={(d) => update(rows.map((r, j) => (j === i ? [r[0], d] : r)))} label={`${label} ${k || i + 1}`} />
          <button type="button" className="link" aria-label={`Remove ${k || `row ${i + 1}`}`} onClick={() => update(rows.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="small" onClick={() => update([...rows, ['', draftOf(field.value)]])}>
        + {label}
      </button>
    </div>
  );
}

/** An item of a list: its input, marked when the problem is the item itself, its fields' marks passed on. */
function ItemInput({ invalid, ...props }: Omit<InputProps, 'invalid' | 'marked'> & { invalid: readonly string[] }) {
  const inside = invalid.filter(Boolean);
  if (!invalid.includes('')) return <FieldInput {...props} {...(inside.length > 0 ? { invalid: inside } : {})} />;
  return (
    <div className="sf-invalid">
      <FieldInput {...props} marked />
    </div>
  );
}
