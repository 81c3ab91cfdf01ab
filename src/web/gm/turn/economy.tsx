import type { EncounterView } from '../../../core/index.ts';
import { surpriseOf } from '../setup/surprise-words.ts';

interface Chip {
  readonly label: string;
  readonly state: 'free' | 'used' | 'info' | 'warn';
  readonly title?: string;
}

/** Reading the module state as plain data; every field is checked before use. */
type Dict = Record<string, unknown>;
const dict = (x: unknown): Dict => (x && typeof x === 'object' ? (x as Dict) : {});
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

function sineNomine(view: EncounterView, id: string): Chip[] {
  const spent = dict(dict(dict(view.module).spent)[id]);
  const mains = list(spent.mains).map(String);
  const moves = list(spent.moves).map(String);
  const surprised = surpriseOf(view, id);
  return [
    ...(surprised ? [{ label: 'Surprised: Instant actions only', state: 'warn' as const, title: surprised }] : []),
    { label: 'Main', state: mains.length ? 'used' : 'free', ...(mains.length ? { title: `Used: ${mains.join(', ')}` } : {}) },
    { label: 'Move', state: moves.length ? 'used' : 'free', ...(moves.length ? { title: `Used: ${moves.join(', ')}` } : {}) },
    ...(surprised ? [] : [{ label: 'On Turn: any', state: 'info' as const }]),
    { label: 'Instant: any', state: 'info' },
  ];
}

function kuro(view: EncounterView, id: string): Chip[] {
  const m = dict(view.module);
  const actions = Number(dict(m.actions)[id] ?? 0);
  const taken = list(dict(m.acted)[id]).length;
  const init = dict(dict(m.initiative)[id]).total;
  const declared = dict(m.declared)[id];
  return [
    { label: `Actions this game turn: ${Math.max(actions - taken, 0)} of ${actions} left`, state: actions - taken > 0 ? 'free' : 'used' },
    { label: declared === undefined ? 'Phase action: free' : `Phase action: ${String(declared)}`, state: declared === undefined ? 'free' : 'used' },
    ...(typeof init === 'number' ? [{ label: `Initiative ${init}`, state: 'info' as const }] : []),
  ];
}

function fallout(view: EncounterView, id: string): Chip[] {
  const m = dict(view.module);
  const turn = dict(m.turn);
  const pools = dict(m.pools);
  const mine = turn.actor === id;
  const minor = mine ? Number(turn.minor ?? 0) : 0;
  const major = mine ? Number(turn.major ?? 0) : 0;
  return [
    { label: `Minor ${minor}/2`, state: minor === 0 ? 'free' : 'used', title: 'One minor action free; a second costs 1 AP.' },
    { label: `Major ${major}/2`, state: major === 0 ? 'free' : 'used', title: 'One major action free; a second costs 2 AP and its test is 1 harder.' },
    { label: `Party AP ${Number(pools.party ?? 0)}`, state: 'info' },
    { label: `GM AP ${Number(pools.gm ?? 0)}`, state: 'info' },
  ];
}

function popcorn(view: EncounterView, id: string): Chip[] {
  const m = dict(view.module);
  const acted = list(m.acted).includes(id);
  const c = view.combatants.find((x) => x.id === id);
  const pool = c?.tracks.reactionPool;
  const pending = dict(dict(m.pending)[id]);
  return [
    { label: acted ? 'Card face up (acted)' : 'Card face down (may act)', state: acted ? 'used' : 'free' },
    ...(pool ? [{ label: `Reaction Pool ${pool.value}/${pool.max ?? pool.value}`, state: pool.value > 0 ? ('free' as const) : ('used' as const) }] : []),
    ...(pending.label ? [{ label: `${String(pending.kind)}: ${String(pending.label)}${pending.left !== undefined ? ` (${String(pending.left)} segments)` : ''}`, state: 'info' as const }] : []),
  ];
}

/** What a combatant may still do this turn, in the game's words. */
export function Economy({ view, id }: { view: EncounterView; id: string }) {
  const chips =
    view.rules === 'swn' || view.rules === 'cwn'
      ? sineNomine(view, id)
      : view.rules === 'kuro'
        ? kuro(view, id)
        : view.rules === 'fallout'
          ? fallout(view, id)
          : view.rules === 'popcorn'
            ? popcorn(view, id)
            : [];
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
