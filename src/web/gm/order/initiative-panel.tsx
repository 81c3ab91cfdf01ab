import { Suspense, useState } from 'react';
import type { EncounterView } from '../../../core/index.ts';
import { gmGame, lazyPart } from '../games.ts';
import type { Roller } from '../games.ts';
import { useGm } from '../context.ts';
import { checkInitiativeFaces } from './initiative-faces.ts';
import { trackOf } from './order-slots.tsx';
import { StartSection } from './start-section.tsx';

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

/** Who rolls: the game's (sides in group/side initiative), else every combatant still in the fight. */
function rollers(view: EncounterView): Roller[] {
  return gmGame(view.rules).initiativeRollers?.(view) ?? view.combatants.filter((c) => !c.defeated).map((c) => ({ key: c.name, label: c.name, combatant: c.id }));
}

/**
 * Initiative: roll for everyone or for the ticked ones, or type in the faces rolled at the table; then
 * start the fight. A game may have its own start panel instead (Fallout asks who started the fight,
 * popcorn who takes the initiative first), or a step before the table (Sine Nomine's surprise): the
 * game's parts (src/web/games/<game>/gm.ts), loaded with their own chunk.
 */
export function InitiativePanel() {
  const gm = useGm();
  const game = gmGame(gm.view.rules);
  if (game.startPanel) {
    const Start = lazyPart(game.startPanel);
    return (
      <Suspense fallback={null}>
        <Start />
      </Suspense>
    );
  }
  const Step = game.setupStep ? lazyPart(game.setupStep) : null;
  return (
    <>
      {Step && (
        <Suspense fallback={null}>
          <Step />
        </Suspense>
      )}
      <RollTable />
    </>
  );
}

function RollTable() {
  const gm = useGm();
  const { view } = gm;
  const totals = initiativeOf(view);
  const rows = rollers(view);
  const box = gmGame(view.rules).initiativeDice ?? { placeholder: 'die rolled', title: 'Type the die as it shows, e.g. 6' };
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
                <input type="text" inputMode="numeric" className="sf-num" aria-label={`Faces rolled for ${r.label}`} aria-invalid={problems[r.key] ? true : undefined} aria-describedby={problems[r.key] ? `init-problem-${r.combatant ?? r.key.replace(/\W+/g, '-')}` : undefined} placeholder={box.placeholder} title={box.title} value={faces[r.key] ?? ''} onChange={(e) => setFaces({ ...faces, [r.key]: e.target.value })} />
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

