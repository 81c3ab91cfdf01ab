import type { Combatant, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, reject } from '../../core/index.ts';
import type { AttackCommand } from './commands.ts';
import { defenseOf, isProne } from './conditions.ts';
import { rollDamage, rollLocation } from './damage.ts';
import { slotAction } from './economy.ts';
import type { ActMode, FalloutEvent } from './events.ts';
import { enterAct, finish, look } from './flow.ts';
import { findLocation, tableOf } from './hit-location.ts';
import { gain, poolOf, shortfall, spend } from './pools.ts';
import { prepareTest } from './prepare.ts';
import type { PreparedTest } from './prepare.ts';
import type { Charge } from './pools.ts';
import type { FalloutEncounter, PendingAttack, Readied } from './state.ts';
import { optionsOf } from './state.ts';
import { RANGES } from './stat-enums.ts';
import type { Range } from './stat-enums.ts';
import { findWeapon, statsOf, weaponRange, weaponTest } from './stats.ts';
import type { Weapon } from './stats.ts';
import type { Checked } from './tests.ts';
import { rollTest } from './tests.ts';

type D = Decision<EngineEvent>;

export interface AttackPlan {
  readonly weapon: Weapon;
  readonly target: Combatant;
  readonly range: Range;
  readonly location: string | null;
  /** Why the difficulty is what it is: "Defense 1, chosen location +1, 1 range step +1". */
  readonly why: readonly string[];
  readonly prepared: PreparedTest;
  /** Paid before rolling: the second major action, bought d20s. */
  readonly charges: readonly Charge[];
  /** Paid only on a hit: extra damage. Checked up front with the rest. */
  readonly onHit: readonly Charge[];
  readonly cost: 'major' | 'none';
  readonly second: boolean;
}

const fail = <T>(code: string, message: string): Checked<T> => ({ ok: false, code, message });
type Fields = Pick<AttackCommand, 'target' | 'weapon' | 'location' | 'range' | 'extraDamageAp' | 'extraShots' | 'buyDice' | 'bonusDice' | 'helpers'>;

/** Everything about an attack that is known before rolling: weapon, target, difficulty, ammo, AP. */
export function planAttack(state: FalloutEncounter, actor: string, mode: ActMode, readied: Readied | undefined, f: Fields): Checked<AttackPlan> {
  const c = state.combatants[actor]!;
  const stats = statsOf(c);
  const target = state.combatants[f.target];
  if (!target) return fail('combatant/unknown', `There is no combatant "${f.target}".`);
  if (target.id === actor) return fail('fallout/self-target', `${c.name} cannot attack itself.`);
  if (target.defeated) return fail('fallout/target-defeated', `${target.name} is already defeated.`);
  const w = findWeapon(stats, f.weapon);
  if (!w) {
    const has = stats.weapons.map((x) => x.name).join(', ') || 'none';
    return fail('fallout/unknown-weapon', `${c.name} has no weapon called "${f.weapon}" (weapons: ${has}).`);
  }
  const melee = w.type === 'melee' || w.type === 'unarmed';
  if (melee && f.range !== undefined && f.range !== 'close') {
    return fail('fallout/melee-range', `A ${w.type} attack reaches a target within reach (Close range), not ${f.range}.`);
  }
  const range: Range = melee ? 'close' : (f.range ?? weaponRange(w));
  if (f.extraDamageAp > 0 && w.type === 'ranged') {
    return fail('fallout/extra-damage-melee', 'Extra damage for AP is for melee and thrown attacks; a ranged weapon spends extra ammunition instead (extraShots).');
  }
  if (f.extraShots > 0 && w.type !== 'ranged') return fail('fallout/extra-shots-ranged', 'Extra shots are for ranged weapons; melee and thrown attacks buy extra damage with AP (extraDamageAp).');
  if (f.extraShots > w.fireRate) {
    return fail('fallout/fire-rate', `${w.name} has Fire Rate ${w.fireRate}: at most ${w.fireRate} extra shot${w.fireRate === 1 ? '' : 's'}.`);
  }
  const supply = ammoProblem(c, w, 1 + f.extraShots);
  if (supply) return fail(supply.code, supply.message);
  const table = tableOf(statsOf(target).hitLocations);
  let location: string | null = null;
  if (f.location !== undefined) {
    location = findLocation(table, f.location) ?? null;
    if (!location) return fail('fallout/unknown-location', `${target.name} has no "${f.location}" (locations: ${table.map((l) => l.location).join(', ')}).`);
  }
  const slot = slotAction(state, actor, mode, 'major', false, readied?.secondMajor ?? false);
  if (!slot.ok) return slot;
  const defense = defenseOf(target);
  const why = [`Defense ${defense}`];
  let difficulty = defense;
  if (location) {
    difficulty += 1;
    why.push('chosen location +1');
  }
  if (!melee) {
    const steps = Math.abs(RANGES.indexOf(range) - RANGES.indexOf(weaponRange(w)));
    if (steps > 0) why.push(`${range} range, ${steps} step${steps > 1 ? 's' : ''} from ${weaponRange(w)} +${steps}`);
    difficulty += steps;
  }
  if (isProne(target)) {
    const close = range === 'close';
    difficulty += close ? -1 : 1;
    why.push(close ? 'prone target at Close range -1' : 'prone target at Medium range or further +1');
  }
  if (slot.value.harder > 0) why.push('second major action +1');
  const { attribute, skill } = weaponTest(stats, w);
  const prepared = prepareTest(state, actor, { attribute, skill, difficulty, buyDice: f.buyDice, bonusDice: f.bonusDice, helpers: f.helpers }, mode, slot.value.harder);
  if (!prepared.ok) return prepared;
  const charges: Charge[] = [...slot.value.charges, ...prepared.value.charges];
  const onHit: Charge[] = f.extraDamageAp > 0 ? [{ amount: f.extraDamageAp, for: `extra damage (+${f.extraDamageAp} CD)` }] : [];
  return {
    ok: true,
    value: { weapon: w, target, range, location, why, prepared: prepared.value, charges, onHit, cost: slot.value.cost === 'major' ? 'major' : 'none', second: slot.value.second },
  };
}

