import type { EncounterView } from '../../../core/index.ts';
import { gmGame } from '../games.ts';

/** What a combatant may still do this turn, in the game's words (its gm.ts `economy`). */
export function Economy({ view, id }: { view: EncounterView; id: string }) {
  const chips = gmGame(view.rules).economy?.(view, id) ?? [];
  if (chips.length === 0) return null;
  return (
    <ul className="economy" aria-label="Still available this turn">
      {chips.map((c) => (
        <li key={c.label} className={`chip chip-${c.state}`} title={c.title}>
          {c.label}
        </li>
      ))}
    </ul>
  );
}
