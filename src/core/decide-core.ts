import { MAX_COMBATANTS, clampTrack, newcomerName, sideIdFor } from './combatant.ts';
import type { Combatant, Side, Track } from './combatant.ts';
import type { CoreCommand, CoreCommandOf } from './commands.ts';
import type { Condition, Duration } from './condition.ts';
import type { DiceService } from './dice-context.ts';
import type { CoreEvent, EngineEvent } from './events.ts';
import { accept, reject } from './rejection.ts';
import type { Decision } from './rejection.ts';
import { own, sideById } from './lookup.ts';
import type { RuleModule } from './rule-module.ts';
import type { EncounterState } from './state.ts';
import { rejectInvalid } from './validation.ts';

type D = Decision<EngineEvent>;

/**
 * The core's decision for a core command (undo and redo are decided by the encounter, not here).
 * `dice`: the decision's dice, for damage or heal given as dice notation.
 */
export function decideCore(state: EncounterState, command: CoreCommand, module: RuleModule, dice: DiceService): D {
  switch (command.type) {
    case 'add-side':
      return addSide(state, command);
    case 'add-combatant':
      return addCombatant(state, command, module);
    case 'remove-combatant':
      return accept([{ type: 'combatant-removed', id: command.combatant }]);
    case 'update-combatant':
      return updateCombatant(state, command, module);
    case 'set-defeated': {
      const c = state.combatants[command.combatant]!;
      if (c.defeated === command.defeated) {
        return reject('combatant/unchanged', `${c.name} is already ${c.defeated ? 'defeated' : 'in the fight'}.`);
      }
      return accept([{ type: 'defeated-set', id: c.id, defeated: command.defeated }]);
    }
    case 'damage':
    case 'heal':
      return adjust(state, command, dice);
    case 'set-track':
      return setTrack(state, command);
    case 'add-condition':
      return addCondition(state, command);
    case 'remove-condition': {
      const c = state.combatants[command.combatant]!;
      const wanted = command.condition.toLowerCase();
      const k = c.conditions.find((x) => x.id === command.condition || x.name.toLowerCase() === wanted);
      if (!k) {
        const has = c.conditions.map((x) => x.name).join(', ') || 'none';
        return reject('condition/unknown', `${c.name} has no condition "${command.condition}" (conditions: ${has}).`);
      }
      return accept([{ type: 'condition-removed', id: c.id, conditionId: k.id, name: k.name, reason: 'removed' }]);
    }
    case 'reorder':
      return reorderRoster(state, command);
    case 'note':
      return accept([{ type: 'note-added', text: command.text, gmOnly: command.gmOnly }]);
    case 'end-encounter':
      if (state.status === 'ended') return reject('encounter/ended', 'The encounter has already ended.');
      return accept([{ type: 'encounter-ended', ...(command.reason ? { reason: command.reason } : {}) }]);
    case 'reopen-encounter':
      if (state.status !== 'ended') return reject('encounter/not-ended', 'The encounter is still going on.');
      return accept([{ type: 'encounter-reopened' }]);
    case 'undo':
    case 'redo':
      return reject('command/internal', 'Undo and redo are decided by the encounter.');
    case 'pause-clock':
    case 'resume-clock':
      return reject('command/internal', 'The turn clock is decided by the encounter, with the time.');
  }
}

function addSide(state: EncounterState, command: CoreCommandOf<'add-side'>): D {
  const id = sideIdFor(command.name);
  const existing = sideById(state, id);
  if (existing) return reject('side/exists', `There is already a side called "${existing.name}".`);
  return accept([{ type: 'side-added', side: { id, name: command.name, players: command.players ?? false } }]);
}

