import type { EncounterView, RoundTrack, Slot } from '../../../core/index.ts';
import { nameOf, useGm } from '../context.ts';
import { MoveButtons, useOrderMoves } from './order-drag.tsx';
import type { OrderMoves } from './order-drag.tsx';
import { gmGame } from '../games.ts';
import { Portrait, useFightPortraits } from './portraits.tsx';

type Dict = Record<string, unknown>;

export function trackOf(view: EncounterView): RoundTrack | null {
  const t = (view.module as Dict | null)?.track as RoundTrack | undefined;
  return t && Array.isArray(t.slots) ? t : null;
}

/**
 * An initiative order kept as slots (Sine Nomine, Fallout, custom): one row per slot, sides with their
 * members, the tie-break that placed a slot on hover, the current slot marked without moving anything.
 * The GM may drag a slot to another place, or move it with its buttons or Alt+ArrowUp/Down; Fallout's
 * combatants in a tie not yet ordered are put in order in the tie's box above (games/fallout/order-tie.tsx).
 */
export function SlotOrder({ track, caption }: { track: RoundTrack; caption?: string }) {
  const gm = useGm();
  const { view } = gm;
  const done = new Set(track.done);
  const able = (id: string) => view.combatants.some((c) => c.id === id && !c.defeated);
  const tied = new Set(gmGame(view.rules).tiedIn?.(view.module, able) ?? []);
  const moves = useOrderMoves(track.slots, false, tied);
  const portraits = useFightPortraits();
  return (
    <ol className="order" aria-label={caption ?? 'Initiative order'}>
      {track.slots.map((slot, i) => (
        <SlotRow key={slot.key} slot={slot} index={i} last={i === track.slots.length - 1} current={slot.key === track.current && view.status !== 'ended'} active={track.active} done={done} view={view} moves={moves} tied={tied.has(slot.members[0] ?? '')} portraits={portraits} />
      ))}
    </ol>
  );
}

interface RowProps {
  slot: Slot;
  index: number;
  last: boolean;
  current: boolean;
  active: string | null;
  done: ReadonlySet<string>;
  view: EncounterView;
  moves: OrderMoves;
  /** In a Fallout tie not yet ordered: moved in the tie's box, not here. */
  tied: boolean;
  /** Combatant id -> portrait (a campaign's fight). */
  portraits: ReadonlyMap<string, string>;
}

function SlotRow({ slot, index, last, current, active, done, view, moves, tied, portraits }: RowProps) {
  const gm = useGm();
  const allDone = slot.members.length > 0 && slot.members.every((m) => done.has(m));
  const members = slot.members.map((m) => view.combatants.find((c) => c.id === m));
  const down = members.length > 0 && members.every((c) => c?.defeated);
  const hidden = members.length > 0 && members.every((c) => c?.hidden);

  const mover = tied ? undefined : slot.members[0];
  const { className: moving, ...drag } = moves.row(index, mover);
  const cls = ['slot', `slot-${slot.kind}`, current ? 'slot-current' : '', allDone ? 'slot-done' : '', down ? 'slot-down' : '', hidden ? 'slot-hidden' : '', moving, tied && moves.enabled ? 'movable' : ''].filter(Boolean).join(' ');
  const label = slot.kind === 'side' ? (slot.label ?? 'Side') : slot.members.map((m) => nameOf(view, m)).join(' & ');
  const tie = slot.tieBreak;
  return (
    <li className={cls} aria-current={current ? 'step' : undefined} title={tie ? `Tie-break: ${tie}` : tied ? 'Tied: put them in order in the box above' : undefined} data-slot={slot.key} {...drag}>
      <span className="slot-init" aria-label="initiative">
        {slot.initiative ?? '–'}
      </span>
      <span className="slot-body">
        <span className="slot-label">
          {slot.kind === 'actor' && <Portrait url={portraits.get(slot.members[0] ?? '')} />}
          {slot.kind === 'actor' ? (
            <button type="button" className="link name" data-move-focus={slot.members[0]} onClick={() => gm.setFocus(slot.members[0] ?? null)}>
              {label}
            </button>
          ) : (
            label
          )}
          {slot.kind === 'group' && <span className="tag">together</span>}
          {hidden && <span className="tag">hidden</span>}
          {down && <span className="tag bad">defeated</span>}
          {tie && (
            <span className="tag tie" aria-label={`Tie-break: ${tie}`}>
              tie
            </span>
          )}
        </span>
        {slot.kind !== 'actor' && (
          <ul className="slot-members">
            {slot.members.map((m) => (
              <li key={m} className={m === active && current ? 'member acting' : done.has(m) ? 'member done' : 'member'}>
                <Portrait url={portraits.get(m)} />
                <button type="button" className="link name" data-move-focus={m} onClick={() => gm.setFocus(m)}>
                  {nameOf(view, m)}
                </button>
                {m === active && current ? ' ◂ acting' : done.has(m) ? ' ✓' : ''}
              </li>
            ))}
          </ul>
        )}
      </span>
      <span className="slot-state">{current ? 'now' : allDone ? 'done' : `#${index + 1}`}</span>
      {mover && <MoveButtons moves={moves} id={mover} label={label} first={index === 0} last={last} />}
      {tied && moves.enabled && <span className="move-buttons" aria-hidden="true" />}
    </li>
  );
}
