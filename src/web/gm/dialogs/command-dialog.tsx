import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Command } from '../../../core/index.ts';
import { Dialog, FormFooter } from '../../shared/dialog.tsx';
import { labelOf, optionLabel } from '../../shared/form-model.ts';
import { plainMessage } from '../../shared/plain-message.ts';
import type { Draft } from '../../shared/form-model.ts';
import { SchemaForm } from '../../shared/schema-form.tsx';
import type { Override } from '../../shared/schema-form.tsx';
import { buildCommand, draftProblems, initialDraft, isReadable, refusalOf } from './command-form.ts';
import { commandFields, diceKeysFor, isRefField, isRefList } from './command-schema.ts';
import { nameOf, useGm } from '../context.ts';
import type { GameKit } from '../../games/index.ts';
import { OddsChart } from '../turn/odds-chart.tsx';
import { oddsOf } from '../turn/odds.ts';
import { ComboPicker, RefPicker, RefsPicker } from './ref-pickers.tsx';
import { rollsIn } from '../turn/result-card.tsx';
import { blankRolled } from './blank-dice.ts';
import { diceHints, readTyped, typedRefusal } from './typed-dice.ts';
import { TypedDiceFields } from './typed-dice-fields.tsx';
import type { DiceHint } from './typed-dice.ts';

export interface CommandDialogProps {
  readonly kit: GameKit;
  readonly command: string;
  readonly preset: Readonly<Record<string, unknown>>;
  readonly title: string;
  readonly onClose: () => void;
}

/** Fields the GM rarely needs, folded away under "More". */
const RARE = new Set(['label', 'note', 'situational', 'skill', 'specialisation', 'damage', 'vs', 'defenceSkill', 'bonusDice', 'helpers', 'free', 'lessLethal']);

/**
 * A command as a form generated from its schema, preset fields filled, combatants picked by name, the
 * exact odds before rolling and the faces rolled at the table if the GM typed them. Checked on submit:
 * what is missing or unreadable is said next to its field, in the GM's words; a refusal of the engine
 * (the dry run here, the same rules as the server) is said once in the dialog, and the form stays as typed.
 */
