import { Dialog } from '../../shared/dialog.tsx';
import { gameShortcuts } from '../games.ts';
import type { Shortcut } from '../games.ts';

export type { Shortcut };

/** Every shortcut of the GM screen, as the help overlay lists them; the games' own (their gm.ts `shortcuts`) after the order's. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'N', what: "Next, as its button says: end the acting combatant's turn, start the next round, or start the fight; in a tie, show who has still to declare" },
  { keys: '1 – 9, 0, B E F G L M O Q V W Z', what: 'The actions of the combatant shown: the key on each button, kept for the whole turn (an action done or no longer possible keeps its key)' },
  { keys: 'Shift+1 – 9', what: 'The choices of the turn panel: who of a side acts, a tie, a pass, the GM’s decision' },
  { keys: 'I', what: 'Roll initiative for everyone' },
  { keys: 'J / K', what: 'Show the next / previous combatant (their actions, damage and heal)' },
  { keys: 'P', what: 'Pin the combatant shown (else the actions follow the turn)' },
  { keys: 'X', what: 'Tick or untick the combatant shown' },
  { keys: 'Alt+↑ / Alt+↓', what: 'Move the combatant shown (or the order row with the focus) up / down the initiative order; the turn stays where it is' },
  ...gameShortcuts(),
  { keys: 'Y', what: "Accept the first player's request" },
  { keys: 'U or Ctrl+Z', what: 'Undo the last command' },
  { keys: 'R or Ctrl+Shift+Z', what: 'Redo' },
  { keys: 'D', what: 'Damage the ticked combatants: type the amount, Enter' },
  { keys: 'H', what: 'Heal the ticked combatants: type the amount, Enter' },
  { keys: 'C', what: 'Add a condition to the ticked combatants' },
  { keys: 'A', what: 'Add a combatant (type "4 x Thug" for four)' },
  { keys: 'S', what: 'Share: the player link and its QR code' },
  { keys: 'Esc', what: 'Close a dialog; clear the ticks and the picked combatant' },
  { keys: '.', what: 'Pause or resume the turn clock (the turn timer, on every screen)' },
  { keys: '?', what: 'This help' },
];

/** The keyboard shortcuts (?); `useShortcuts` in shortcuts.ts binds them. */
export function HelpOverlay({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <th scope="row">
                <kbd>{s.keys}</kbd>
              </th>
              <td>{s.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Shortcuts wait while you type in a field (not after ticking a box). A key pressed as soon as the screen shows, while it still loads, is kept and done. Tab moves through every control; Enter or Space presses a button; in a dialog, Tab stays inside and Enter sends it (an attack rolls).</p>
    </Dialog>
  );
}
