import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Command } from '../../core/index.ts';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { FormError, draftOf, labelOf, valueOf } from '../shared/form-model.ts';
import type { Draft, NamedField } from '../shared/form-model.ts';
import { SchemaForm } from '../shared/schema-form.tsx';
import type { Override } from '../shared/schema-form.tsx';
import { commandFields, diceKeysFor, isRefField, isRefList, parseFaces } from './command-schema.ts';
import { nameOf, useGm } from './context.ts';
import { OddsChart } from './odds-chart.tsx';
import { oddsOf } from './odds.ts';
import { ComboPicker, RefPicker, RefsPicker } from './ref-pickers.tsx';

interface Props {
  readonly command: string;
  readonly preset: Readonly<Record<string, unknown>>;
  readonly title: string;
  readonly onClose: () => void;
}

/** Fields the GM rarely needs, folded away under "More". */
const RARE = new Set(['label', 'note', 'situational', 'skill', 'specialisation', 'damage', 'vs', 'defenceSkill', 'bonusDice', 'helpers', 'free', 'lessLethal']);

/**
 * A command as a form generated from its schema, preset fields filled, combatants picked by name, the
 * exact odds before rolling and the faces rolled at the table if the GM typed them. A refusal is shown
 * in the engine's words and the form stays as typed.
 */
export function CommandDialog({ command, preset, title, onClose }: Props) {
  const gm = useGm();
  const { view, kit, store, encounter } = gm;
  const fields = commandFields(kit.module, command) ?? [];
  const shown = fields.filter((f) => f.name !== 'dice' && !(f.name in preset));
  const actor = typeof preset.actor === 'string' ? preset.actor : null;
  const [draft, setDraft] = useState<Record<string, Draft | undefined>>(() => initialDraft(shown, actor, gm.view));
  const [dice, setDice] = useState<Record<string, string>>({});
  const [typed, setTyped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  let built: Command | null = null;
  let formError: string | null = null;
  try {
    built = build(command, preset, shown, draft, typed ? dice : {});
  } catch (e) {
    formError = e instanceof FormError ? e.message : String(e);
  }
  const key = built ? JSON.stringify(built) : '';
  const odds = useMemo(
    () => (built ? oddsOf(kit, encounter.state, built, (c) => store.dryRun(c)) : null),
    [key, encounter.version],
  );
  const diceKeys = built ? diceKeysFor(kit.module.id, command, built, view) : [];

  const override: Override = (f, d, set) => {
    if (isRefList(f.name)) return <RefsPicker label={labelOf(f.name)} value={Array.isArray(d) ? (d as string[]) : []} onChange={set} />;
    if (isRefField(f.name)) return <RefPicker label={labelOf(f.name)} required={f.required} value={typeof d === 'string' ? d : ''} onChange={set} exclude={f.name === 'target' ? actor : null} />;
    if (f.name === 'weapon' && actor) {
      const weapons = ((view.combatants.find((c) => c.id === actor)?.stats.weapons as { name: string }[] | undefined) ?? []).map((w) => w.name);
      if (weapons.length > 0) return <ComboPicker label="Weapon" options={weapons} value={typeof d === 'string' ? d : ''} onChange={set} />;
    }
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!built || busy) return;
    setBusy(true);
    setError(null);
    const sent = await gm.send(built, title);
    setBusy(false);
    if (sent.ok) onClose();
    else setError(sent.message);
  };

  const presetText = Object.entries(preset)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${labelOf(k)}: ${isRefField(k) && typeof v === 'string' ? nameOf(view, v) : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? nameOf(view, x) : String(x))).join(', ') : String(v)}`);
  const common = shown.filter((f) => !RARE.has(f.name) || f.required);
  const rare = shown.filter((f) => RARE.has(f.name) && !f.required);
  const rolls = diceKeys.length > 0 || command === 'attack';

  return (
    <Dialog title={title} onClose={onClose} wide>
      <form onSubmit={submit} className="command-form" aria-label={title}>
        {presetText.length > 0 && <p className="preset">{presetText.join(' · ')}</p>}
        <SchemaForm fields={common} draft={draft} onChange={setDraft} override={override} />
        {rare.length > 0 && (
          <details className="sf-more">
            <summary>More ({rare.map((f) => labelOf(f.name)).join(', ')})</summary>
            <SchemaForm fields={rare} draft={draft} onChange={setDraft} override={override} />
          </details>
        )}
        {odds && !odds.ok && (
          <p className="warn" role="status">
            Not possible as it stands: {odds.message}
          </p>
        )}
        {odds?.ok && odds.odds && <OddsChart odds={odds.odds} />}
        {diceKeys.length > 0 && (
          <fieldset className="typed-dice">
            <legend>
              <label>
                <input type="checkbox" checked={typed} onChange={(e) => setTyped(e.target.checked)} /> Type in the dice rolled at the table
              </label>
            </legend>
            {typed &&
              diceKeys.map((k) => (
                <label key={k} className="dice-key">
                  <span>{k}</span>
                  <input type="text" inputMode="numeric" placeholder="faces, e.g. 5, 4" value={dice[k] ?? ''} onChange={(e) => setDice({ ...dice, [k]: e.target.value })} />
                </label>
              ))}
          </fieldset>
        )}
        {formError && <p className="warn">{formError}</p>}
        <FormFooter error={error} onClose={onClose} disabled={!built || busy} submit={busy ? 'Sending…' : rolls && !typed ? 'Roll' : 'Do it'} />
      </form>
    </Dialog>
  );
}

function initialDraft(fields: readonly NamedField[], actor: string | null, view: ReturnType<typeof useGm>['view']): Record<string, Draft | undefined> {
  const out: Record<string, Draft | undefined> = {};
  for (const f of fields) out[f.name] = draftOf(f.field);
  if (fields.some((f) => f.name === 'target') && actor) {
    const me = view.combatants.find((c) => c.id === actor);
    const foe = view.combatants.find((c) => c.id !== actor && !c.defeated && c.side !== me?.side) ?? view.combatants.find((c) => c.id !== actor && !c.defeated);
    if (foe) out.target = foe.id;
  }
  return out;
}

function build(type: string, preset: Readonly<Record<string, unknown>>, fields: readonly NamedField[], draft: Record<string, Draft | undefined>, dice: Record<string, string>): Command {
  const out: Record<string, unknown> = { type, ...preset };
  for (const f of fields) {
    const v = valueOf(f.field, draft[f.name], labelOf(f.name));
    if (v !== undefined) out[f.name] = v;
  }
  const typed: Record<string, number[]> = {};
  for (const [k, text] of Object.entries(dice)) {
    if (!text.trim()) continue;
    const faces = parseFaces(text);
    if (!faces) throw new FormError(k, `"${text}" should be the faces rolled, e.g. 5, 4`);
    typed[k] = faces;
  }
  if (Object.keys(typed).length > 0) out.dice = typed;
  return out as Command;
}
