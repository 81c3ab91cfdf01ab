import { useState } from 'react';
import type { FormEvent } from 'react';
import type { SuggestedDuration } from '../../../core/index.ts';
import { Dialog, FormFooter } from '../../shared/dialog.tsx';
import './condition-dialog.css';
import { suggestedInWords } from './condition-words.ts';
import { useGm } from '../context.ts';
import { RefPicker, RefsPicker } from './ref-pickers.tsx';
import { forgetCondition, gameListBeside, loadSavedConditions, saveCondition } from './saved-conditions.ts';
import type { SavedCondition } from './saved-conditions.ts';

type Kind = 'rounds' | 'turn-start' | 'turn-end' | 'until-removed';

/**
 * A condition with a duration on one or several combatants at once. It offers the game's own conditions
 * (the rule module's `conditions`, each with what it does) and the GM's saved ones (saved-conditions.ts).
 */
export function ConditionDialog({ combatants, onClose }: { combatants: readonly string[]; onClose: () => void }) {
  const gm = useGm();
  const game = gm.fold.fold;
  const acting = gm.view.now.kind === 'actor' ? gm.view.now.actor : '';
  const [targets, setTargets] = useState<string[]>([...combatants]);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('rounds');
  const [rounds, setRounds] = useState('1');
  const [of, setOf] = useState(acting || (combatants[0] ?? ''));
  const [note, setNote] = useState('');
  const [save, setSave] = useState(false);
  const [saved, setSaved] = useState<SavedCondition[]>(() => loadSavedConditions(game.id));
  const [error, setError] = useState<string | null>(null);
  const own = gameListBeside(game.conditions ?? [], saved);
  const typed = name.trim().toLowerCase();
  const mine = saved.find((k) => k.name.toLowerCase() === typed);
  const theirs = own.find((k) => k.name.toLowerCase() === typed);
  const meaning = mine ? `${mine.name}: one of your saved conditions.` : theirs ? `${theirs.name}: ${theirs.meaning}` : '';

  const pick = (k: { readonly name: string; readonly lasts?: SuggestedDuration }) => {
    setName(k.name);
    const l = k.lasts;
    if (l === undefined) return;
    if (typeof l === 'object') {
      setKind('rounds');
      setRounds(String(l.rounds));
    } else setKind(l);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(rounds);
    if (!name.trim()) return setError('Name the condition.');
    if (targets.length === 0) return setError('Pick at least one combatant.');
    if (kind === 'rounds' && (!Number.isInteger(n) || n < 1)) return setError('Rounds: a whole number, 1 or more.');
    if ((kind === 'turn-start' || kind === 'turn-end') && !of) return setError('Whose turn?');
    const duration = kind === 'rounds' ? { rounds: n } : kind === 'until-removed' ? 'until-removed' : { until: kind, of };
    const sent = await gm.send({ type: 'add-condition', combatants: targets, name: name.trim(), duration, ...(note.trim() ? { note: note.trim() } : {}) }, `${name.trim()} on ${targets.length}`);
    if (sent.ok && save) setSaved(saveCondition(game.id, { name: name.trim(), lasts: kind === 'rounds' ? { rounds: n } : kind }));
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
            {[...saved, ...own].map((c) => (
              <option key={c.name} value={c.name} />
            ))}
          </datalist>
          {meaning && <small className="sf-help cond-meaning">{meaning}</small>}
        </div>
        {own.length > 0 && (
          <div className="cond-offers" role="group" aria-label={`${game.title}'s conditions`}>
            <span className="sf-label">{game.title}'s conditions</span>
            <ul>
              {own.map((k) => (
                <li key={k.name}>
                  <button type="button" className="cond-offer" title={`${k.meaning}${k.lasts ? ` (${suggestedInWords(k.lasts)})` : ''}`} onClick={() => pick(k)}>
                    {k.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {saved.length > 0 && (
          <div className="cond-offers" role="group" aria-label="Your saved conditions">
            <span className="sf-label">Your saved conditions</span>
            <ul>
              {saved.map((k) => (
                <li key={k.name}>
                  <button type="button" className="cond-offer" title={k.lasts ? suggestedInWords(k.lasts) : 'no default duration'} onClick={() => pick(k)}>
                    {k.name}
                    {k.lasts && <small>{` ${suggestedInWords(k.lasts)}`}</small>}
                  </button>
                  <button type="button" className="icon tiny" aria-label={`Forget ${k.name}`} title={`Forget ${k.name}`} onClick={() => setSaved(forgetCondition(game.id, k.name))}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
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
        <label className="cond-save">
          <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> Save it to my conditions for next time, with this duration
        </label>
        <FormFooter error={error} onClose={onClose} submit="Add condition" />
      </form>
    </Dialog>
  );
}
