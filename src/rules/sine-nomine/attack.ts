import { clampTrack, reject } from '../../core/index.ts';
import type { Combatant, Decision, EngineEvent, ModuleEvent } from '../../core/index.ts';
import type { RollResult } from '../../dice/index.ts';
import type { Builder } from './builder.ts';
import { eventType } from './game.ts';
import type { Applied } from './cover.ts';
import { pay } from './economy.ts';
import { checkOwedAttack } from './free-attacks.ts';
import { grapplesOn, nameOf } from './query.ts';
import { skillLevel, statsOf, unarmed } from './stats.ts';
import { PRIMITIVE_ARMOUR_AC, techLevelEffect } from './tech-level.ts';
import type { Weapon } from './stats.ts';
import { checkFreeAttack, checkOwnTurn } from './who-may-act.ts';

type D = Decision<EngineEvent>;

export interface AttackInput {
  readonly actor: string;
  readonly target: string;
  readonly weapon?: string | number;
  readonly modifiers: readonly string[];
  readonly situational: number;
  readonly lessLethal?: boolean;
  /** A free attack owed because the target left melee without a Fighting Withdrawal: no turn needed, no action spent. */
  readonly free: boolean;
}

/** The weapon by name or by index in the list (0 = the first), "unarmed", or the first listed (Unarmed if none). */
export function findWeapon(c: Combatant, ref: string | number | undefined): Weapon | string {
  const weapons = statsOf(c).weapons;
  if (ref === undefined) return weapons[0] ?? unarmed;
  if (typeof ref === 'number') {
    return weapons[ref] ?? `${c.name} has no weapon at index ${ref} (${weapons.length} listed, counted from 0).`;
  }
  const wanted = ref.trim().toLowerCase();
  const found = weapons.find((w) => w.name.toLowerCase() === wanted);
  if (found) return found;
  if (wanted === 'unarmed') return unarmed;
  const names = [...weapons.map((w) => w.name), 'Unarmed'].join(', ');
  return `${c.name} has no weapon called "${ref}" (weapons: ${names}).`;
}

/** The best of the weapon's attribute modifiers ("if a weapon has more than one attribute listed, use the best"). */
export function bestAttribute(c: Combatant, weapon: Weapon): { attribute: string; value: number } {
  const mods = statsOf(c).mods;
  let best = { attribute: weapon.attributes[0] ?? 'str', value: Number.NEGATIVE_INFINITY };
  for (const a of weapon.attributes) if (mods[a] > best.value) best = { attribute: a, value: mods[a] };
  return Number.isFinite(best.value) ? best : { attribute: 'str', value: 0 };
}

