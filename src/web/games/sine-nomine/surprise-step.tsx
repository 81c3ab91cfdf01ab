import { useState } from 'react';
import { useGm } from '../../gm/context.ts';
import { RulesLoading } from '../../gm/dialogs/rules-loading.tsx';
import { SurpriseDialog } from './surprise-dialog.tsx';
import { surpriseLines } from './surprise-words.ts';

const INTRO: Readonly<Record<string, string>> = {
  swn: 'An ambush? Before the fight starts: who ambushes, who might be surprised, and the odds of Dex/Sneak against Wis/Notice.',
  cwn: 'A side caught entirely unawares? Its enemies get a full free round before initiative is rolled.',
};

/**
 * The setup's surprise step (Stars and Cities Without Number, before the fight starts): who is surprised
 * and what it means, in the GM's words, and the button that opens the surprise dialog.
 */
export function SurpriseStep() {
  const gm = useGm();
  const { view } = gm;
  const [open, setOpen] = useState(false);
  if ((view.rules !== 'swn' && view.rules !== 'cwn') || view.status !== 'setup' || view.combatants.length < 2) return null;
  const lines = surpriseLines(view);
  return (
    <section className="panel surprise-step" aria-labelledby="surprise-h">
      <div className="panel-head">
        <h2 id="surprise-h">Surprise</h2>
        <button type="button" onClick={() => setOpen(true)}>
          Set up surprise…
        </button>
      </div>
      {lines.length > 0 ? (
        lines.map((l) => (
          <p key={l} className="surprise-line" role="status">
            {l}
          </p>
        ))
      ) : (
        <p className="muted">{INTRO[view.rules]}</p>
      )}
      {open && (gm.kit ? <SurpriseDialog onClose={() => setOpen(false)} /> : <RulesLoading title="Surprise" onClose={() => setOpen(false)} />)}
    </section>
  );
}