function ammoProblem(c: Combatant, w: Weapon, shots: number): { code: string; message: string } | null {
  if (w.type === 'ranged' && w.ammo) {
    const have = c.tracks[`ammo:${w.ammo}`]?.value ?? 0;
    if (have < shots) return { code: 'fallout/no-ammo', message: `${c.name} has ${have} ${w.ammo} round${have === 1 ? '' : 's'}; this attack fires ${shots}.` };
  }
  if (w.type === 'thrown') {
    const have = c.tracks[`thrown:${w.name}`]?.value ?? 0;
    if (have < 1) return { code: 'fallout/none-left', message: `${c.name} has no ${w.name} left to throw.` };
  }
  return null;
}

/** attack {actor, target, weapon, ...}: the test, then (unless Aim lets the attacker re-roll first) the hit. */
export function attack(state: FalloutEncounter, cmd: AttackCommand, ctx: DecideContext): D {
  const entry = enterAct(state, cmd.actor, ctx, 'attack', true);
  if (!entry.ok) return entry.decision;
  const s = entry.state;
  const plan = planAttack(s, cmd.actor, entry.mode, entry.readied, cmd);
  if (!plan.ok) return reject(plan.code, plan.message);
  const p = plan.value;
  const short = shortfall(s, cmd.actor, [...p.charges, ...p.onHit]);
  if (short) return reject('fallout/ap-short', short);
  // "Aim: Re-roll 1d20 on the first attack roll you make this turn": that roll waits for the re-roll.
  const turn = s.module.turn;
  const awaitingAim = entry.mode === 'turn' && turn !== null && turn.aimed && turn.attacks === 0;
  if (awaitingAim && (ctx.dice.has('location') || ctx.dice.has('damage'))) {
    return reject('fallout/aim-dice-later', `${s.combatants[cmd.actor]!.name} aimed: the attack waits for the re-roll, so type the location and damage dice with the reroll command.`);
  }
  const pool = poolOf(s, cmd.actor);
  const events: EngineEvent[] = [
    ...entry.prefix,
    { type: 'fallout/acted', actor: cmd.actor, action: 'attack', mode: entry.mode, cost: p.cost, second: p.second, movement: false, target: p.target.id, detail: p.weapon.name } satisfies FalloutEvent,
    ...p.charges.flatMap((c) => spend(cmd.actor, pool, c.amount, c.for)),
    ...p.prepared.events,
  ];
  const test = rollTest(p.prepared.spec, ctx.dice, (id) => s.combatants[id]?.name ?? id, 'test', s.combatants[cmd.actor]?.stats);
  const pending: PendingAttack = {
    actor: cmd.actor,
    target: p.target.id,
    weapon: p.weapon.name,
    location: p.location,
    range: p.range,
    extraDamageAp: cmd.extraDamageAp,
    extraShots: cmd.extraShots,
    test,
  };
  events.push({ type: 'fallout/attack-rolled', ...pending, why: p.why, awaitingAim } satisfies FalloutEvent);
  if (!awaitingAim) {
    events.push(...resolveAttack(look(ctx, state, events), pending, ctx));
    if (entry.readied) events.push({ type: 'fallout/readied-done', id: entry.readied.id, actor: cmd.actor, used: true } satisfies FalloutEvent);
  }
  return accept(finish(state, events, ctx));
}