function addCombatant(state: EncounterState, command: CoreCommandOf<'add-combatant'>, module: RuleModule): D {
  const parsed = module.stats.safeParse(command.stats);
  if (!parsed.success) return rejectInvalid(parsed.error, 'combatant/invalid-stats', command.name, ['stats']);
  if (state.roster.length + command.count > MAX_COMBATANTS) {
    return reject('encounter/too-many-combatants', `An encounter holds at most ${MAX_COMBATANTS} combatants.`);
  }
  const events: CoreEvent[] = [];
  const sideName = command.side ?? (command.kind === 'pc' ? 'PCs' : 'NPCs');
  const sideId = sideIdFor(sideName);
  if (!sideById(state, sideId)) {
    const side: Side = { id: sideId, name: sideName, players: command.kind === 'pc' };
    events.push({ type: 'side-added', side });
  }
  // Numbered so that players learn nothing of the hidden (a hidden one may give up its name).
  const present = state.roster.map((id) => ({ id, name: state.combatants[id]!.name, hidden: state.combatants[id]!.hidden }));
  const tracks: Record<string, Track> = { ...(module.tracksFor?.(parsed.data, command.kind) ?? {}) };
  if (command.hp !== undefined) tracks.hp = { value: command.hp, max: command.hp };
  for (const [k, t] of Object.entries(command.tracks ?? {})) tracks[k] = t;
  for (let i = 0; i < command.count; i++) {
    const { name, renamed } = newcomerName(command.name, command.hidden, present);
    if (renamed) {
      events.push({ type: 'combatant-updated', id: renamed.id, changes: { name: renamed.name } });
      present.find((c) => c.id === renamed.id)!.name = renamed.name;
    }
    present.push({ id: `c${state.nextCombatant + i}`, name, hidden: command.hidden });
    const combatant: Combatant = {
      id: `c${state.nextCombatant + i}`,
      name,
      side: sideId,
      kind: command.kind,
      hidden: command.hidden,
      defeated: false,
      stats: parsed.data,
      tracks,
      conditions: [],
      notes: command.notes,
      gmNotes: command.gmNotes,
    };
    events.push({ type: 'combatant-added', combatant });
  }
  return accept(events);
}

function updateCombatant(state: EncounterState, command: CoreCommandOf<'update-combatant'>, module: RuleModule): D {
  const c = state.combatants[command.combatant]!;
  const changes: Record<string, unknown> = {};
  const events: CoreEvent[] = [];
  if (command.name !== undefined && command.name !== c.name) {
    const others = state.roster.filter((id) => id !== c.id).map((id) => state.combatants[id]!.name);
    if (others.some((n) => n.toLowerCase() === command.name!.toLowerCase())) {
      return reject('combatant/name-taken', `Another combatant is already called "${command.name}".`);
    }
    changes.name = command.name;
  }
  if (command.side !== undefined) {
    const sideId = sideIdFor(command.side);
    if (!sideById(state, sideId)) {
      events.push({ type: 'side-added', side: { id: sideId, name: command.side, players: (command.kind ?? c.kind) === 'pc' } });
    }
    if (sideId !== c.side) changes.side = sideId;
  }
  for (const key of ['kind', 'hidden', 'notes', 'gmNotes'] as const) {
    if (command[key] !== undefined && command[key] !== c[key]) changes[key] = command[key];
  }
  if (command.stats !== undefined) {
    const parsed = module.stats.safeParse({ ...c.stats, ...command.stats });
    if (!parsed.success) return rejectInvalid(parsed.error, 'combatant/invalid-stats', c.name, ['stats']);
    changes.stats = parsed.data;
  }
  if (Object.keys(changes).length === 0 && events.length === 0) {
    return reject('combatant/unchanged', `Nothing to change on ${c.name}.`);
  }
  events.push({ type: 'combatant-updated', id: c.id, changes });
  return accept(events);
}

