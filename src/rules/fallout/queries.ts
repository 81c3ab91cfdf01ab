import type { ActionOption, Interrupt, WhoMayAct } from '../../core/index.ts';
import { nameOf, withModule } from '../../core/index.ts';
import { actionKind } from './actions.ts';
import { planAttack } from './attack.ts';
import { isProne } from './conditions.ts';
import { costLabel, slotAction } from './economy.ts';
import type { ActMode } from './events.ts';
import { gapNext, luckProblem, turnText } from './flow.ts';
import { canAct, tieDecision, undecidedTies } from './initiative.ts';
import { shortfall } from './pools.ts';
import type { ActionName, FalloutEncounter, Readied } from './state.ts';
import { freshTurn } from './state.ts';
import { statsOf } from './stats.ts';
import { oddsText, testOdds } from './tests.ts';

/** Who may act now; `need` 'turn' leaves out the Luck and readied interrupts (RuleModule.whoMayAct). */
export function whoMayActFallout(state: FalloutEncounter, need: 'all' | 'turn' = 'all'): WhoMayAct {
  const m = state.module;
  if (state.status === 'ended') return { kind: 'ended' };
  if (state.status === 'setup') {
    const ties = undecidedTies(state).length;
    const needs = state.roster.length === 0
      ? 'Add combatants (add-combatant), then start the fight (start {initiator}): whoever started it takes a turn before round 1.'
      : `Start the fight (start {initiator}): whoever started it takes a turn before round 1.${ties > 0 ? ` ${ties} initiative tie${ties > 1 ? 's' : ''} for the GM to decide (decide-tie).` : ''}`;
    return { kind: 'setup', needs };
  }
  if (m.firing) {
    const r = m.firing.queue[0]!;
    const where = m.firing.interrupted ? `interrupting ${nameOf(state, m.firing.interrupted)}'s turn` : 'between turns';
    return { kind: 'actor', round: state.round, actor: r.actor, label: `Readied ${r.action} ("${r.trigger}"), ${where}` };
  }
  if (m.pendingAttack) {
    return { kind: 'actor', round: state.round, actor: m.pendingAttack.actor, label: 'Aim: re-roll one d20 of the attack (reroll {die}) or keep it (reroll {keep: true})' };
  }
  const readied = need === 'all' ? readiedInterrupts(state) : [];
  if (m.turn) {
    const t = m.turn;
    const label = t.kind === 'opening' ? 'Opening turn (before round 1)' : t.kind === 'luck' ? 'Luck: acting early' : undefined;
    const commanded = t.commanded ? `${label ? `${label}; ` : ''}${nameOf(state, t.commanded)} may take the major action ${nameOf(state, t.actor)} commands` : label;
    return { kind: 'actor', round: state.round, actor: t.actor, ...(commanded ? { label: commanded } : {}), ...interruptsOf(readied) };
  }
  const tie = undecidedTies(state)[0];
  if (tie) return { kind: 'decision', round: state.round, decision: tieDecision(state, tie) };
  const next = gapNext(state);
  if (!next) {
    return {
      kind: 'decision',
      round: state.round,
      decision: { id: 'nobody-can-act', question: 'Nobody can act: bring a combatant back (set-defeated), add one, or end the encounter.', command: 'end-encounter', field: '', options: [] },
    };
  }
  const luck: Interrupt[] = need === 'turn' ? [] : state.roster
    .filter((id) => !plainlyNoLuck(state, id, next) && luckProblem(state, id) === null)
    .map((id) => ({ combatant: id, command: 'luck-interrupt', label: `Spend a Luck point to act before ${nameOf(state, next)} (${state.combatants[id]!.tracks.luck?.value ?? 0} left)` }));
  return { kind: 'actor', round: state.round, actor: next, label: `Next: ${nameOf(state, next)}: the turn begins with its first action, or with Begin the turn (begin-turn)`, ...interruptsOf([...luck, ...readied]) };
}

/**
 * A quick no for a Luck interrupt, before `luckProblem` looks at the whole state: each of these alone
 * gives a problem (defeated, next anyway, already acted, own turn just ended, no Luck left), so the
 * combatants left are exactly those `luckProblem` would pass or refuse by itself.
 */
function plainlyNoLuck(state: FalloutEncounter, id: string, next: string): boolean {
  const c = state.combatants[id];
  return !c || c.defeated || id === next || state.module.lastEnded === id || (c.tracks.luck?.value ?? 0) < 1 || state.module.track.done.includes(id);
}

