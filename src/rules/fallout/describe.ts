import type { RollResult } from '../../dice/index.ts';
import { formatRoll } from '../../dice/index.ts';
import type { EngineEvent, LogText } from '../../core/index.ts';
import { list, optional, ref, refs } from '../../core/index.ts';
import type { FalloutEvent } from './events.ts';
import { capital, poolMax, poolName } from './pools.ts';
import type { FalloutEncounter } from './state.ts';
import type { Attribute } from './stat-enums.ts';
import { statsOf } from './stats.ts';
import { oddsText } from './tests.ts';
import type { TestResult } from './tests.ts';

const ACTION_LABEL: Record<string, string> = {
  aim: 'Aim',
  'draw-item': 'Draw Item',
  interact: 'Interact',
  move: 'Move',
  'take-chem': 'Take Chem',
  assist: 'Assist',
  attack: 'Attack',
  'command-npc': 'Command an NPC',
  defend: 'Defend',
  'first-aid': 'First Aid',
  pass: 'Pass',
  rally: 'Rally',
  ready: 'Ready',
  sprint: 'Sprint',
  test: 'Test',
};

/** The dice of a roll without the notation: "[1*, 14] = 3 successes". */
export function faces(roll: RollResult): string {
  return formatRoll(roll).replace(/^[^:]*: /, '').replace(/ \([^()]*\)$/, '');
}

