import { formatRoll } from '../../dice/index.ts';
import type { RollResult } from '../../dice/index.ts';
import type { EngineEvent, LogText } from '../../core/index.ts';
import { list, optional, ref, said, sideRef } from '../../core/index.ts';
import type { PopcornEvent } from './events.ts';
import type { PopcornEncounter } from './state.ts';

const rolled = (r: RollResult | undefined): string => (r ? ` (${formatRoll(r)})` : '');
const segs = (n: number): string => `${n} segment${n === 1 ? '' : 's'}`;

/** The log line of each module event, from the state before it. */
export function describePopcorn(event: EngineEvent, s: PopcornEncounter): LogText | null {
  const e = event as PopcornEvent;
  const n = (id: string | null): string => (id === null ? 'nobody' : ref(id));
  switch (e.type) {
    case 'popcorn/scene-started':
      return { text: 'The scene begins.' };
    case 'popcorn/sides-rolled': {
      const rolls = list(e.rolls.map((r) => `${sideRef(r.side)} ${formatRoll(r.roll)}`), { sep: '; ', min: 1 });
      const again = e.attempt > 1 ? ' again' : '';
      const outcome = e.winner ? `the initiative goes to the ${sideRef(e.winner)}` : 'a tie: the tied sides roll again';
      return { text: `Each side rolls${again} for the initiative: ${rolls}; ${outcome}.` };
    }
    case 'popcorn/luck-rolled':
      return { text: `${n(e.combatant)} rolls the Luck Die (${formatRoll(e.roll)}): starting Instant Karma ${e.roll.total}.` };
    case 'popcorn/pools-set-aside':
      return { text: `Reaction Pools set aside: ${e.pools.length > 0 ? list(e.pools.map((p) => `${n(p.combatant)} ${p.size}`), { min: 1 }) : 'none'}.` };
    case 'popcorn/side-picks':
      return { text: `The initiative goes to the ${sideRef(e.side)}, who pick who starts.` };
    case 'popcorn/initiative':
      if (e.how === 'gm') return { text: `The GM gives the initiative to ${n(e.to)}.` };
      if (e.how === 'pick') return { text: `${n(e.to)} is picked by the ${sideRef(e.side ?? '')} to start with the initiative.` };
      return { text: `${n(e.to)} has the initiative, first in round ${s.round}.` };
    case 'popcorn/passed':
      return { text: e.from === null ? `The GM passes the initiative to ${n(e.to)}.` : `${n(e.from)} passes the initiative to ${n(e.to)}.` };
    case 'popcorn/held':
      return { text: `${n(e.actor)} holds and passes the initiative to ${n(e.to)}${e.toAlly ? ' (no opponent can act: an ally)' : ''}.` };
    case 'popcorn/first-chosen': {
      const who = e.from === null ? 'The GM' : n(e.from);
      const waiting = e.waiting ? ' keeps waiting on the conditional action and' : '';
      const end = `Nobody else can act in round ${e.round - 1}.`;
      if (e.to === null) return { text: `${end} Nobody can go first in round ${e.round} yet.` };
      const whom = e.to === e.from ? '' : ` ${n(e.to)}`;
      return { text: `${end} ${who}${waiting} chooses${whom} to go first in round ${e.round}.` };
    }
    case 'popcorn/segment-ended': {
      if (e.ticks.length === 0) return null;
      const parts = e.ticks.map((t) => {
        const label = s.module.pending[t.actor]?.label ?? 'delayed action';
        return t.left === 0 ? `${n(t.actor)}'s ${label} is due: it takes effect before the next action` : `${n(t.actor)}'s ${label}: ${segs(t.left)} left`;
      });
      return { text: `${list(parts, { sep: '; ', min: 1 })}.` };
    }
    case 'popcorn/acted':
      return { text: e.label !== undefined ? `${n(e.actor)}: ${e.label}${rolled(e.roll)}.` : `${n(e.actor)} takes the action${rolled(e.roll)}.` };
    case 'popcorn/delayed': {
      const when = e.timing === 'segments' ? `after ${segs(e.segments ?? 0)}` : 'at their discretion';
      return { text: `${n(e.actor)} declares a delayed action: ${e.label}, taking effect ${when}.` };
    }
    case 'popcorn/delayed-completed': {
      const when = e.before ? optional(`, before ${n(e.before)} acts`) : e.after ? optional(`, after ${n(e.after)}'s action`) : e.atRoundEnd ? ' at the end of the round' : '';
      const early = e.early ? ' (early, by the GM)' : '';
      const refresh = e.refreshed ? `; ${n(e.actor)}'s initiative refreshes` : '';
      return { text: `${n(e.actor)}'s delayed action takes effect${when}${early}: ${e.label}${rolled(e.roll)}${refresh}.` };
    }
    case 'popcorn/conditional':
      return { text: `${n(e.actor)} declares a conditional action: ${e.label}, when ${e.trigger}.` };
    case 'popcorn/conditional-fired': {
      const before = e.before ? optional(`, ahead of ${n(e.before)}'s action`) : '';
      const uses = e.usesInitiative ? `; it uses ${n(e.actor)}'s initiative for round ${s.round}` : '';
      const note = e.note ? ` — ${e.note}` : '';
      return { text: `${n(e.actor)}'s conditional action goes off before its trigger (${e.trigger})${before}: ${e.label}${rolled(e.roll)}${note}${uses}.` };
    }
    case 'popcorn/abandoned': {
      const why = e.reason === 'acted' ? ' to take another action' : e.reason === 'round-end' ? ' at the end of the round (initiative refreshes normally)' : '';
      const refresh = e.refreshed ? `; ${n(e.actor)} can be passed the initiative this round` : '';
      return { text: `${n(e.actor)} abandons the ${e.kind} action (${e.label})${why}${refresh}.` };
    }
    case 'popcorn/reacted':
      return { text: reacted(e, n) };
    case 'popcorn/end-choice': {
      const p = s.module.pending[e.actor];
      return { text: `${n(e.actor)} continues ${p?.label ?? 'the action'} into round ${s.round + 1}.` };
    }
    case 'popcorn/step':
      return {
        text:
          e.step === 3
            ? `Round ${e.round}, step 3: uncompleted actions (${list((e.waiting ?? []).map((id) => `${n(id)}'s ${s.module.pending[id]?.label ?? ''}`))}).`
            : `Round ${e.round}, steps 4 and 5: Health Checks, then other rolls and events.`,
      };
    case 'popcorn/health-check': {
      const outcome = e.passed === undefined ? '' : e.passed ? ': passed' : ': failed';
      return { text: `${n(e.actor)} makes a Health Check${rolled(e.roll)}${outcome}${e.note ? ` — ${e.note}` : ''}.` };
    }
    case 'popcorn/refreshed': {
      const pools = list(e.pools.map((p) => `${n(p.combatant)} ${p.from} → ${p.to}`), { lead: ' (', one: ')', many: ')' });
      const up = list(e.stayUp.map(n), { lead: ' ', one: ' stays face up (delayed action under way).', many: ' stay face up (delayed action under way).' });
      return { text: `Initiative and Reaction Pools refresh${pools}.${up}` };
    }
    case 'popcorn/pool-resized':
      return { text: `${n(e.combatant)}'s Reaction Pool is now ${e.value}/${e.size}.` };
    case 'popcorn/acted-set':
      return { text: e.acted ? `The GM flips ${n(e.combatant)}'s card face up: no action this round.` : `The GM flips ${n(e.combatant)}'s card face down: ${n(e.combatant)} can act again this round.` };
    default:
      return null;
  }
}

function reacted(e: Extract<PopcornEvent, { type: 'popcorn/reacted' }>, n: (id: string) => string): string {
  const who = n(e.actor);
  // A reaction a player asked for: the label is the player's words, which players read as written.
  const label = e.labelBy === 'player' ? said(e.label) : e.label;
  if (e.outcome === 'automatic-failure') return `${who} reacts: ${label} — the Reaction Pool is empty and no other dice apply: it automatically fails.`;
  if (e.kind === 'passive') return `${who} reacts passively: ${label}${rolled(e.roll)}; no reaction die used.`;
  if (e.kind === 'action') return `${who} reacts with the action: ${label}${rolled(e.roll)}; no reaction die lost, ${who}'s turn is used.`;
  const pool = e.pool ? `; Reaction Pool ${e.pool.from} → ${e.pool.to}` : '; Reaction Pool empty, other dice only';
  return `${who} reacts: ${label}${rolled(e.roll)}${pool}.`;
}
