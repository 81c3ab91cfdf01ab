import { actorsOf } from '../../../core/index.ts';
import type { Combatant, Condition, Track } from '../../../core/index.ts';
import { leftInWords } from '../dialogs/condition-words.ts';
import { labelOf } from '../../shared/form-model.ts';
import { useGm } from '../context.ts';
import { Portrait, useFightPortraits } from './portraits.tsx';

type Row = Combatant & { readonly actions: readonly unknown[] };

/** Every combatant: tick several for damage, heal or a condition; edit, hide, defeat or remove one. */
export function Roster() {
  const gm = useGm();
  const { view } = gm;
  const portraits = useFightPortraits();
  const acting = new Set(actorsOf(view.now));
  const all = view.combatants.map((c) => c.id);
  const allOn = all.length > 0 && all.every((id) => gm.selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(gm.selected);
    if (on) next.add(id);
    else next.delete(id);
    gm.setSelected(next);
  };
  return (
    <section className="panel roster" aria-labelledby="roster-h">
      <div className="panel-head">
        <h2 id="roster-h">Combatants</h2>
        <label className="select-all">
          <input type="checkbox" checked={allOn} onChange={(e) => gm.setSelected(new Set(e.target.checked ? all : []))} /> all
        </label>
      </div>
      {view.combatants.length === 0 ? (
        <p className="muted">Nobody yet: add combatants below (press A).</p>
      ) : (
        <ul className="roster-list">
          {view.sides.map((side) => {
            const members = view.combatants.filter((c) => c.side === side.id);
            if (members.length === 0) return null;
            return (
              <li key={side.id} className="side-group">
                <h3 className="side-name">
                  {side.name}
                  {side.players ? <span className="tag">players</span> : null}
                </h3>
                <ul>
                  {members.map((c) => (
                    <RosterRow key={c.id} c={c} portrait={portraits.get(c.id)} acting={acting.has(c.id)} selected={gm.selected.has(c.id)} onSelect={(on) => toggle(c.id, on)} />
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function RosterRow({ c, portrait, acting, selected, onSelect }: { c: Row; portrait: string | undefined; acting: boolean; selected: boolean; onSelect: (on: boolean) => void }) {
  const gm = useGm();
  const hp = c.tracks.hp;
  const others = Object.entries(c.tracks).filter(([k]) => k !== 'hp');
  const cls = ['combatant', acting ? 'acting' : '', c.defeated ? 'defeated' : '', c.hidden ? 'hidden' : '', gm.focus === c.id ? 'focused' : ''].filter(Boolean).join(' ');
  return (
    <li className={cls} data-testid={`combatant-${c.name}`}>
      <span className="gutter" aria-hidden="true">
        {acting ? '▶' : ''}
      </span>
      <input type="checkbox" className="pick" aria-label={`Select ${c.name}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      <div className="who">
        <Portrait url={portrait} />
        <button type="button" className="link name" onClick={() => gm.setFocus(c.id)} aria-label={`${c.name}: show actions`}>
          {c.name}
        </button>
        <span className={`kind kind-${c.kind}`}>{c.kind.toUpperCase()}</span>
        {c.hidden && <span className="tag" title="Hidden from players">hidden</span>}
        {c.defeated && <span className="tag bad">defeated</span>}
        {acting && <span className="sr-only">(acting now)</span>}
      </div>
      <div className="tracks">
        {hp && <HpBar track={hp} who={c.name} />}
        {others.map(([k, t]) => (
          <span key={k} className="track-chip" title={t.label ?? labelOf(k)}>
            {t.label ?? labelOf(k)} {t.value}
            {t.max !== undefined ? `/${t.max}` : ''}
          </span>
        ))}
      </div>
      <div className="conditions">
        {c.conditions.map((k) => (
          <ConditionChip key={k.id} k={k} who={c} />
        ))}
      </div>
      <div className="row-actions">
        <button type="button" className="icon" title="Edit" aria-label={`Edit ${c.name}`} onClick={() => gm.open({ kind: 'edit', combatant: c.id })}>
          ✎
        </button>
        <button type="button" className="icon" title="Add a condition" aria-label={`Add a condition to ${c.name}`} onClick={() => gm.open({ kind: 'condition', combatants: [c.id] })}>
          ✚
        </button>
        <button
          type="button"
          className="icon"
          title={c.hidden ? 'Show to players' : 'Hide from players'}
          aria-label={c.hidden ? `Show ${c.name} to players` : `Hide ${c.name} from players`}
          aria-pressed={c.hidden}
          onClick={() => void gm.send({ type: 'update-combatant', combatant: c.id, hidden: !c.hidden }, c.hidden ? `Show ${c.name}` : `Hide ${c.name}`)}
        >
          {c.hidden ? '◌' : '◉'}
        </button>
        <button
          type="button"
          className="icon"
          title={c.defeated ? 'Back in the fight' : 'Mark defeated'}
          aria-label={c.defeated ? `${c.name} is back in the fight` : `Mark ${c.name} defeated`}
          aria-pressed={c.defeated}
          onClick={() => void gm.send({ type: 'set-defeated', combatant: c.id, defeated: !c.defeated }, c.defeated ? `${c.name} is back` : `${c.name} is defeated`)}
        >
          ☠
        </button>
        <button
          type="button"
          className="icon danger"
          title="Remove from the fight"
          aria-label={`Remove ${c.name}`}
          onClick={() => gm.open({ kind: 'remove', combatant: c.id })}
        >
          ✕
        </button>
      </div>
    </li>
  );
}

/** The HP bar, named for screen readers with whose it is: "Vasquez HP 5 of 12". */
export function HpBar({ track, who }: { track: Track; who: string }) {
  const max = track.max ?? Math.max(track.value, 1);
  const ratio = Math.max(0, Math.min(1, track.value / max));
  const band = ratio > 0.5 ? 'ok' : ratio > 0 ? 'low' : 'down';
  return (
    <span className="hp" role="meter" aria-label={`${who} HP ${track.value}${track.max !== undefined ? ` of ${track.max}` : ''}`} aria-valuemin={track.min ?? 0} aria-valuemax={max} aria-valuenow={track.value}>
      <span className={`hp-bar hp-${band}`}>
        <span style={{ width: `${ratio * 100}%` }} />
      </span>
      <span className="hp-text">
        HP {track.value}
        {track.max !== undefined ? `/${track.max}` : ''}
      </span>
    </span>
  );
}

function ConditionChip({ k, who }: { k: Condition; who: Combatant }) {
  const gm = useGm();
  const lasts = describe(k, gm.view.combatants);
  const left = leftInWords(k, gm.view.round, (id) => gm.view.combatants.find((c) => c.id === id)?.name ?? id);
  return (
    <span className="condition" title={`${k.name}: ${lasts}${k.note ? ` (${k.note})` : ''}`}>
      <span>
        {k.name}
        {left && <small>{`, ${left}`}</small>}
      </span>
      <button type="button" className="icon tiny" aria-label={`Remove ${k.name} from ${who.name}`} onClick={() => void gm.send({ type: 'remove-condition', combatant: who.id, condition: k.id }, `Remove ${k.name}`)}>
        ×
      </button>
    </span>
  );
}

function describe(k: Condition, all: readonly Combatant[]): string {
  const d = k.duration;
  const n = (id: string) => all.find((c) => c.id === id)?.name ?? id;
  switch (d.kind) {
    case 'rounds':
      return `${d.rounds} round${d.rounds === 1 ? '' : 's'}${k.expiresAtRound !== undefined ? ` (ends at the start of round ${k.expiresAtRound})` : ''}`;
    case 'turn-start':
      return `until the start of ${n(d.of)}'s next turn`;
    case 'turn-end':
      return `until the end of ${n(d.of)}'s next turn`;
    case 'until-removed':
      return 'until removed';
  }
}