/**
 * After the test: AP from extra successes, the hit location (chosen, or 1d20 on the target's table),
 * the combat dice less DR, the HP, the extra damage AP, and the ammunition or thrown weapon spent.
 */
export function resolveAttack(state: FalloutEncounter, p: PendingAttack, ctx: DecideContext): EngineEvent[] {
  const attacker = state.combatants[p.actor]!;
  const target = state.combatants[p.target]!;
  const stats = statsOf(attacker);
  const w = findWeapon(stats, p.weapon)!;
  const events: EngineEvent[] = [...gain(state, p.actor, p.test.ap)];
  const hit = p.test.passed;
  if (!hit) {
    // A table often rolls attack and damage together: dice typed in for a miss are accepted and ignored.
    ctx.dice.skip('location', 'damage');
    events.push({ type: 'fallout/attack-resolved', actor: p.actor, target: p.target, weapon: w.name, hit: false, chosenLocation: p.location !== null } satisfies FalloutEvent);
  } else {
    const rolled = p.location === null ? rollLocation(target, ctx.dice) : null;
    if (p.location !== null) ctx.dice.skip('location');
    const location = p.location ?? rolled!.location;
    const melee = w.type === 'melee' || w.type === 'unarmed';
    const n = w.damage + (melee ? stats.meleeDamageBonus : 0) + p.extraDamageAp + p.extraShots;
    const damage = n > 0 ? rollDamage(w, n, target, location, optionsOf(state).weaponEffects === 'apply', ctx.dice) : undefined;
    if (n === 0) ctx.dice.skip('damage');
    events.push({
      type: 'fallout/attack-resolved',
      actor: p.actor,
      target: p.target,
      weapon: w.name,
      hit: true,
      location,
      ...(rolled ? { locationRoll: rolled.roll } : {}),
      chosenLocation: p.location !== null,
      ...(damage ? { damage } : {}),
    } satisfies FalloutEvent);
    events.push(...spend(p.actor, poolOf(state, p.actor), p.extraDamageAp, `extra damage (+${p.extraDamageAp} CD)`));
    const hp = target.tracks.hp;
    if (damage && hp && damage.dealt > 0) {
      const to = Math.max(hp.min ?? 0, hp.value - damage.dealt);
      if (to !== hp.value) events.push({ type: 'track-changed', id: target.id, track: 'hp', from: hp.value, to, reason: 'damage' });
    }
  }
  if (w.type === 'ranged' && w.ammo) {
    const key = `ammo:${w.ammo}`;
    const have = attacker.tracks[key]?.value ?? 0;
    const shots = 1 + (hit ? p.extraShots : 0);
    events.push({ type: 'track-changed', id: attacker.id, track: key, from: have, to: Math.max(0, have - shots), reason: `${shots} shot${shots > 1 ? 's' : ''} fired` });
  }
  if (w.type === 'thrown') {
    const key = `thrown:${w.name}`;
    const have = attacker.tracks[key]?.value ?? 0;
    events.push({ type: 'track-changed', id: attacker.id, track: key, from: have, to: Math.max(0, have - 1), reason: 'thrown' });
  }
  return events;
}
