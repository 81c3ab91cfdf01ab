import { useState } from 'react';
import type { ReactNode } from 'react';
import type { EncounterView } from '../../../core/index.ts';
import { parseFaces } from '../dialogs/command-schema.ts';
import { useGm } from '../context.ts';
import { checkInitiativeFaces } from './initiative-faces.ts';
import { trackOf } from './order-slots.tsx';
import { SurpriseStep } from '../setup/surprise-step.tsx';

type Dict = Record<string, unknown>;

/** Every initiative total the module keeps, by combatant id. */
export function initiativeOf(view: EncounterView): Map<string, number> {
  const out = new Map<string, number>();
  const m = (view.module ?? {}) as Dict;
  const track = trackOf(view);
  for (const slot of [...(track?.slots ?? []), ...(((m.order as unknown[]) ?? []) as { members: string[]; initiative: number | null }[])]) {
    if (slot.initiative === null) continue;
    for (const id of slot.members) if (!out.has(id)) out.set(id, slot.initiative);
  }
  for (const [id, v] of Object.entries((m.initiative ?? {}) as Record<string, { total?: number }>)) {
    if (typeof v?.total === 'number') out.set(id, v.total);
  }
  return out;
}

/** Who rolls: sides in group/side initiative, else every combatant still in the fight. */
function rollers(view: EncounterView): { key: string; label: string; combatant?: string }[] {
  const mode = view.options.initiative;
  if ((view.rules === 'swn' && mode === 'group') || (view.rules === 'cwn' && mode !== 'individual')) {
    const sides = view.sides.map((s) => ({ key: s.name, label: `${s.name} (side)` }));
    const auto = view.combatants.filter((c) => c.stats.autoInitiative === true).map((c) => ({ key: c.name, label: `${c.name} (automatic initiative)`, combatant: c.id }));
    return [...auto, ...sides];
  }
  return view.combatants.filter((c) => !c.defeated).map((c) => ({ key: c.name, label: c.name, combatant: c.id }));
}

/**
 * Initiative: roll for everyone or for the ticked ones, or type in the faces rolled at the table; then
 * start the fight. Fallout has a fixed order (only who started the fight is asked); popcorn asks who
 * takes the initiative first. Stars and Cities Without Number settle surprise first (surprise-step.tsx).
 */
export function InitiativePanel() {
  const gm = useGm();
  const { view } = gm;
  if (view.rules === 'fallout') return <FalloutStart />;
  if (view.rules === 'popcorn') return <PopcornStart />;
  return (
    <>
      <SurpriseStep />
      <RollTable />
    </>
  );
}

