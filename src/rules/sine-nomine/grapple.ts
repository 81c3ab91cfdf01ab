import { reject } from '../../core/index.ts';
import type { Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { opposedStrExert } from './checks.ts';
import { pay } from './economy.ts';
import { endGrapple } from './grapple-upkeep.ts';
import { GRAPPLED, grapplesBy, grapplesOn, hasCondition, nameOf, PRONE } from './query.ts';
import type { Grapple } from './state.ts';
import { checkOwnTurn } from './who-may-act.ts';

type D = Decision<EngineEvent>;

/** Own turn, the Main action, an adjacent living foe: what shove, grapple and break-free share. */
function mainAgainst(b: Builder, actor: string, target: string, what: string): D | { begin: boolean; spends: { main?: string } } {
  const s = b.state;
  const code = what.replace(/ /g, '-');
  if (actor === target) return reject(`${code}/self`, `${nameOf(s, actor)} cannot ${what} itself.`);
  const turn = checkOwnTurn(s, b.game, actor);
  if (!turn.ok) return turn.decision;
  if (s.combatants[target]!.defeated) return reject(`${code}/target-defeated`, `${nameOf(s, target)} is already defeated.`);
  const p = pay(s, b.game, actor, 'main', what);
  if (!p.ok) return p.decision;
  return { begin: turn.begin, spends: p.spends };
}

/** Shove (Main): opposed Str/Exert; the winner pushes the target back 5 feet or knocks it prone. */
export function shove(b: Builder, actor: string, target: string, effect: 'push' | 'prone'): D {
  const ok = mainAgainst(b, actor, target, 'shove');
  if ('ok' in ok) return ok;
  if (ok.begin) b.push({ type: 'turn-started', actors: [actor] });
  const { attack, defense, won } = opposedStrExert(b, actor, target);
  b.emit('shoved', { actor, target, attack, defense, success: won, effect, spends: ok.spends });
  if (won && effect === 'prone' && !hasCondition(b.state.combatants[target]!, PRONE)) {
    b.addCondition(target, PRONE, { kind: 'until-removed' }, { note: `knocked down by ${nameOf(b.state, actor)}` });
  }
  return b.done();
}

/** Grapple (Main): opposed Str/Exert; the target is Grappled: it cannot move or use actions that need free hands. */
export function grapple(b: Builder, actor: string, target: string): D {
  const s = b.state;
  if (grapplesOn(s, actor).length > 0) {
    return reject('cwn/grappled', `${nameOf(s, actor)} is grappled: grappling needs free hands. Break free first (break-free).`);
  }
  if (grapplesBy(s, actor).some((g) => g.target === target)) {
    return reject('grapple/already', `${nameOf(s, actor)} is already grappling ${nameOf(s, target)}: maintain it (act maintain-grapple).`);
  }
  const ok = mainAgainst(b, actor, target, 'grapple');
  if ('ok' in ok) return ok;
  if (ok.begin) b.push({ type: 'turn-started', actors: [actor] });
  const { attack, defense, won } = opposedStrExert(b, actor, target);
  b.emit('grappled', { actor, target, attack, defense, success: won, round: s.round, spends: ok.spends });
  if (won && !hasCondition(b.state.combatants[target]!, GRAPPLED)) {
    b.addCondition(target, GRAPPLED, { kind: 'until-removed' }, { note: `held by ${nameOf(s, actor)}` });
  }
  return b.done();
}

function holdOn(b: Builder, target: string, grappler: string | undefined, own: boolean): Grapple | string {
  const s = b.state;
  const holds = own ? grapplesBy(s, target) : grapplesOn(s, target);
  const who = nameOf(s, target);
  if (holds.length === 0) return own ? `${who} is not grappling anyone.` : `${who} is not grappled.`;
  if (grappler === undefined) {
    if (holds.length === 1) return holds[0]!;
    const names = holds.map((g) => nameOf(s, own ? g.target : g.grappler)).join(', ');
    return own ? `${who} holds several: say which (target): ${names}.` : `${who} is held by several: say whose grip (target): ${names}.`;
  }
  return holds.find((g) => (own ? g.target : g.grappler) === grappler) ?? (own ? `${who} is not grappling ${nameOf(s, grappler)}.` : `${nameOf(s, grappler)} is not grappling ${who}.`);
}

/** Break free (Main): opposed Str/Exert against the grappler; the grappler wins ties. */
export function breakFree(b: Builder, actor: string, grappler: string | undefined): D {
  const g = holdOn(b, actor, grappler, false);
  if (typeof g === 'string') return reject('grapple/none', g);
  const ok = mainAgainst(b, actor, g.grappler, 'break free');
  if ('ok' in ok) return ok;
  if (ok.begin) b.push({ type: 'turn-started', actors: [actor] });
  const { attack, defense, won } = opposedStrExert(b, actor, g.grappler);
  b.emit('broke-free', { actor, target: g.grappler, attack, defense, success: won, spends: ok.spends });
  if (won) endGrapple(b, g, 'grapple-ended', 'broke free');
  return b.done();
}

/** Maintain (a Move action, or the Main spent as a Move when the Move is gone), once each round after the first. */
export function maintainGrapple(b: Builder, actor: string, target: string | undefined): D {
  const s = b.state;
  const g = holdOn(b, actor, target, true);
  if (typeof g === 'string') return reject('grapple/none', g);
  const turn = checkOwnTurn(s, b.game, actor);
  if (!turn.ok) return turn.decision;
  const who = `${nameOf(s, actor)}'s grapple on ${nameOf(s, g.target)}`;
  if (g.since === s.round) return reject('grapple/fresh', `${who} was made this round: it needs maintaining from next round.`);
  if (g.maintained === s.round) return reject('grapple/maintained', `${who} is already maintained this round.`);
  const p = pay(s, b.game, actor, 'move-or-main', 'maintain grapple');
  if (!p.ok) return p.decision;
  if (turn.begin) b.push({ type: 'turn-started', actors: [actor] });
  b.emit('grapple-maintained', { actor, target: g.target, round: s.round, spends: p.spends });
  return b.done();
}

/** Release (a free action on the grappler's turn). */
export function releaseGrapple(b: Builder, actor: string, target: string | undefined): D {
  const g = holdOn(b, actor, target, true);
  if (typeof g === 'string') return reject('grapple/none', g);
  const turn = checkOwnTurn(b.state, b.game, actor);
  if (!turn.ok) return turn.decision;
  if (turn.begin) b.push({ type: 'turn-started', actors: [actor] });
  endGrapple(b, g, 'grapple-released');
  return b.done();
}
