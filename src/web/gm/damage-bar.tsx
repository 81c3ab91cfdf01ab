import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { labelOf } from '../shared/form-model.ts';
import { nameOf, useGm } from './context.ts';

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

  const apply = async (type: 'damage' | 'heal') => {
    const n = Number(amount);
    if (!Number.isInteger(n) || n < 0) {
      setError('Type a whole number first.');
      return;
    }
    if (targets.length === 0) {
      setError('Tick one or more combatants in the list first.');
      return;
    }
    setError(null);
    const sent = await gm.send({ type, combatants: targets, amount: n, track }, `${type === 'damage' ? 'Damage' : 'Heal'} ${n}: ${names.join(', ')}`);
    if (sent.ok) {
      setAmount('');
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
        inputMode="numeric"
        placeholder={mode === 'heal' ? 'heal' : 'amount'}
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
