import { useRef } from 'react';
import { actorsOf } from '../../../core/index.ts';
import { groupTargets } from './action-groups.ts';
import type { ShownAction } from './action-groups.ts';
import { TurnKeys, turnOf } from './action-keys.ts';
import { nameOf, useGm } from '../context.ts';
import { Economy } from './economy.tsx';
import { openAction, runAction } from './run-action.ts';
import { useScrollEdges } from '../order/scroll-edges.ts';
import { useSteadyHeight } from '../order/steady-height.ts';
import { shownNow } from './turn-shown.ts';

/**
 * What the combatant acting now (or the one the GM picked in the roster) may do: the legal actions as
 * buttons, each with its key, and the rest folded away with the engine's reason. An action keeps its
 * key for the whole turn (action-keys.ts): one done or no longer possible keeps its key to itself.
 * Fallout's attacks, one per target and weapon in the rules, show as one per weapon (action-groups.ts),
 * which opens the targets to choose from (target-dialog.tsx).
 */
export function ActionsPanel() {
  const gm = useGm();
  const { view } = gm;
  const acting = actorsOf(view.now);
  // Whoever acts (in a tie, the next still to declare; a side's last member; popcorn's passer: turn-shown.ts).
  const who = gm.focus ?? shownNow(view);
  const c = who ? view.combatants.find((x) => x.id === who) : undefined;
  const tabs = [...new Set([...acting, ...(gm.focus ? [gm.focus] : [])])];
  // As tall as the longest list shown so far (up to 30 rem): the next combatant's shorter one moves nothing below.
  const panel = useRef<HTMLElement>(null);
  useSteadyHeight(panel, 30);
  // Handed out at the start of each turn and kept while it lasts (idempotent: the same list, the same keys).
  const turnKeys = useRef<TurnKeys>(null);
  turnKeys.current ??= new TurnKeys();
  const shown = c ? groupTargets(view.rules, c.actions, (id) => nameOf(view, id)) : [];
  const keys = c ? turnKeys.current.keysFor(turnOf(view), c.id, shown) : [];
  return (
    <section ref={panel} className="panel actions" aria-labelledby="actions-h">
      <div className="panel-head">
        <h2 id="actions-h">{c ? `${c.name}'s actions` : 'Actions'}</h2>
        {tabs.length > 1 && (
          <div className="tabs" role="tablist" aria-label="Whose actions">
            {tabs.map((id) => (
              <button key={id} type="button" role="tab" aria-selected={id === who} className={id === who ? 'tab on' : 'tab'} onClick={() => gm.setFocus(id)}>
                {nameOf(view, id)}
              </button>
            ))}
          </div>
        )}
        {gm.focus && (
          <>
            <button
              type="button"
              className={gm.pinned ? 'small pin on' : 'small pin'}
              aria-pressed={gm.pinned}
              title="Keep showing them when the turn moves on"
              onClick={() => gm.setPinned(!gm.pinned)}
            >
              {gm.pinned ? 'Pinned' : 'Pin'} <kbd aria-hidden="true">P</kbd>
            </button>
            <button type="button" className="link" onClick={() => gm.setFocus(null)}>
              back to who acts now
            </button>
          </>
        )}
      </div>
      {c ? <ActionList key={c.id} id={c.id} name={c.name} options={shown} keys={keys} /> : <p className="muted">Nobody is acting. Pick a combatant in the roster to see what they may do.</p>}
    </section>
  );
}

function ActionList({ id, name, options, keys }: { id: string; name: string; options: readonly ShownAction[]; keys: readonly (string | undefined)[] }) {
  const gm = useGm();
  // A weapon's attack opens its targets to choose from; any other action goes on as the rules give it.
  const run = (o: ShownAction, form: boolean) => {
    if (o.targets) gm.open({ kind: 'targets', title: `${name}: ${o.label}`, who: name, choices: o.targets, form });
    else if (form) openAction(gm, o, name);
    else runAction(gm, o, name);
  };
  const keyed = options.map((o, i) => ({ o, key: keys[i] }));
  const legal = keyed.filter((a) => a.o.legal);
  const illegal = keyed.filter((a) => !a.o.legal);
  // Past the panel's largest size the list scrolls: a hint says more is below (and scrolls to it).
  const grid = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(grid, legal.length);
  return (
    <>
      <Economy view={gm.view} id={id} />
      <div ref={grid} className={['action-grid', edges.above ? 'more-above' : '', edges.below ? 'more-below' : ''].filter(Boolean).join(' ')} data-testid="legal-actions">
        {legal.length === 0 && <p className="muted">Nothing {name} may do right now.</p>}
        {legal.map(({ o, key }) => (
          <span key={`${o.command}-${o.label}`} className="action">
            <button type="button" className="action-main" data-shortcut={key} aria-keyshortcuts={key?.toUpperCase()} aria-haspopup={o.targets ? 'dialog' : undefined} onClick={() => run(o, false)}>
              {key && <kbd aria-hidden="true">{key.toUpperCase()}</kbd>}
              <span>{o.label}</span>
              {o.cost && <small className="cost">{o.cost}</small>}
            </button>
            <button type="button" className="action-more icon" aria-label={`${o.label}: more options`} title="With a label, a note or the dice rolled at the table" onClick={() => run(o, true)}>
              …
            </button>
          </span>
        ))}
      </div>
      {edges.below && (
        <button type="button" className="link scroll-hint" onClick={() => grid.current?.scrollBy({ top: grid.current.clientHeight * 0.8, behavior: 'smooth' })}>
          more actions below ↓
        </button>
      )}
      {illegal.length > 0 && (
        <details className="illegal">
          <summary>Not possible now ({illegal.length})</summary>
          <ul>
            {illegal.map(({ o, key }) => (
              <li key={`${o.command}-${o.label}`}>
                {key && (
                  <>
                    <kbd aria-hidden="true">{key.toUpperCase()}</kbd>{' '}
                  </>
                )}
                <span className="illegal-label">{o.label}</span> <span className="muted">{o.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