export function CommandDialog({ kit, command, preset, title, onClose }: CommandDialogProps) {
  const gm = useGm();
  const { view, store, encounter } = gm;
  const fields = commandFields(kit.module, command) ?? [];
  const shown = fields.filter((f) => f.name !== 'dice' && !(f.name in preset));
  const presetActor = typeof preset.actor === 'string' ? preset.actor : null;
  const [draft, setDraft] = useState<Record<string, Draft | undefined>>(() => initialDraft(shown, preset, gm.view));
  // Who attacks and who is attacked are never the same combatant: each picker leaves out the other's choice.
  const actor = presetActor ?? (typeof draft.actor === 'string' && draft.actor !== '' ? draft.actor : null);
  const [dice, setDice] = useState<Record<string, string>>({});
  const [typed, setTyped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  // The engine's refusal of the dice typed in, next to their box.
  const [diceRefused, setDiceRefused] = useState<Record<string, string>>({});

  const problems = draftProblems(shown, draft);
  // Built while something is only missing (the odds and the dice keys show meanwhile); not while unreadable.
  const built = isReadable(shown, problems) ? buildCommand(command, preset, shown, draft) : null;
  const key = built ? JSON.stringify(built) : '';
  const odds = useMemo(
    () => (built ? oddsOf(kit, encounter.state, built, (c) => store.dryRun(c)) : null),
    [key, encounter.version],
  );
  const diceKeys = built ? diceKeysFor(kit.module.id, command, built, view) : [];
  const hints = useMemo(
    () => diceHints(kit.module.id, diceKeys, odds?.ok ? rollsIn(odds.events.map((e) => e as unknown), (id) => nameOf(view, id)) : []),
    [key, diceKeys.join('|'), odds],
  );
  const typedDice = typed ? readDice(hints, dice) : { faces: {}, problems: {} };
  // A refusal about a field (the schema's "situational: Too big…", Kuro's invest, a formula that cannot be
  // rolled) is said next to it once the button is pressed; one about the action itself, above the buttons.
  const refusal = odds && !odds.ok ? refusalOf(command, odds, shown) : null;
  const aboutField = refusal !== null && Object.keys(refusal.errors).length > 0;
  const shownProblems = tried ? { ...(refusal?.errors ?? {}), ...problems } : {};

  const override: Override = (f, d, set) => {
    if (isRefList(f.name)) return <RefsPicker label={labelOf(f.name)} value={Array.isArray(d) ? (d as string[]) : []} onChange={set} />;
    if (f.name === 'actor') {
      // Choosing as the actor the one picked as the target clears the target (it cannot attack itself).
      const pick = (id: string) => setDraft((prev) => ({ ...prev, actor: id, ...(prev.target === id && id !== '' ? { target: '' } : {}) }));
      return <RefPicker label={labelOf(f.name)} required={f.required} value={typeof d === 'string' ? d : ''} onChange={pick} exclude={typeof preset.target === 'string' ? preset.target : null} />;
    }
    if (isRefField(f.name)) return <RefPicker label={labelOf(f.name)} required={f.required} value={typeof d === 'string' ? d : ''} onChange={set} exclude={f.name === 'target' ? actor : null} />;
    if (f.name === 'weapon' && actor) {
      const weapons = ((view.combatants.find((c) => c.id === actor)?.stats.weapons as { name: string }[] | undefined) ?? []).map((w) => w.name);
      if (weapons.length > 0) return <ComboPicker label="Weapon" options={weapons} value={typeof d === 'string' ? d : ''} onChange={set} />;
    }
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTried(true);
    setError(null);
    const form = e.currentTarget as HTMLFormElement;
    if (!built || Object.keys(problems).length > 0 || Object.keys(typedDice.problems).length > 0) {
      // The first field to fix gets the focus (after the errors render).
      setTimeout(() => form.querySelector<HTMLElement>('.sf-invalid input, .sf-invalid select, .dice-key.sf-invalid input')?.focus(), 0);
      return;
    }
    if (refusal) {
      // A rule's refusal is already shown above the buttons; one about a field next to it; a schema one
      // tied to no field is said here.
      if (aboutField) setTimeout(() => form.querySelector<HTMLElement>('.sf-invalid input, .sf-invalid select')?.focus(), 0);
      else if (refusal.invalid) setError(refusal.message);
      return;
    }
    const withDice = (Object.keys(typedDice.faces).length > 0 ? { ...built, dice: typedDice.faces } : built) as Command;
    // Typed-in dice the rules cannot use (too few, too many): said next to their box, nothing sent.
    const dry = withDice === built && !typed ? null : store.dryRun(withDice);
    setDiceRefused({});
    if (dry && !dry.ok) {
      const key = dry.rejection.details?.key;
      if (dry.rejection.code === 'dice/entered' && typeof key === 'string' && hints.some((h) => h.key === key)) setDiceRefused({ [key]: typedRefusal(dry.rejection.message) });
      else setError(plainMessage(dry.rejection.message, shown));
      return;
    }
    // Typed in, a blank box whose dice would still be rolled is asked for, never rolled unsaid.
    const blanks = typed && dry?.ok ? blankRolled(hints, dice, rollsIn(dry.events.map((e) => e as unknown), (id) => nameOf(view, id))) : {};
    if (Object.keys(blanks).length > 0) {
      setDiceRefused(blanks);
      setTimeout(() => form.querySelector<HTMLElement>('.dice-key.sf-invalid input')?.focus(), 0);
      return;
    }
    setBusy(true);
    const sent = await gm.send(withDice, title);
    setBusy(false);
    if (sent.ok) onClose();
    else setError(refusalOf(command, { code: sent.code, message: sent.message }, shown).message);
  };

  // Who acts and on whom; the action itself is the dialog's title already.
  const presetText = Object.entries(preset)
    // A stored attack's name is in the title already ("Pat: Attack with Shortsword: +4 vs defense").
    .filter(([k, v]) => k !== 'type' && k !== 'action' && !(k === 'label' && typeof v === 'string' && title.includes(v)))
    .map(([k, v]) => `${labelOf(k)}: ${isRefField(k) && typeof v === 'string' ? nameOf(view, v) : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? nameOf(view, x) : String(x))).join(', ') : typeof v === 'string' ? optionLabel(v) : v === true ? 'yes' : String(v)}`);
  const common = shown.filter((f) => !RARE.has(f.name) || f.required);
  const rare = shown.filter((f) => RARE.has(f.name) && !f.required);
  const rolls = diceKeys.length > 0 || command === 'attack';

  return (
    <Dialog title={title} onClose={onClose} wide>
      <form onSubmit={submit} className="command-form" aria-label={title}>
        {presetText.length > 0 && <p className="preset">{presetText.join(' · ')}</p>}
        <SchemaForm fields={common} draft={draft} onChange={setDraft} override={override} errors={shownProblems} />
        {rare.length > 0 && (
          <details className="sf-more" open={rare.some((f) => f.name in shownProblems) || undefined}>
            <summary>More ({rare.map((f) => labelOf(f.name)).join(', ')})</summary>
            <SchemaForm fields={rare} draft={draft} onChange={setDraft} override={override} errors={shownProblems} />
          </details>
        )}
        {refusal && !refusal.invalid && !aboutField && (
          <p className="warn" role="status">
            Not possible as it stands: {refusal.message}
          </p>
        )}
        {odds?.ok && odds.odds && <OddsChart odds={odds.odds} />}
        {diceKeys.length > 0 && (
          <TypedDiceFields
            typed={typed}
            onTyped={setTyped}
            boxes={hints.map((h) => ({
              key: h.key,
              label: h.label,
              placeholder: `e.g. ${h.example}`,
              help: `${h.notation ? `${h.notation}: ` : ''}${h.help}`,
              numeric: !h.combat,
              problem: tried ? (typedDice.problems[h.key] ?? diceRefused[h.key]) : undefined,
            }))}
            values={dice}
            onChange={(key, value) => {
              setDice({ ...dice, [key]: value });
              setDiceRefused({});
            }}
          />
        )}
        <FormFooter error={error} onClose={onClose} disabled={busy} submit={busy ? 'Sending…' : rolls && !typed ? 'Roll' : 'Do it'} />
      </form>
    </Dialog>
  );
}

/** The typed-in faces under their keys (empty boxes left to the engine), and what could not be read. */
function readDice(hints: readonly DiceHint[], dice: Record<string, string>): { faces: Record<string, number[]>; problems: Record<string, string> } {
  const faces: Record<string, number[]> = {};
  const problems: Record<string, string> = {};
  for (const h of hints) {
    const text = dice[h.key]?.trim();
    if (!text) continue;
    const r = readTyped(text, h.combat, h.notation);
    if (r.ok) faces[h.key] = r.faces;
    else problems[h.key] = r.message;
  }
  return { faces, problems };
}
