import { nameOf, useGm } from '../../gm/context.ts';

/**
 * Popcorn: no order, a card per PC and lone NPC and one per NPC group with counters, face down until
 * everyone on it has acted (the module's `cards`). The one holding the initiative is marked.
 */
export function PopcornCards() {
  const gm = useGm();
  const { view, fold, encounter } = gm;
  const cards = fold.cards ? fold.cards(encounter.state) : [];
  const sideName = (id: string) => view.sides.find((s) => s.id === id)?.name ?? id;
  return (
    <div className="cards" role="list" aria-label="Initiative cards">
      {cards.map((c) => {
        const cls = ['card', c.faceUp ? 'face-up' : 'face-down', c.hasInitiative ? 'has-init' : '', c.defeated ? 'defeated' : '', c.kind === 'pc' ? 'pc' : 'npc'].filter(Boolean).join(' ');
        const state = c.defeated ? 'defeated' : c.faceUp ? 'face up: acted' : 'face down: may still act';
        return (
          <div key={c.key} role="listitem" className={cls} aria-label={`${c.label}, ${state}${c.hasInitiative ? ', has the initiative' : ''}`}>
            <div className="card-top">
              <span className="card-side">{sideName(c.side)}</span>
              {c.hasInitiative && <span className="tag hot">initiative</span>}
            </div>
            <button type="button" className="link name card-name" onClick={() => gm.setFocus(c.members.find((m) => m) ?? null)}>
              {c.label}
            </button>
            <div className="card-state">{c.faceUp ? 'acted' : 'to act'}</div>
            {c.kind === 'group' && (
              <div className="counters" aria-label={`${c.toAct} of ${c.members.length} still to act`}>
                {c.members.map((m, i) => (
                  <span key={m} className={i < c.toAct ? 'counter on' : 'counter'} title={nameOf(view, m)} />
                ))}
              </div>
            )}
            {c.pending.map((p) => (
              <div key={p} className="card-pending">
                {p}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
