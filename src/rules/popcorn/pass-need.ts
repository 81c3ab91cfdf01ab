import { carried, firstCandidates, isIn, names, nameOf, sideOf, stillToAct } from './queries.ts';
import type { PopcornEncounter } from './state.ts';

/** Someone must say who has the initiative next (the Now `pass`). */
export interface PassNeed {
  /** Who passes: null when the GM or a side chooses (the scene's start, a holder who left the fight). */
  readonly from: string | null;
  readonly candidates: readonly string[];
  /** Nobody can act any more this round: the choice is who goes first in the next round. */
  readonly endsRound: boolean;
  readonly why: 'pick' | 'after-action' | 'no-holder' | 'holder-defeated';
}

/**
 * "Once the character has completed their action, they pass the initiative to any other character
 * involved in the battle (friend or foe) who can still perform an action during the round." When nobody
 * can: "the acting player can pass the initiative to anyone who doesn't have an uncompleted delayed or
 * conditional action. That character will go first in the next round."
 */
export function passNeed(s: PopcornEncounter): PassNeed | null {
  if (s.status !== 'running') return null;
  const m = s.module;
  if (m.phase === 'pick') {
    const side = m.pickSide ?? '';
    const ofSide = stillToAct(s).filter((id) => sideOf(s, id) === side);
    return { from: null, candidates: ofSide.length > 0 ? ofSide : stillToAct(s), endsRound: false, why: 'pick' };
  }
  let why: PassNeed['why'];
  if (m.phase === 'pass') why = 'after-action';
  else if (m.phase === 'turn' && m.current === null) why = 'no-holder';
  else if (m.phase === 'turn' && !isIn(s, m.current)) why = 'holder-defeated';
  else return null;
  const from = m.current;
  const open = stillToAct(s, from);
  if (open.length > 0) return { from, candidates: open, endsRound: false, why };
  return { from, candidates: firstCandidates(s, from), endsRound: true, why };
}

/** Where a hold may go: opponents who can still act, or allies if no opponent can. */
export interface HoldTargets {
  readonly candidates: readonly string[];
  readonly toAlly: boolean;
  /** Nobody else can act: only a combatant keeping a carried conditional action may hold, ending the round. */
  readonly endsRound: boolean;
}

/**
 * "When a character decides to hold their action, they must pass the initiative to an opponent. If there
 * is no opponent who can accept the initiative, the player may pass the initiative to an ally instead."
 */
export function holdTargets(s: PopcornEncounter, actor: string): HoldTargets {
  const open = stillToAct(s, actor);
  const opponents = open.filter((id) => sideOf(s, id) !== sideOf(s, actor));
  if (opponents.length > 0) return { candidates: opponents, toAlly: false, endsRound: false };
  if (open.length > 0) return { candidates: open, toAlly: true, endsRound: false };
  const p = s.module.pending[actor];
  if (p?.kind === 'conditional' && carried(s, p)) return { candidates: firstCandidates(s, actor), toAlly: false, endsRound: true };
  return { candidates: [], toAlly: false, endsRound: false };
}

export function holdRule(s: PopcornEncounter, actor: string, t: HoldTargets): string {
  if (t.endsRound) return `nobody else can act this round, so ${nameOf(s, actor)} keeps waiting and picks who goes first next round (${names(s, t.candidates)})`;
  return t.toAlly
    ? `no opponent can accept the initiative, so it may go to an ally who can still act (${names(s, t.candidates)})`
    : `the initiative must go to an opponent who can still act (${names(s, t.candidates)})`;
}