/** Damage or heal by an amount, or by dice rolled now (key "damage" or "heal"; a total below 0 counts 0), the roll in the first event. */
function adjust(state: EncounterState, command: CoreCommandOf<'damage'> | CoreCommandOf<'heal'>, dice: DiceService): D {
  const events: CoreEvent[] = [];
  const lowers = command.type === 'damage' ? -1 : 1;
  if ((command.amount === undefined) === (command.notation === undefined)) {
    return reject('command/invalid', `${command.type}: give an amount (7) or dice to roll (2d6), one of the two.`);
  }
  for (const id of new Set(command.combatants)) {
    const c = state.combatants[id]!;
    if (!own(c.tracks, command.track)) {
      const has = Object.keys(c.tracks).join(', ') || 'none';
      return reject('track/unknown', `${c.name} has no "${command.track}" track (tracks: ${has}).`);
    }
  }
  const roll = command.notation !== undefined ? dice.roll(command.type, command.notation) : undefined;
  const amount = roll ? Math.max(0, roll.total) : command.amount!;
  for (const id of new Set(command.combatants)) {
    const track = own(state.combatants[id]!.tracks, command.track)!;
    const to = clampTrack(track, track.value + (track.rising ? -lowers : lowers) * amount);
    if (to !== track.value) {
      // The roll once, on the first line: the others took the same total.
      events.push({ type: 'track-changed', id, track: command.track, from: track.value, to, reason: command.type, ...(roll && events.length === 0 ? { roll } : {}) });
    }
  }
  if (events.length === 0) return reject('track/unchanged', `That changes nothing: the ${command.track} values are already at their limit.`);
  return accept(events);
}

function setTrack(state: EncounterState, command: CoreCommandOf<'set-track'>): D {
  const c = state.combatants[command.combatant]!;
  const old = own(c.tracks, command.track);
  if (command.value === undefined && command.max === undefined && command.min === undefined) {
    return reject('track/nothing-to-set', 'Give a value, a max or a min to set.');
  }
  const max = command.max ?? old?.max;
  const min = command.min ?? old?.min ?? 0;
  // Raising the maximum of a full HP track (or of HP 0 of 0, never set) raises HP with it; hurt, it keeps the damage.
  const full = command.track === 'hp' && old !== undefined && old.max !== undefined && max !== undefined && max > old.max && old.value >= old.max;
  const value = command.value ?? (full ? max : undefined) ?? old?.value ?? max ?? 0;
  if (max !== undefined && min > max) return reject('track/bounds', `The minimum (${min}) is above the maximum (${max}).`);
  if (value < min || (max !== undefined && value > max)) {
    return reject('track/out-of-bounds', `${value} is outside ${c.name}'s ${command.track} range (${min} to ${max ?? 'no limit'}).`);
  }
  return accept([
    {
      type: 'track-changed',
      id: c.id,
      track: command.track,
      from: old?.value ?? 0,
      to: value,
      ...(max !== undefined ? { max } : {}),
      ...(command.min !== undefined ? { min: command.min } : {}),
      reason: 'set',
    },
  ]);
}

function addCondition(state: EncounterState, command: CoreCommandOf<'add-condition'>): D {
  const raw = command.duration;
  let duration: Duration;
  if (raw === 'until-removed') duration = { kind: 'until-removed' };
  else if ('rounds' in raw) duration = { kind: 'rounds', rounds: raw.rounds };
  else duration = { kind: raw.until, of: raw.of };
  const events: CoreEvent[] = [];
  let next = state.nextCondition;
  for (const id of new Set(command.combatants)) {
    const condition: Condition = {
      id: `k${next++}`,
      name: command.name,
      duration,
      ...(duration.kind === 'rounds' ? { expiresAtRound: Math.max(state.round, 1) + duration.rounds } : {}),
      ...(duration.kind === 'turn-end' && state.inTurn.includes(duration.of) ? { waitForTurnStart: true } : {}),
      ...(command.note ? { note: command.note } : {}),
    };
    events.push({ type: 'condition-added', id, condition });
  }
  return accept(events);
}

function reorderRoster(state: EncounterState, command: CoreCommandOf<'reorder'>): D {
  const anchor = command.before ?? command.after;
  if (!anchor || (command.before && command.after)) {
    return reject('reorder/anchor', 'Say where to move the combatant: before or after another one (not both).');
  }
  if (anchor === command.combatant) return reject('reorder/self', 'A combatant cannot be moved next to itself.');
  const without = state.roster.filter((id) => id !== command.combatant);
  const at = without.indexOf(anchor) + (command.after ? 1 : 0);
  const roster = [...without.slice(0, at), command.combatant, ...without.slice(at)];
  return accept([{ type: 'roster-reordered', roster }]);
}