export function attack(b: Builder, input: AttackInput): D {
  const s = b.state;
  const game = b.game;
  if (input.actor === input.target) return reject('attack/self', `${nameOf(s, input.actor)} cannot attack itself.`);
  const actor = s.combatants[input.actor]!;
  const target = s.combatants[input.target]!;
  const turn = input.free ? checkFreeAttack(s, game, actor.id) : checkOwnTurn(s, game, actor.id);
  if (!turn.ok) return turn.decision;
  if (target.defeated) return reject('attack/target-defeated', `${target.name} is already defeated.`);
  const weapon = findWeapon(actor, input.weapon);
  if (typeof weapon === 'string') return reject('attack/unknown-weapon', weapon);
  const owed = input.free ? checkOwedAttack(s, actor.id, target.id, weapon) : null;
  if (owed) return owed;
  const lessLethal = game.lessLethal && (input.lessLethal ?? weapon.lessLethal);
  const meleeIgnoresCover = s.options.meleeIgnoresCover === true;
  const mods = game.modifiers.combine(input.modifiers, weapon, target.name, meleeIgnoresCover);
  if ('ok' in mods) return mods;
  const payment = input.free ? ({ ok: true, spends: {} } as const) : pay(s, game, actor.id, 'main', 'attack');
  if (!payment.ok) return payment.decision;
  if (turn.begin) b.push({ type: 'turn-started', actors: [actor.id] });

  const st = statsOf(actor);
  const level = skillLevel(st, weapon.skill);
  const attr = bestAttribute(actor, weapon);
  // "If a PC doesn't even have level-0 expertise in the type of weapon they're using, they suffer a -2".
  const skillPart = level ?? (actor.kind === 'pc' ? -2 : 0);
  const parts: Applied[] = [
    { id: 'attack-bonus', label: 'attack bonus', value: st.attackBonus },
    { id: 'skill', label: level === null ? `no ${weapon.skill} skill` : weapon.skill, value: skillPart },
    { id: 'attribute', label: attr.attribute, value: attr.value },
    ...mods.applied,
    ...(input.situational !== 0 ? [{ id: 'situational', label: 'situational', value: input.situational }] : []),
  ];
  const bonus = parts.reduce((n, x) => n + x.value, 0);
  const hitRoll = b.dice.roll('hit', '1d20');
  const total = hitRoll.total + bonus;
  const targetStats = statsOf(target);
  const tech = techLevelEffect(game, weapon, targetStats);
  // "some advanced weapons can ignore primitive gear, treating it as AC 10".
  const ac = tech?.effect === 'ignores-primitive-armour' ? PRIMITIVE_ARMOUR_AC : targetStats.ac;
  const hit = total >= ac;
  // "Skill levels do not add to damage unless it is a Punch attack."
  const damageBonus = attr.value + (weapon.skill === 'punch' && level !== null ? level : 0) + weapon.damageBonus;
  const shockable = weapon.shock && ac <= weapon.shock.ac ? { damage: weapon.shock.damage + damageBonus, ac: weapon.shock.ac } : undefined;
  // "Some advanced armor will always protect completely against primitive weapons": no damage, no Shock.
  const stopped = tech?.effect === 'armour-stops-primitive';
  const shock = stopped ? undefined : shockable;
  let damage: number;
  let damageRoll: RollResult | undefined;
  if (hit && !stopped) {
    damageRoll = b.dice.roll('damage', weapon.damage);
    damage = Math.max(damageRoll.total + damageBonus, shock?.damage ?? Number.NEGATIVE_INFINITY);
  } else {
    // A damage roll typed in with the hit is not needed on a miss (or against armour that stops the weapon): it is used up and ignored.
    if (b.dice.has('damage')) b.dice.roll('damage', weapon.damage);
    damage = shock?.damage ?? 0;
  }
  damage = Math.max(0, damage);
  // Built field by field, in the order the event has always had (type last, as `emit` puts it), rather
  // than spread from optional parts: this is the event every attack makes, in forecasts thousands a second.
  const attacked: Record<string, unknown> = {
    actor: actor.id,
    target: target.id,
    weapon: weapon.name,
    range: weapon.kind,
    free: input.free,
    hitRoll,
    bonus,
    parts,
    ignored: mods.ignored,
    total,
    ac,
    hit,
    damage,
    damageBonus,
  };
  if (damageRoll) attacked.damageRoll = damageRoll;
  if (shock) attacked.shock = shock;
  if (tech) attacked.techLevel = stopped ? { ...tech, prevented: hit ? 'damage' : shockable ? 'shock' : 'nothing' } : tech;
  attacked.lessLethal = lessLethal;
  attacked.grappled = grapplesOn(s, actor.id).length > 0;
  attacked.spends = payment.spends;
  attacked.type = eventType(game, 'attacked');
  b.push(attacked as ModuleEvent);
  applyDamage(b, target.id, damage, lessLethal);
  return b.done();
}

/** Lethal damage lowers the HP track (not below 0); less-lethal damage raises the lessLethal track. */
export function applyDamage(b: Builder, id: string, amount: number, lessLethal: boolean): void {
  if (amount <= 0) return;
  const c = b.state.combatants[id]!;
  const name = lessLethal ? 'lessLethal' : 'hp';
  const track = c.tracks[name] ?? (lessLethal ? { value: 0, rising: true } : undefined);
  if (!track) return;
  const to = clampTrack(track, track.rising ? track.value + amount : track.value - amount);
  if (to !== track.value) b.push({ type: 'track-changed', id, track: name, from: track.value, to, reason: 'damage' });
}
