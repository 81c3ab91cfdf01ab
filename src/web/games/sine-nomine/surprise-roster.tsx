import type { EncounterView } from '../../../core/index.ts';
import { useGm } from '../../gm/context.ts';

type Dict = Record<string, unknown>;

interface Props {
  readonly how: 'roll' | 'declare';
  readonly ambushers: readonly string[];
  readonly targets: readonly string[];
  setAmbushers(ids: readonly string[]): void;
  setTargets(ids: readonly string[]): void;
}

/** Why a combatant cannot be ticked as one who might be surprised, in the GM's words (null: it can). */
export function cannotBeSurprised(view: EncounterView, id: string): string | null {
  const c = view.combatants.find((x) => x.id === id);
  if (!c) return null;
  const m = (view.module ?? {}) as Dict;
  const surprised = Array.isArray(m.surprised) ? (m.surprised as string[]) : [];
  if (view.rules === 'swn') return surprised.includes(id) ? 'already surprised' : null;
  if (surprised.includes(c.side)) return 'side already surprised';
  if (Array.isArray(m.anticipating) && (m.anticipating as string[]).includes(c.side)) return 'side anticipating combat';
  return c.stats.surpriseImmune === true ? 'immune to surprise' : null;
}

const without = (list: readonly string[], ids: readonly string[]) => list.filter((x) => !ids.includes(x));
const adding = (list: readonly string[], ids: readonly string[]) => [...without(list, ids), ...ids];

/**
 * Who ambushes and who might be surprised, side by side: a tick per combatant in each column, and one per
 * side for all its members. Nobody is in both columns; in Cities Without Number (surprise per side) the
 * ones who might be surprised are of one side, so ticking one of another side starts afresh there.
 */
export function SurpriseRoster({ how, ambushers, targets, setAmbushers, setTargets }: Props) {
  const { view } = useGm();
  const perSide = view.rules === 'cwn';
  const sideOf = (id: string) => view.combatants.find((c) => c.id === id)?.side;
  const ambush = (ids: readonly string[], on: boolean) => {
    setAmbushers(on ? adding(ambushers, ids) : without(ambushers, ids));
    if (on) setTargets(without(targets, ids));
  };
  const target = (ids: readonly string[], on: boolean) => {
    const side = sideOf(ids[0] ?? '');
    const kept = perSide && on ? targets.filter((t) => sideOf(t) === side) : targets;
    setTargets(on ? adding(kept, ids) : without(kept, ids));
    if (on) setAmbushers(without(ambushers, ids));
  };
  const declared = how === 'declare';
  return (
    <table className="init-table surprise-table">
      <caption className="sr-only">Who ambushes and who might be surprised</caption>
      <thead>
        <tr>
          <th scope="col">Who</th>
          <th scope="col">Ambushes</th>
          <th scope="col">{declared ? 'Surprised' : 'Might be surprised'}</th>
        </tr>
      </thead>
      {view.sides.map((side) => {
        const members = view.combatants.filter((c) => c.side === side.id && !c.defeated);
        if (members.length === 0) return null;
        const ids = members.map((c) => c.id);
        const open = ids.filter((id) => cannotBeSurprised(view, id) === null);
        return (
          <tbody key={side.id}>
            <tr className="surprise-side">
              <th scope="row">{side.name}: all</th>
              <td>
                <input type="checkbox" aria-label={`All of the ${side.name} ambush`} disabled={declared} checked={!declared && ids.every((id) => ambushers.includes(id))} onChange={(e) => ambush(ids, e.target.checked)} />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`All of the ${side.name} ${declared ? 'are surprised' : 'might be surprised'}`}
                  disabled={open.length === 0}
                  checked={open.length > 0 && open.every((id) => targets.includes(id))}
                  onChange={(e) => target(open, e.target.checked)}
                />
              </td>
            </tr>
            {members.map((c) => {
              const why = cannotBeSurprised(view, c.id);
              return (
                <tr key={c.id}>
                  <th scope="row" className="surprise-who">
                    {c.name} {c.kind === 'pc' && <span className={`kind kind-${c.kind}`}>PC</span>}
                    {c.hidden && <span className="tag">hidden</span>}
                    {why && <small className="muted"> {why}</small>}
                  </th>
                  <td>
                    <input type="checkbox" aria-label={`${c.name} ambushes`} disabled={declared} checked={!declared && ambushers.includes(c.id)} onChange={(e) => ambush([c.id], e.target.checked)} />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${c.name} ${declared ? 'is surprised' : 'might be surprised'}`}
                      disabled={why !== null}
                      title={why ?? undefined}
                      checked={targets.includes(c.id)}
                      onChange={(e) => target([c.id], e.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        );
      })}
    </table>
  );
}