// Module-level, not a closure in whoMayActFallout: tsx's esbuild names each closure it makes.
function interruptsOf(list: Interrupt[]): { interrupts?: Interrupt[] } {
  return list.length > 0 ? { interrupts: list } : {};
}

function readiedInterrupts(state: FalloutEncounter): Interrupt[] {
  const acting = state.module.turn?.actor;
  return state.module.readied
    .filter((r) => r.actor !== acting && canAct(state, r.actor))
    .map((r) => ({ combatant: r.actor, command: 'trigger', label: `Readied ${r.action} when "${r.trigger}" (the GM marks it: trigger)`, preset: { trigger: r.trigger } }));
}

interface Standing {
  readonly mode: ActMode | null;
  readonly state: FalloutEncounter;
  readonly readied?: Readied;
  readonly reason?: string;
}

/** How `id` could act now: its turn (or the next one, begun by acting), a readied action, a command. */
function standing(state: FalloutEncounter, id: string): Standing {
  const m = state.module;
  const n = nameOf(state, id);
  if (state.status !== 'running') return { mode: null, state, reason: 'The fight has not started.' };
  if (!canAct(state, id)) return { mode: null, state, reason: `${n} is defeated.` };
  if (m.firing) {
    const r = m.firing.queue[0]!;
    return r.actor === id ? { mode: 'readied', state, readied: r } : { mode: null, state, reason: `${nameOf(state, r.actor)}'s readied action resolves first.` };
  }
  if (m.pendingAttack) return { mode: null, state, reason: `${nameOf(state, m.pendingAttack.actor)}'s attack waits for Aim's re-roll (reroll).` };
  if (m.turn?.actor === id) return { mode: 'turn', state };
  if (m.turn?.commanded === id) return { mode: 'commanded', state };
  if (!m.turn && undecidedTies(state).length === 0 && gapNext(state) === id) {
    return { mode: 'turn', state: withModule(state, { ...m, turn: freshTurn(id, 'normal') }) };
  }
  return { mode: null, state, reason: `It is not ${n}'s turn: ${turnText(state)}.` };
}

/** Every action of the text for this combatant, legal or not (with the reason), with its cost. */
export function allowedActionsFallout(state: FalloutEncounter, id: string): ActionOption[] {
  const c = state.combatants[id];
  if (!c) return [];
  if (state.status === 'setup') {
    return [{ command: 'start', preset: { initiator: id }, label: `Start the fight: ${c.name} takes the opening turn`, legal: canAct(state, id), ...(canAct(state, id) ? {} : { reason: `${c.name} is defeated.` }) }];
  }
  if (state.status !== 'running') return [];
  const st = standing(state, id);
  const out: ActionOption[] = [];
  const push = (command: string, preset: Record<string, unknown>, label: string, cost: string | undefined, reason: string | undefined): void => {
    out.push({ command, preset: { actor: id, ...preset }, label, ...(cost ? { cost } : {}), legal: reason === undefined, ...(reason ? { reason } : {}) });
  };
  const check = (action: ActionName, extra?: string, standUp = false): { cost: string; reason: string | undefined } => {
    const kind = actionKind(st.state, id, action, standUp);
    const cost = st.mode === 'turn' ? costLabel(st.state, id, kind) : st.mode === 'readied' ? 'readied action' : kind;
    if (!st.mode) return { cost, reason: st.reason };
    if (st.mode === 'readied' && action !== st.readied!.action && action !== 'pass') return { cost, reason: `${c.name} may only take its readied ${st.readied!.action}, or pass.` };
    if (st.mode === 'commanded' && kind === 'minor') return { cost, reason: `${c.name} is commanded: one major action only.` };
    const slot = slotAction(st.state, id, st.mode, kind, action === 'move' || action === 'sprint', st.readied?.secondMajor ?? false);
    if (!slot.ok) return { cost, reason: slot.message };
    const short = shortfall(st.state, id, slot.value.charges);
    return { cost, reason: short ?? extra };
  };
  const turn = st.state.module.turn;
  const prone = isProne(c);
  const simple: Array<[ActionName, string, string?]> = [
    ['aim', 'Aim (re-roll 1d20 on the first attack roll this turn)', turn && turn.actor === id && turn.attacks > 0 ? `${c.name} has already attacked this turn.` : undefined],
    ['draw-item', 'Draw Item'],
    ['interact', 'Interact'],
    ['move', prone ? 'Move: crawl (prone: a major action)' : 'Move (one zone, within Medium range)'],
    ['take-chem', 'Take Chem'],
  ];
  for (const [action, label, extra] of simple) {
    const r = check(action, extra);
    push('act', { action }, label, r.cost, r.reason);
  }
  if (prone) {
    const r = check('move', undefined, true);
    push('act', { action: 'move', standUp: true }, 'Move: stand up', r.cost, r.reason);
  }
  attackOptions(state, st, id, push);
  const majors: Array<[ActionName, string, string?]> = [
    ['assist', 'Assist an ally with their next test'],
    ['command-npc', 'Command an NPC', state.roster.some((x) => x !== id && state.combatants[x]!.kind === 'npc' && state.combatants[x]!.side === c.side && canAct(state, x)) ? undefined : `${c.name} has no allied NPC to command.`],
    ['defend', 'Defend (AGI + Athletics vs current Defense: +1 Defense, +1 more for 2 AP)'],
    ['first-aid', 'First Aid (INT + Medicine)'],
    ['pass', 'Pass'],
    ['rally', 'Rally (END + Survival, difficulty 0: save the AP)'],
    ['ready', 'Ready a major action for a situation'],
    ['sprint', 'Sprint (two zones, within Long range)', prone ? `${c.name} is prone and cannot Sprint.` : undefined],
    ['test', 'Skill test (with the GM\'s permission)'],
  ];
  for (const [action, label, extra] of majors) {
    const r = check(action, extra);
    push(action === 'ready' ? 'ready' : 'act', action === 'ready' ? {} : { action }, label, r.cost, r.reason);
  }
  const p = state.module.pendingAttack;
  if (p && p.actor === id) {
    p.test.roll.dice.forEach((d, i) => push('reroll', { die: i + 1 }, `Aim: re-roll die ${i + 1} (${d.face})`, undefined, undefined));
    push('reroll', { keep: true }, 'Keep the roll', undefined, undefined);
  }
  const next = !state.module.turn && !state.module.firing && gapNext(state) === id;
  if (next) push('begin-turn', {}, 'Begin the turn', undefined, undefined);
  const ending = (state.module.turn?.actor === id && !state.module.firing && !p) || next;
  push('end-turn', {}, next ? 'Pass the turn (end it at once)' : 'End the turn', undefined, ending ? undefined : `It is not ${c.name}'s turn to end.`);
  const luck = luckProblem(state, id);
  push('luck-interrupt', {}, 'Spend a Luck point to take the turn now', '1 Luck', luck?.message);
  const info = state.status === 'running' && canAct(state, id) ? shortfall(state, id, [{ amount: 1, for: 'a question' }]) ?? undefined : `${c.name} cannot act.`;
  push('spend-ap', { on: 'information' }, 'Obtain information (ask the GM one question)', '1 AP', info);
  return out;
}

