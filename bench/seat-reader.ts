/**
 * A seated phone in the server benchmark (bench/server-your-turn.ts): it reads every message of its
 * socket as the page does and asks `turnFor` (src/web/player/your-turn.ts, the banner's own function)
 * whether its character is up.
 */
import type { PlayerView } from '../src/server/players/index.ts';
import { turnFor } from '../src/web/player/your-turn.ts';

/** A seated phone's reading of its socket: its character (from the `seat` message) and whether it is up. */
export class SeatReader {
  private me: string | null = null;
  private up = false;

  /** Reads one message; true when it made the character up (it was not before). */
  read(text: string): boolean {
    const m = JSON.parse(text) as { type: string; seat?: { combatant: string | null }; view?: PlayerView };
    if (m.type === 'seat') this.me = m.seat?.combatant ?? null;
    if ((m.type !== 'update' && m.type !== 'view') || !m.view) return false;
    const was = this.up;
    this.up = turnFor(m.view, this.me).kind === 'up';
    return this.up && !was;
  }
}
