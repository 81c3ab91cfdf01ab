import { actorsOf } from '../../../core/index.ts';
import type { ActionOption, Command, EncounterView } from '../../../core/index.ts';
import { roundWordOf } from '../../games/index.ts';
import { nameOf } from '../context.ts';

/** What the game calls a round (Kuro's is a game turn: its roundWord). */
export function roundWord(view: EncounterView, capital = false): string {
  return roundWordOf(view.rules, capital);
}

/**
 * The "next" command: end the acting combatant's turn, or move the round on when that is what is asked;
 * between rounds (Kuro's game turns) the next round's initiative, then its start, if `allowed` (the
 * engine's dry run) says so.
 */
export function nextAction(view: EncounterView, allowed: (c: Command) => boolean = () => false): { option: ActionOption; who: string } | null {
  for (const id of actorsOf(view.now)) {
    const c = view.combatants.find((x) => x.id === id);
    const end = c?.actions.find((a) => a.command === 'end-turn' && a.legal);
    if (c && end) return { option: end, who: c.name };
  }
  if (view.now.kind === 'decision' && view.now.decision.command === 'next-round') {
    return { option: { command: 'next-round', label: 'Next round', legal: true }, who: '' };
  }
  if (view.now.kind === 'setup' && view.status === 'running') {
    if (allowed({ type: 'roll-initiative' })) return { option: { command: 'roll-initiative', label: 'Roll initiative', legal: true }, who: '' };
    if (allowed({ type: 'start' })) return { option: { command: 'start', label: `Begin ${roundWord(view)} ${view.round}`, legal: true }, who: '' };
  }
  return null;
}

/**
 * What N does, in the words on its button: exactly one of run a command (as its button would: sent, or
 * its form opened), show a combatant's actions, or say why nothing can be done yet.
 */
export interface NextStep {
  readonly label: string;
  readonly run?: { readonly option: ActionOption; readonly who: string };
  readonly show?: string;
  readonly say?: string;
}

const words = (names: readonly string[]): string => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`);

const legal = (view: EncounterView, id: string | null, command: string): ActionOption | undefined =>
  view.combatants.find((c) => c.id === id)?.actions.find((a) => a.command === command && a.legal);

/**
 * N as the screen shows it (`shown`: whose actions are on screen). It never throws away an action the GM
 * has not seen: in a tied group (Kuro: "all characters with the same initiative act at the same time")
 * it shows the next member still to declare, and with none but the one shown it says so, instead of
 * passing for him (his pass is his own button). In a game whose turn ends by acting (popcorn: no
 * end-turn) it takes the action, or says why not; while someone passes the initiative it opens the
 * choice. A side with one member left begins that member's turn. Else `nextAction`.
 */
export function nextStep(view: EncounterView, shown: string | null, allowed: (c: Command) => boolean = () => false): NextStep | null {
  const now = view.now;
  const n = (id: string) => nameOf(view, id);
  if (now.kind === 'group' && now.waiting && now.waiting.length > 0) {
    const waiting = now.waiting;
    const target = shown !== null && waiting.includes(shown) ? waiting.find((id) => id !== shown) : waiting[0];
    if (target) return { label: `Show ${n(target)}: still to declare`, show: target };
    const who = n(shown ?? waiting[0]!);
    return {
      label: `Waiting for ${who} to declare`,
      say: `${words(now.actors.map(n))} act at the same time, and ${who} has not declared an action yet: choose ${who}'s action, or "${who} passes" to do nothing this phase.`,
    };
  }
  if (now.kind === 'side' && !now.active && now.waiting.length === 1) {
    const id = now.waiting[0]!;
    const begin = legal(view, id, 'begin-turn');
    if (begin) return { label: `Begin ${n(id)}'s turn`, run: { option: begin, who: n(id) } };
  }
  if (now.kind === 'actor') {
    const c = view.combatants.find((x) => x.id === now.actor);
    if (c && !c.actions.some((a) => a.command === 'end-turn')) {
      const act = c.actions.find((a) => a.command === 'act');
      if (act?.legal) return { label: `${c.name} takes the action`, run: { option: act, who: c.name } };
      if (act) return { label: `${c.name} cannot take the action yet`, say: act.reason ?? `${c.name} cannot take the action now.` };
    }
  }
  if (now.kind === 'pass' && now.from !== null) {
    const pass = legal(view, now.from, 'pass');
    if (pass) return { label: `${n(now.from)} passes the initiative…`, run: { option: pass, who: n(now.from) } };
  }
  const next = nextAction(view, allowed);
  if (!next) return null;
  const end = next.option.command === 'end-turn';
  const label = !end ? next.option.label : now.kind === 'group' ? 'End the turn: the actions resolve together' : `End ${next.who ? `${next.who}'s ` : ''}turn`;
  return { label, run: next };
}