function skillName(skill: string): string {
  return skill.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** "AGI 7 + Small Guns 3 = 10 (tag)", "2 successes needed: 71%", the dice and the outcome. */
export function describeTest(state: FalloutEncounter, t: TestResult): string {
  const c = state.combatants[t.actor];
  const attr = c ? statsOf(c)[t.attribute as Attribute] : undefined;
  const sum = attr === undefined ? `${t.attribute.toUpperCase()} + ${skillName(t.skill)} = ${t.target}` : `${t.attribute.toUpperCase()} ${attr} + ${skillName(t.skill)} ${t.target - attr} = ${t.target}`;
  const tag = t.critAt > 1 ? `, tag: 1-${t.critAt} count double` : '';
  const bought = t.bought > 0 ? `, ${t.bought} bought d20${t.bought > 1 ? 's' : ''}` : '';
  const helpers = t.helperRolls.map((h) => `${ref(h.actor)} assists ${faces(h.roll)}`);
  const helped = helpers.length > 0 ? `; ${helpers.join('; ')}${t.roll.total < 1 ? ' (no effect: the leader scored no success)' : ''}` : '';
  const comp = t.complications > 0 ? `, ${t.complications} complication${t.complications > 1 ? 's' : ''}` : '';
  const ap = t.ap > 0 ? `, ${t.ap} AP` : '';
  const total = helpers.length > 0 ? ` → ${t.successes} success${t.successes === 1 ? '' : 'es'}` : '';
  return `${sum}${tag}${bought}, ${oddsText(t.difficulty, t.odds)}: ${faces(t.roll)}${helped}${total}, ${t.passed ? 'success' : 'failure'}${ap}${comp}`;
}

export function describeFallout(event: EngineEvent, state: FalloutEncounter): LogText | null {
  const e = event as FalloutEvent;
  const n = ref;
  const m = state.module;
  switch (e.type) {
    case 'fallout/fight-started':
      return { text: `${n(e.initiator)} started the fight and takes a single turn before round 1.` };
    case 'fallout/order-set':
      return { text: `The GM reorders the initiative: ${list(e.slots.map((s) => `${n(s.key)} ${s.initiative ?? '-'}`), { min: 1 })}.` };
    case 'fallout/tie-decided': {
      // Players read the tie among those they can see; with nobody left to be behind, no line.
      const others = refs(e.among.filter((id) => id !== e.first), { sep: ' and ', min: 1 });
      return { text: `Initiative tie at ${e.initiative}: the GM puts ${n(e.first)} before ${others}.` };
    }
    case 'fallout/joined-late':
      return { text: `${n(e.combatant)}'s place in round ${state.round} has passed: its first turn is next round.` };
    case 'fallout/acted': {
      const cost = e.mode === 'readied' ? 'readied action' : e.mode === 'commanded' ? 'on command' : `${e.second ? 'second ' : ''}${e.cost} action${e.second ? `, ${e.cost === 'minor' ? 1 : 2} AP` : ''}`;
      const movement = e.movement ? ', movement' : '';
      if (e.action === 'attack') return { text: `${n(e.actor)} attacks ${n(e.target ?? '')}${e.detail ? ` with ${e.detail}` : ''} (${cost}).` };
      if (e.action === 'ready') return { text: `${n(e.actor)} readies ${e.detail ?? 'an action'} (${cost}${e.second ? '; its test will be 1 harder' : ''}).` };
      const what = `${ACTION_LABEL[e.action] ?? e.action}${e.target ? ` (${n(e.target)})` : ''}${e.detail ? `: ${e.detail}` : ''}`;
      return { text: `${n(e.actor)}: ${what} (${cost}${movement}).` };
    }
    case 'fallout/ap-spent': {
      const from = m.pools[e.pool];
      return { text: `${capital(poolName(e.pool))}: ${from} → ${Math.max(0, from - e.amount)} AP (${e.for}${e.by ? optional(`, ${n(e.by)}`) : ''}).` };
    }
    case 'fallout/ap-gained': {
      const from = m.pools[e.pool];
      const lost = e.amount - e.saved;
      const full = lost > 0 ? ` (${lost} lost: the pool holds at most ${poolMax(state, e.pool) ?? '∞'})` : '';
      return { text: `${n(e.by)} generates ${e.amount} AP: ${poolName(e.pool)} ${from} → ${from + e.saved}${full}.` };
    }
    case 'fallout/ap-set':
      return { text: `The GM sets ${poolName(e.pool)} to ${e.value} AP.` };
    case 'fallout/tested': {
      const what = e.label ? `${ACTION_LABEL[e.action]} (${e.label})` : ACTION_LABEL[e.action];
      return { text: `${n(e.actor)}: ${what} test, ${describeTest(state, e.test)}${e.outcome ? `: ${e.outcome}` : ''}.` };
    }
    case 'fallout/attack-rolled': {
      const aim = e.awaitingAim ? ' (Aim: one d20 may be re-rolled before it counts)' : '';
      return { text: `${n(e.actor)}'s attack on ${n(e.target)}: difficulty ${e.test.difficulty} (${e.why.join(', ')}), ${describeTest(state, e.test)}${aim}.` };
    }
    case 'fallout/rerolled': {
      const face = e.test.roll.dice[e.die - 1]?.face ?? '?';
      return { text: `${n(e.actor)} re-rolls die ${e.die} (Aim): ${e.from} → ${face}; now ${e.test.successes} success${e.test.successes === 1 ? '' : 'es'}, ${e.test.passed ? 'success' : 'failure'}.` };
    }
    case 'fallout/attack-resolved': {
      if (!e.hit) return { text: `${n(e.actor)} misses ${n(e.target)}.` };
      const place = (e.location ?? '').replace(/-/g, ' ');
      const where = e.chosenLocation ? `${place} (chosen)` : `${place} (1d20: ${e.locationRoll?.total ?? '?'})`;
      const d = e.damage;
      if (!d) return { text: `${n(e.actor)} hits ${n(e.target)} in the ${where}, for no combat dice.` };
      const effects = d.effects > 0 ? `, ${d.effects} Effect${d.effects > 1 ? 's' : ''}${d.effectNames.length > 0 ? ` (${d.effectNames.join(', ')})` : ''}` : '';
      const vicious = d.vicious > 0 ? `, Vicious +${d.vicious}` : '';
      const pierce = d.piercing > 0 && d.dr > 0 ? `, Piercing ignores ${Math.min(d.piercing, d.dr)}` : '';
      return { text: `${n(e.actor)} hits ${n(e.target)} in the ${where}: ${d.dice} CD ${faces(d.roll)}${effects}${vicious}; DR ${d.dr} ${d.damageType}${pierce} → ${d.dealt} damage.` };
    }
    case 'fallout/luck-spent':
      return { text: `${n(e.actor)} spends a Luck point to take its turn now, ahead of the initiative order.` };
    case 'fallout/readied':
      return null;
    case 'fallout/trigger-marked': {
      const who = e.fired.map((id) => n(m.readied.find((r) => r.id === id)?.actor ?? id));
      const interrupting = e.interrupted ? optional(`, interrupting ${n(e.interrupted)}`) : '';
      return { text: `"${e.trigger}" happens: ${list(who, { sep: ', then ', min: 1, one: ' acts now', many: ' act now' })}${interrupting}.` };
    }
    case 'fallout/readied-done': {
      const rest = m.firing?.queue.filter((r) => r.id !== e.id) ?? [];
      const then = optional(rest[0] ? `; ${n(rest[0].actor)}'s readied action next` : m.firing?.interrupted ? `; ${n(m.firing.interrupted)}'s turn resumes` : '');
      return { text: e.used ? `${n(e.actor)}'s readied action is done${then}.` : `${n(e.actor)} does not take its readied action${e.reason ? ` (${e.reason})` : ''}${then}.` };
    }
    case 'fallout/ready-lapsed': {
      const r = m.readied.find((x) => x.id === e.id);
      return { text: `${n(e.actor)}'s readied ${r ? `${ACTION_LABEL[r.action]} ("${r.trigger}")` : 'action'} lapses: its next turn begins.` };
    }
    case 'fallout/assist-declared':
      return { text: `${n(e.actor)} will assist ${n(e.target)} with their next test.` };
    case 'fallout/assist-lapsed':
      return { text: `${n(e.actor)}'s assistance to ${n(e.target)} lapses.` };
    case 'fallout/turn-given-up':
      return { text: `${n(e.actor)} gives up its turn this round to assist ${n(e.to)}.` };
    case 'fallout/npc-commanded':
      return { text: `${n(e.actor)} commands ${n(e.target)}: it takes one major action, ${n(e.actor)} assisting its test.` };
    case 'fallout/information':
      return { text: `${n(e.actor)} asks the GM${e.question ? `: "${e.question}"` : ' a question about the situation'} (1 AP).` };
    default:
      return null;
  }
}
