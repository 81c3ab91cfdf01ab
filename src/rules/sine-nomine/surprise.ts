import { reject, sideById, sideIdFor } from '../../core/index.ts';
import type { Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { rollCheck, surpriseModifier } from './checks.ts';
import { listText, nameOf, sideName, SURPRISED } from './query.ts';
import { slotWith } from './slots.ts';
import { statsOf } from './stats.ts';

type D = Decision<EngineEvent>;

/**
 * Opposed checks, one per ambusher and target: the ambusher's Dex/Sneak (dice key "Ambusher vs Target")
 * against the target's Wis/Notice (dice key "Target vs Ambusher"); "the defender winning ties". Returns
 * the targets that lost against every ambusher.
 */
function check(b: Builder, ambushers: readonly string[], targets: readonly string[]): string[] {
  const s = b.state;
  const beaten: string[] = [];
  for (const t of targets) {
    const target = s.combatants[t]!;
    let all = true;
    for (const a of ambushers) {
      const ambusher = s.combatants[a]!;
      const sneak = rollCheck(b, a, `${ambusher.name} vs ${target.name}`, surpriseModifier(ambusher, 'dex', 'sneak'));
      const notice = rollCheck(b, t, `${target.name} vs ${ambusher.name}`, surpriseModifier(target, 'wis', 'notice'));
      const won = sneak.total > notice.total;
      if (!won) all = false;
      b.emit('surprise-checked', { actor: a, target: t, sneak, notice, surprised: won });
    }
    if (all) beaten.push(t);
  }
  return beaten;
}

function checkInput(b: Builder, ambushers: readonly string[], targets: readonly string[]): D | null {
  if (b.state.status !== 'setup') {
    return reject('surprise/started', 'Surprise is settled before the fight starts: the fight is already on.');
  }
  const both = targets.find((t) => ambushers.includes(t));
  if (both) return reject('surprise/self', `${nameOf(b.state, both)} cannot ambush itself.`);
  return null;
}

/**
 * SWN: per target. Surprised targets have no initiative in round 1 (a roll already made is set aside, and
 * in group initiative a party roll made with their Dex), may take only Instant actions in round 1, and
 * roll at the start of round 2.
 */
export function surpriseCombatants(b: Builder, ambushers: readonly string[], targets: readonly string[], declare: boolean): D {
  const bad = checkInput(b, ambushers, targets);
  if (bad) return bad;
  const already = targets.find((t) => b.m.surprised.includes(t));
  if (already) return reject('surprise/already', `${nameOf(b.state, already)} is already surprised.`);
  const declared = declare || ambushers.length === 0;
  const surprised = declared ? [...targets] : check(b, ambushers, targets);
  if (surprised.length === 0) return b.done();
  const dropped = surprised.filter((id) => slotWith(b.m.order, id)?.kind === 'actor');
  // Group initiative: a party roll made with a surprised PC's Dex is set aside; the party rolls again without it.
  const setAside = b.m.order
    .filter((o) => o.kind === 'side' && o.rolledBy !== undefined && surprised.includes(o.rolledBy))
    .map((o) => ({ key: o.key, label: o.label, rolledBy: o.rolledBy }));
  b.emit('surprised', {
    combatants: surprised,
    declared,
    dropped,
    ...(setAside.length > 0 ? { setAside } : {}),
    ...(ambushers.length > 0 ? { actors: [...ambushers] } : {}),
  });
  for (const id of surprised) b.addCondition(id, SURPRISED, { kind: 'rounds', rounds: 1 }, { expiresAtRound: 2, note: 'Instant actions only; rolls initiative at the start of round 2' });
  return b.done();
}

/**
 * CWN: per side ("if a group is caught entirely unawares"). With ambushers, every target (default: the
 * side's members who are not immune) must lose against every ambusher, or the group is not surprised.
 */
export function surpriseSide(
  b: Builder,
  side: string | undefined,
  ambushers: readonly string[],
  targets: readonly string[] | undefined,
  declare: boolean,
): D {
  const s = b.state;
  const bad = checkInput(b, ambushers, targets ?? []);
  if (bad) return bad;
  const sides = new Set((targets ?? []).map((t) => s.combatants[t]!.side));
  const sideId = side !== undefined ? sideIdFor(side) : [...sides][0];
  if (sideId === undefined || !sideById(s, sideId)) {
    return reject('side/unknown', `Say which side is surprised, or who is.`);
  }
  if (sides.size > 1 || (sides.size === 1 && !sides.has(sideId))) {
    return reject('surprise/one-side', 'Surprise is per side in Cities Without Number: name targets of one side only.');
  }
  const name = sideName(s, sideId);
  if (b.m.anticipating.includes(sideId)) {
    return reject(
      'cwn/anticipating',
      `The ${name} were anticipating combat and cannot be surprised; the GM may give them an initiative penalty instead (set-side with a modifier).`,
    );
  }
  if (b.m.surprised.includes(sideId)) return reject('surprise/already', `The ${name} are already surprised.`);
  const members = s.roster.filter((id) => s.combatants[id]!.side === sideId && !s.combatants[id]!.defeated);
  const immune = members.filter((id) => statsOf(s.combatants[id]!).surpriseImmune);
  const open = members.filter((id) => !immune.includes(id));
  if (open.length === 0) return reject('surprise/immune', `Nobody on the ${name} side can be surprised (immune or nobody there).`);
  const others = s.sideOrder.filter(
    (x) => x !== sideId && !b.m.surprised.includes(x) && s.roster.some((id) => s.combatants[id]!.side === x && !s.combatants[id]!.defeated),
  );
  if (others.length === 0) return reject('surprise/no-enemies', `Nobody would act in the free round: every other side is surprised or empty.`);
  const declared = declare || ambushers.length === 0;
  if (!declared) {
    const checked = (targets ?? open).filter((t) => !immune.includes(t));
    if (checked.length === 0) {
      return reject('surprise/immune', `${listText((targets ?? []).map((t) => nameOf(s, t)))}: immune to surprise. Check the others of the ${name}, or declare it.`);
    }
    const beaten = check(b, ambushers, checked);
    if (beaten.length < checked.length) {
      b.emit('not-surprised', { side: sideId, combatants: checked.filter((t) => !beaten.includes(t)) });
      return b.done();
    }
  }
  b.emit('side-surprised', { side: sideId, declared, immune, ...(ambushers.length > 0 ? { actors: [...ambushers] } : {}) });
  for (const id of open) b.addCondition(id, SURPRISED, { kind: 'rounds', rounds: 1 }, { expiresAtRound: 1, note: 'caught unawares: no turn in the free round' });
  return b.done();
}