function RollTable() {
  const gm = useGm();
  const { view } = gm;
  const totals = initiativeOf(view);
  const rows = rollers(view);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [faces, setFaces] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // Every typed-in problem at once, next to its box.
  const [problems, setProblems] = useState<Record<string, string>>({});
  const started = view.status !== 'setup';
  const dice = (): Record<string, number[]> | null => {
    const checked = checkInitiativeFaces(faces, rows, (c) => gm.store.dryRun(c));
    setProblems(checked.problems);
    return Object.keys(checked.problems).length > 0 ? null : checked.dice;
  };
  const roll = async (only: 'all' | 'picked' | 'typed') => {
    setError(null);
    const d = dice();
    if (!d) return;
    const typedKeys = Object.keys(d);
    const ids =
      only === 'picked'
        ? rows.filter((r) => picked.has(r.key) && r.combatant).map((r) => r.combatant!)
        : only === 'typed'
          ? rows.filter((r) => typedKeys.includes(r.key) && r.combatant).map((r) => r.combatant!)
          : [];
    const sent = await gm.send({ type: 'roll-initiative', ...(ids.length > 0 ? { combatants: ids } : {}), ...(typedKeys.length > 0 ? { dice: d } : {}) }, 'Initiative');
    if (sent.ok) setFaces({});
    else setError(sent.message);
  };
  const start = async () => {
    setError(null);
    const d = dice();
    if (!d) return;
    const sent = await gm.send({ type: 'start', ...(Object.keys(d).length > 0 ? { dice: d } : {}) }, 'Start the fight');
    if (!sent.ok) setError(sent.message);
  };
  return (
    <StartSection title="Initiative" error={error}>
      <table className="init-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Pick</span>
            </th>
            <th scope="col">Who</th>
            <th scope="col">Now</th>
            <th scope="col">Rolled at the table</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Pick ${r.label}`}
                  checked={picked.has(r.key)}
                  onChange={(e) => {
                    const next = new Set(picked);
                    if (e.target.checked) next.add(r.key);
                    else next.delete(r.key);
                    setPicked(next);
                  }}
                />
              </td>
              <td>{r.label}</td>
              <td className="num">{r.combatant && totals.has(r.combatant) ? totals.get(r.combatant) : '—'}</td>
              <td className={problems[r.key] ? 'sf-invalid' : undefined}>
                <input type="text" inputMode="numeric" className="sf-num" aria-label={`Faces rolled for ${r.label}`} aria-invalid={problems[r.key] ? true : undefined} aria-describedby={problems[r.key] ? `init-problem-${r.combatant ?? r.key.replace(/\W+/g, '-')}` : undefined} placeholder={gm.view.rules === 'kuro' ? 'each die' : 'die rolled'} title={gm.view.rules === 'kuro' ? 'Type each Kuro die as it shows (a 4 counts 0), and after each 6 the extra die it rolls, e.g. 6, 2, 5' : 'Type the die as it shows, e.g. 6'} value={faces[r.key] ?? ''} onChange={(e) => setFaces({ ...faces, [r.key]: e.target.value })} />
                {problems[r.key] && (
                  <small className="sf-error" id={`init-problem-${r.combatant ?? r.key.replace(/\W+/g, '-')}`}>
                    {problems[r.key]}
                  </small>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row-buttons">
        <button type="button" data-shortcut="i" onClick={() => void roll('all')}>
          Roll for everyone <kbd aria-hidden="true">I</kbd>
        </button>
        <button type="button" disabled={picked.size === 0} onClick={() => void roll('picked')}>
          Roll for the ticked
        </button>
        <button type="button" disabled={!Object.values(faces).some((f) => f.trim())} onClick={() => void roll('typed')}>
          Use the typed rolls
        </button>
        {!started && (
          <button type="button" className="primary" data-shortcut="n" onClick={() => void start()}>
            Start the fight <kbd aria-hidden="true">N</kbd>
          </button>
        )}
      </div>
    </StartSection>
  );
}

function FalloutStart() {
  const gm = useGm();
  const { view } = gm;
  const [initiator, setInitiator] = useState(view.combatants[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  if (view.status !== 'setup') return null;
  return (
    <StartSection title="Start the fight" error={error}>
      <p className="muted">The order is fixed (PER + AGI, or BODY + MIND). Whoever started the fight takes an opening turn before round 1.</p>
      <div className="row-buttons">
        <label>
          Started by{' '}
          <select value={initiator} onChange={(e) => setInitiator(e.target.value)}>
            {view.combatants.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="primary"
          data-shortcut="n"
          onClick={async () => {
            const sent = await gm.send({ type: 'start', initiator }, 'Start the fight');
            setError(sent.ok ? null : sent.message);
          }}
        >
          Start the fight <kbd aria-hidden="true">N</kbd>
        </button>
      </div>
    </StartSection>
  );
}

function PopcornStart() {
  const gm = useGm();
  const { view } = gm;
  const [how, setHow] = useState<'roll' | 'side' | 'combatant'>('roll');
  const [side, setSide] = useState(view.sides[0]?.id ?? '');
  const [who, setWho] = useState(view.combatants[0]?.id ?? '');
  const [faces, setFaces] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  if (view.status !== 'setup') return null;
  const start = async () => {
    const dice: Record<string, number[]> = {};
    for (const [k, t] of Object.entries(faces)) {
      const f = t.trim() ? parseFaces(t) : null;
      if (f) dice[k] = f;
    }
    const body = how === 'roll' ? { roll: true } : how === 'side' ? { side: view.sides.find((s) => s.id === side)?.name ?? side } : { combatant: who };
    const sent = await gm.send({ type: 'start', ...body, ...(Object.keys(dice).length > 0 ? { dice } : {}) }, 'Start the scene');
    setError(sent.ok ? null : sent.message);
  };
  return (
    <StartSection title="Who has the initiative first?" error={error}>
      <fieldset className="sf-block">
        <legend className="sr-only">How</legend>
        <label>
          <input type="radio" name="how" checked={how === 'roll'} onChange={() => setHow('roll')} /> Each side rolls a d20
        </label>
        <label>
          <input type="radio" name="how" checked={how === 'side'} onChange={() => setHow('side')} /> A side (it picks who starts):{' '}
          <select aria-label="Side" value={side} onChange={(e) => setSide(e.target.value)}>
            {view.sides.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="radio" name="how" checked={how === 'combatant'} onChange={() => setHow('combatant')} /> Someone:{' '}
          <select aria-label="Combatant" value={who} onChange={(e) => setWho(e.target.value)}>
            {view.combatants.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {how === 'roll' && (
        <div className="row-buttons">
          {view.sides.map((s) => (
            <label key={s.id}>
              {s.name}{' '}
              <input type="text" inputMode="numeric" className="sf-num" placeholder="d20" aria-label={`${s.name}'s d20 rolled at the table`} value={faces[s.name] ?? ''} onChange={(e) => setFaces({ ...faces, [s.name]: e.target.value })} />
            </label>
          ))}
        </div>
      )}
      <div className="row-buttons">
        <button type="button" className="primary" data-shortcut="n" onClick={() => void start()}>
          Start the scene <kbd aria-hidden="true">N</kbd>
        </button>
      </div>
    </StartSection>
  );
}

/** The shell of the initiative and start panels: a titled section and the engine's refusal, if any. */
function StartSection({ title, error, children }: { title: string; error: string | null; children: ReactNode }) {
  return (
    <section className="panel initiative" aria-labelledby="init-h">
      <h2 id="init-h">{title}</h2>
      {children}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
