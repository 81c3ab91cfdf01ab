import { useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog, FormFooter } from '../shared/dialog.tsx';
import { useGm } from './context.ts';
import { RefPicker, RefsPicker } from './ref-pickers.tsx';

const COMMON = ['Prone', 'Stunned', 'Blinded', 'Frightened', 'Grappled', 'Poisoned', 'Restrained', 'Unconscious', 'Bleeding', 'Burning', 'Hasted', 'Slowed'];

/** A condition with a duration on one or several combatants at once. */
export function ConditionDialog({ combatants, onClose }: { combatants: readonly string[]; onClose: () => void }) {
  const gm = useGm();
  const acting = gm.view.now.kind === 'actor' ? gm.view.now.actor : '';
  const [targets, setTargets] = useState<string[]>([...combatants]);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'rounds' | 'turn-start' | 'turn-end' | 'until-removed'>('rounds');
  const [rounds, setRounds] = useState('1');
  const [of, setOf] = useState(acting || (combatants[0] ?? ''));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(rounds);
    if (!name.trim()) return setError('Name the condition.');
    if (targets.length === 0) return setError('Pick at least one combatant.');
    if (kind === 'rounds' && (!Number.isInteger(n) || n < 1)) return setError('Rounds: a whole number, 1 or more.');
    if ((kind === 'turn-start' || kind === 'turn-end') && !of) return setError('Whose turn?');
    const duration = kind === 'rounds' ? { rounds: n } : kind === 'until-removed' ? 'until-removed' : { until: kind, of };
    const sent = await gm.send({ type: 'add-condition', combatants: targets, name: name.trim(), duration, ...(note.trim() ? { note: note.trim() } : {}) }, `${name.trim()} on ${targets.length}`);
    if (sent.ok) onClose();
    else setError(sent.message);
  };

  return (
    <Dialog title="Add a condition" onClose={onClose}>
      <form onSubmit={submit} className="command-form">
        <RefsPicker label="On" value={targets} onChange={setTargets} />
        <div className="sf-row">
          <label htmlFor="cond-name">Condition</label>
          <input id="cond-name" type="text" list="conditions" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          <datalist id="conditions">
            {COMMON.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <fieldset className="sf-row sf-block">
          <legend>Lasts</legend>
          <label>
            <input type="radio" name="dur" checked={kind === 'rounds'} onChange={() => setKind('rounds')} /> for{' '}
            <input type="text" inputMode="numeric" className="sf-num" aria-label="rounds" value={rounds} onChange={(e) => setRounds(e.target.value)} onFocus={() => setKind('rounds')} /> round(s)
          </label>
          <label>
            <input type="radio" name="dur" checked={kind === 'turn-start'} onChange={() => setKind('turn-start')} /> until the start of someone's next turn
          </label>
          <label>
            <input type="radio" name="dur" checked={kind === 'turn-end'} onChange={() => setKind('turn-end')} /> until the end of someone's next turn
          </label>
          <label>
            <input type="radio" name="dur" checked={kind === 'until-removed'} onChange={() => setKind('until-removed')} /> until removed
          </label>
        </fieldset>
        {(kind === 'turn-start' || kind === 'turn-end') && <RefPicker label="Whose turn" value={of} onChange={setOf} required />}
        <div className="sf-row">
          <label htmlFor="cond-note">Note</label>
          <input id="cond-note" type="text" value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <FormFooter error={error} onClose={onClose} submit="Add condition" />
      </form>
    </Dialog>
  );
}