function attackOptions(state: FalloutEncounter, st: Standing, id: string, push: (command: string, preset: Record<string, unknown>, label: string, cost: string | undefined, reason: string | undefined) => void): void {
  const c = state.combatants[id]!;
  const weapons = statsOf(c).weapons;
  const cost = st.mode === 'turn' ? costLabel(st.state, id, 'major') : st.mode === 'readied' ? 'readied action' : 'major';
  if (weapons.length === 0) {
    push('attack', {}, 'Attack', cost, `${c.name} has no weapons (stats.weapons).`);
    return;
  }
  const foes = state.roster.filter((x) => x !== id && state.combatants[x]!.side !== c.side && canAct(state, x));
  for (const w of weapons) {
    if (foes.length === 0) {
      push('attack', { weapon: w.name }, `Attack with ${w.name}`, cost, st.reason ?? 'No enemy is left standing.');
      continue;
    }
    for (const foe of foes) {
      const base = `Attack ${nameOf(state, foe)} with ${w.name}`;
      if (!st.mode) {
        push('attack', { weapon: w.name, target: foe }, base, cost, st.reason);
        continue;
      }
      if (st.mode === 'readied' && st.readied!.action !== 'attack') {
        push('attack', { weapon: w.name, target: foe }, base, cost, `${c.name} may only take its readied ${st.readied!.action}, or pass.`);
        continue;
      }
      const plan = planAttack(st.state, id, st.mode, st.readied, { target: foe, weapon: w.name, extraDamageAp: 0, extraShots: 0, buyDice: 0, bonusDice: 0, helpers: [] });
      if (!plan.ok) {
        push('attack', { weapon: w.name, target: foe }, base, cost, plan.message);
        continue;
      }
      const spec = plan.value.prepared.spec;
      const label = `${base}: difficulty ${spec.difficulty} (${plan.value.why.join(', ')}), ${oddsText(spec.difficulty, testOdds(spec))}`;
      push('attack', { weapon: w.name, target: foe }, label, cost, shortfall(st.state, id, plan.value.charges) ?? undefined);
    }
  }
}
