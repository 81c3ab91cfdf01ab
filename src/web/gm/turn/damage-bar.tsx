import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { labelOf } from '../../shared/form-model.ts';
import { nameOf, useGm } from '../context.ts';
import { readAmount, readBarFaces } from './damage-amount.ts';

/**
 * Damage or heal on every ticked combatant at once (or the one picked in the roster), on HP or any
 * other track they have; and conditions for all of them. D and H put the cursor here.
 */
export function DamageBar() {
  const gm = useGm();
  const { view } = gm;
  const [amount, setAmount] = useState('');
  const [track, setTrack] = useState('hp');
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<'damage' | 'heal'>('damage');
  // Dice in the box ("2d6"): rolled by the engine, or the faces rolled at the table typed in.
  const [typed, setTyped] = useState(false);
  const [faces, setFaces] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const on = (e: Event) => {
      setMode((e as CustomEvent<'damage' | 'heal'>).detail);
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('tk:amount', on);
    return () => window.removeEventListener('tk:amount', on);
  }, []);
  const targets = gm.selected.size > 0 ? [...gm.selected] : gm.focus ? [gm.focus] : [];
  const tracks = [...new Set(targets.flatMap((id) => Object.keys(view.combatants.find((c) => c.id === id)?.tracks ?? {})))];
  if (!tracks.includes('hp')) tracks.unshift('hp');
  const names = targets.map((id) => nameOf(view, id));

  const read = readAmount(amount, mode);
  const notation = read.ok && 'notation' in read ? read.notation : null;
  const apply = async (type: 'damage' | 'heal') => {
    const r = readAmount(amount, type);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    if (targets.length === 0) {
      setError('Tick one or more combatants in the list first.');
      return;
    }
    const f = 'notation' in r ? readBarFaces(r.notation, typed, faces) : null;
    if (f && !f.ok) {
      setError(f.message);
      return;
    }
    setError(null);
    const by = 'notation' in r ? { notation: r.notation, ...(f?.ok && f.faces ? { dice: { [type]: f.faces } } : {}) } : { amount: r.amount };
    const sent = await gm.send({ type, combatants: targets, ...by, track }, `${type === 'damage' ? 'Damage' : 'Heal'} ${'notation' in r ? r.notation : r.amount}: ${names.join(', ')}`);
    if (sent.ok) {
      setAmount('');
      setFaces('');
      setMode('damage');
      // Back to the keyboard shortcuts (N, U, D...) at once.
      input.current?.blur();
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const button = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    void apply(button === 'heal' ? 'heal' : 'damage');
  };

  return (
    <form className="panel damage-bar" onSubmit={submit} aria-label="Damage and heal">
      <span className="targets" aria-live="polite">
        {targets.length === 0 ? 'Tick combatants to damage or heal' : names.join(', ')}
      </span>
      <label className="sr-only" htmlFor="amount">
        Amount
      </label>
      <input
        id="amount"
        ref={input}
        type="text"
        placeholder={mode === 'heal' ? 'heal: 7 or 2d6' : 'amount: 7 or 2d6'}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void apply(mode);
          } else if (e.key === 'Escape') {
            e.currentTarget.blur();
          }
        }}
      />
      {notation && (
        <label className="bar-typed">
          <input type="checkbox" checked={typed} onChange={(e) => setTyped(e.target.checked)} /> Type in the dice
        </label>
      )}
      {notation && typed && (
        <input
          aria-label={`Dice rolled (${notation})`}
          className="bar-faces"
          type="text"
          inputMode="numeric"
          placeholder={`${notation}: e.g. 5, 4`}
          value={faces}
          onChange={(e) => setFaces(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply(mode);
            }
          }}
        />
      )}
      <label className="sr-only" htmlFor="track">
        Track
      </label>
      <select id="track" value={track} onChange={(e) => setTrack(e.target.value)}>
        {tracks.map((t) => (
          <option key={t} value={t}>
            {t === 'hp' ? 'HP' : labelOf(t)}
          </option>
        ))}
      </select>
      <button type="submit" value="damage" className="bad-btn">
        Damage <kbd aria-hidden="true">D</kbd>
      </button>
      <button type="submit" value="heal" className="good-btn">
        Heal <kbd aria-hidden="true">H</kbd>
      </button>
      <button type="button" disabled={targets.length === 0} onClick={() => gm.open({ kind: 'condition', combatants: targets })}>
        Condition… <kbd aria-hidden="true">C</kbd>
      </button>
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
