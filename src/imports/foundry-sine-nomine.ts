import type { FoundryActor, Mapped } from './foundry-types.ts';
import { at, asNumber, bounded, cut, isObject, numberAt, plainText, signed, stringAt } from './read.ts';
import { refuse } from './review.ts';
import { sineNomineWeapon } from './sine-nomine-weapon.ts';

/**
 * A Stars or Cities Without Number actor of the Foundry system swnr (its CWN rules are settings of the
 * same system; an actor of the older "cwn" system has the same data): a character becomes a PC, an NPC
 * a bestiary template. Field names from the system's actor data models (base-actor, actor-character,
 * actor-npc, item-weapon, item-skill).
 */

const ATTRIBUTES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
const LABEL: Readonly<Record<string, string>> = { str: 'Str', dex: 'Dex', con: 'Con', int: 'Int', wis: 'Wis', cha: 'Cha' };


/** The published modifier of an attribute score: 3 → -2, 4-7 → -1, 8-13 → 0, 14-17 → +1, 18 → +2. */
export function attributeModifier(score: number): number {
  if (score <= 3) return -2;
  if (score <= 7) return -1;
  if (score <= 13) return 0;
  if (score <= 17) return 1;
  return 2;
}

export function foundrySineNomine(actor: FoundryActor, rules: string): Mapped {
  const { data, path, dataKey } = actor;
  const p = (rest: string) => path(`${dataKey}.${rest}`);
  if (actor.type !== 'character' && actor.type !== 'npc') {
    return refuse(path('type'), `${actor.name} is a Foundry "${actor.type}", not a character or an NPC: Turnkeeper imports characters (as PCs) and NPCs (as templates).`);
  }
  const npc = actor.type === 'npc';
  const mapped: string[] = [];
  const leftOut: string[] = [];
  const gm: string[] = [];
  const stats: Record<string, unknown> = {};

  // Attributes (characters): modifiers from base + boost + temp, plus the sheet's own bonus.
  const mods: Record<string, number> = {};
  if (!npc && isObject(data.stats)) {
    const parts: string[] = [];
    for (const a of ATTRIBUTES) {
      const s = at(data, `stats.${a}`);
      if (!isObject(s)) continue;
      const base = asNumber(s.base);
      const givenMod = asNumber(s.mod);
      let mod: number;
      if (base !== undefined) {
        const total = base + (asNumber(s.boost) ?? 0) + (asNumber(s.temp) ?? 0);
        mod = attributeModifier(total) + (asNumber(s.bonus) ?? 0) + (asNumber(s.modModifier) ?? 0);
        parts.push(`${LABEL[a]} ${total} (${signed(mod)})`);
      } else if (givenMod !== undefined) {
        mod = givenMod;
        parts.push(`${LABEL[a]} ${signed(mod)}`);
      } else continue;
      const problem = bounded(mod, -5, 10, `the ${LABEL[a]} modifier`);
      if (problem) return refuse(p(`stats.${a}`), `${actor.name}: ${problem}.`);
      mods[a] = mod;
      if (mod !== 0) stats[`${a}Mod`] = mod;
    }
    if (parts.length > 0) mapped.push(`Attribute modifiers: ${parts.join(', ')} (${dataKey}.stats)`);
  }

  // HP: the maximum, and for a PC the current value.
  const hpMax = numberAt(data, 'health.max');
  const hpNow = numberAt(data, 'health.value');
  let hp = hpMax !== undefined && hpMax >= 1 ? hpMax : undefined;
  if (hp === undefined && npc) {
    const hd = stringAt(data, 'hitDice') ?? (numberAt(data, 'hitDice') !== undefined ? String(numberAt(data, 'hitDice')) : undefined);
    const dice = hd ? /^\s*(\d{1,3})\s*(?:d8?)?\s*$/i.exec(hd) : null;
    if (dice) {
      hp = Math.max(1, Math.floor(Number(dice[1]) * 4.5));
      mapped.push(`HP ${hp}: the average of ${dice[1]}d8 (${dataKey}.hitDice "${hd}"; Foundry had not rolled it)`);
    }
  } else if (hp !== undefined) {
    mapped.push(`HP ${npc || hpNow === undefined || hpNow >= hp ? hp : `${Math.max(0, hpNow)}/${hp}`} (${dataKey}.health)`);
  }
  if (hp === undefined) return refuse(p('health.max'), `${actor.name} has no HP (${dataKey}.health.max is ${hpMax ?? 'missing'}): roll or set its HP in Foundry, then export it again.`);
  const hpProblem = bounded(hp, 1, 100_000, 'HP');
  if (hpProblem) return refuse(p('health.max'), `${actor.name}: ${hpProblem}.`);
  stats.hp = hp;
  const tracks = !npc && hpNow !== undefined && hpNow < hp ? { hp: { value: Math.max(0, Math.round(hpNow)), max: hp } } : undefined;

  // AC: an NPC's is its base AC; a character's is the best readied armour (or the base), shields, and Dex.
  const ac = npc ? npcAc(actor, mapped) : characterAc(actor, mods.dex ?? 0, mapped);
  const acProblem = bounded(ac, 0, 100, 'AC');
  if (acProblem) return refuse(p('baseAc'), `${actor.name}: ${acProblem}.`);
  stats.ac = ac;
  const meleeAc = numberAt(data, 'meleeAc');
  if (meleeAc !== undefined && meleeAc !== ac && meleeAc !== 10) leftOut.push(`Melee AC ${meleeAc}: one AC is used against every attack here`);

  const ab = numberAt(data, 'ab');
  if (ab !== undefined) {
    const problem = bounded(ab, -10, 50, 'the attack bonus');
    if (problem) return refuse(p('ab'), `${actor.name}: ${problem}.`);
    stats.attackBonus = ab;
    mapped.push(`Attack bonus ${signed(ab)} (${dataKey}.ab)`);
  }
  const meleeAb = numberAt(data, 'meleeAb');
  if (npc && meleeAb !== undefined && ab !== undefined && meleeAb !== ab) leftOut.push(`Melee attack bonus ${signed(meleeAb)}: one attack bonus is used for every attack here`);

  // Skills: the actor's skill items by name; an NPC's skill bonus is what its surprise checks add.
  const skills: Record<string, number> = {};
  const skillNames = new Map<string, string>();
  for (const item of actor.items) {
    if (item.type !== 'skill' || typeof item.name !== 'string') continue;
    const rank = asNumber(actor.itemData(item).rank);
    const name = item.name.trim().toLowerCase().slice(0, 30);
    if (rank === undefined || name === '') continue;
    skills[name] = Math.max(-1, Math.min(10, Math.round(rank)));
    if (typeof item._id === 'string') skillNames.set(item._id, name);
  }
  const skillBonus = numberAt(data, 'skillBonus');
  if (npc && skillBonus !== undefined && skillBonus !== 0) {
    const b = Math.max(-1, Math.min(10, Math.round(skillBonus)));
    skills.notice ??= b;
    skills.sneak ??= b;
    mapped.push(`Skill bonus ${signed(skillBonus)} → Notice and Sneak ${signed(b)} (${dataKey}.skillBonus; surprise checks read them when the NPC is vigilant)`);
  }
  const trained = Object.entries(skills).filter(([, r]) => r >= 0);
  if (Object.keys(skills).length > 0) {
    stats.skills = skills;
    if (trained.length > 0 && !(npc && trained.length === 2 && skillBonus)) mapped.push(`Skills: ${trained.map(([n, r]) => `${n} ${r}`).join(', ')} (skill items)`);
  }

  // Weapons: the actor's weapon items; an NPC without any attacks with its sheet's damage.
  const weapons: Record<string, unknown>[] = [];
  for (const item of actor.items) {
    if (item.type !== 'weapon') continue;
    const w = sineNomineWeapon(item, actor.itemData(item), skillNames);
    if (w.weapon && weapons.length < 30) {
      weapons.push(w.weapon);
      mapped.push(w.note);
      if (w.leftOut) leftOut.push(w.leftOut);
    } else leftOut.push(w.weapon ? `${w.note}: a sheet holds at most 30 weapons` : w.note);
  }
  if (npc) npcAttacks(actor, weapons, mapped, leftOut, gm);
  if (weapons.length > 0) stats.weapons = weapons;

  const other = actor.items.filter((i) => !['skill', 'weapon', 'armor'].includes(String(i.type)) && typeof i.name === 'string').map((i) => String(i.name));
  if (other.length > 0) leftOut.push(`${other.length} other item${other.length > 1 ? 's' : ''} (${cut(other.join(', '), 120)}): foci, powers, cyberware and gear have no place on the sheet`);

  // What the sheet has no place for: kept in the GM notes for an NPC.
  if (npc) npcNotes(actor, gm, leftOut);
  else characterLeftOut(actor, leftOut);
  if (rules === 'cwn' || numberAt(data, 'traumaTarget') !== undefined) {
    const trauma = numberAt(data, 'traumaTarget');
    if (trauma !== undefined && trauma !== 6) leftOut.push(`Trauma target ${trauma}: Trauma Dice are not rolled here`);
  }
  const soak = numberAt(data, 'baseSoakTotal.max');
  if (soak !== undefined && soak > 0) leftOut.push(`Soak ${soak}: there is no soak track here`);

  const publicNotes = stringAt(data, 'notes.public.contents');
  const notes = publicNotes ? cut(plainText(publicNotes), 4000) : '';
  const fields: Record<string, unknown> = npc
    ? { name: cut(actor.name, 80), stats, ...(notes ? { notes } : {}), ...(gm.length > 0 ? { gmNotes: cut(gm.join(' · '), 4000) } : {}) }
    : { name: cut(actor.name, 80), stats, ...(tracks ? { tracks } : {}) };
  return { ok: true, item: { kind: npc ? 'template' : 'pc', name: cut(actor.name, 80), fields, mapped, leftOut } };
}

function npcAc(actor: FoundryActor, mapped: string[]): number {
  const ac = numberAt(actor.data, 'baseAc') ?? numberAt(actor.data, 'ac') ?? 10;
  const armour = stringAt(actor.data, 'armorType');
  mapped.push(`AC ${ac} (${actor.dataKey}.baseAc${armour ? `, ${armour} armour` : ''})`);
  return ac;
}

function characterAc(actor: FoundryActor, dexMod: number, mapped: string[]): number {
  let base = numberAt(actor.data, 'baseAc') ?? 10;
  let from = `${actor.dataKey}.baseAc ${base}`;
  let bestId = '';
  const readied = actor.items.filter((i) => i.type === 'armor' && actor.itemData(i).use !== false && (stringAt(actor.itemData(i), 'location') ?? 'readied') === 'readied');
  for (const a of readied) {
    const ac = asNumber(actor.itemData(a).ac);
    if (ac !== undefined && ac > base) {
      base = ac;
      from = `${String(a.name)} ${ac}`;
      bestId = String(a._id ?? '');
    }
  }
  let shields = 0;
  for (const s of readied) {
    const bonus = asNumber(actor.itemData(s).shieldACBonus);
    if (actor.itemData(s).shield === true && bonus && String(s._id ?? '') !== bestId) shields += bonus;
  }
  const ac = base + shields + dexMod;
  mapped.push(`AC ${ac}: ${from}${shields ? `, shield ${signed(shields)}` : ''}${dexMod ? `, Dex ${signed(dexMod)}` : ''}`);
  return ac;
}

/** An NPC's own attacks (its sheet's damage) when it has no weapon items; more attacks a round go to the GM notes. */
function npcAttacks(actor: FoundryActor, weapons: Record<string, unknown>[], mapped: string[], leftOut: string[], gm: string[]): void {
  const k = actor.dataKey;
  const number = numberAt(actor.data, 'attacks.number');
  if (number !== undefined && number > 1) {
    gm.push(`${number} attacks`);
    leftOut.push(`${number} attacks a round: one attack a Main Action here (kept in the GM notes)`);
  }
  if (weapons.length > 0) return;
  const text = stringAt(actor.data, 'attacks.damage');
  if (!text) return;
  const dice = /^\s*(\d{0,2})d(\d{1,3})\s*([+-]\s*\d{1,3})?\s*$/i.exec(text);
  if (!dice) {
    leftOut.push(`Damage “${text}” (${k}.attacks.damage): not dice this sheet can roll`);
    return;
  }
  const damage = `${dice[1] || '1'}d${dice[2]}${dice[3] ? dice[3].replace(/\s/g, '') : ''}`;
  const bonus = numberAt(actor.data, 'attacks.bonusDamage') ?? 0;
  weapons.push({ name: 'Attack', damage, ...(bonus ? { damageBonus: Math.max(-20, Math.min(100, Math.round(bonus))) } : {}) });
  mapped.push(`Attack: ${damage}${bonus ? ` ${signed(bonus)}` : ''} damage (${k}.attacks; melee, as the sheet does not say)`);
}

function npcNotes(actor: FoundryActor, gm: string[], leftOut: string[]): void {
  const d = actor.data;
  const k = actor.dataKey;
  const hd = at(d, 'hitDice');
  if (typeof hd === 'string' || typeof hd === 'number') gm.unshift(`HD ${hd}`);
  const keep = (label: string, value: string | undefined, why: string) => {
    if (value === undefined || value === '') return;
    gm.push(`${label} ${value}`);
    leftOut.push(`${label} ${value}: ${why} (kept in the GM notes)`);
  };
  const morale = numberAt(d, 'moralScore');
  keep('Morale', morale !== undefined ? String(morale) : undefined, 'morale checks are not rolled here');
  const saves = numberAt(d, 'saves');
  keep('Save', saves !== undefined && saves > 0 ? `${saves}+` : undefined, 'saving throws are not rolled here');
  const speed = numberAt(d, 'speed');
  keep('Move', speed !== undefined ? `${speed}m` : undefined, 'movement is not tracked here');
  for (const side of ['left', 'right'] as const) {
    const text = stringAt(d, `notes.${side}.contents`);
    if (text && plainText(text)) gm.push(cut(plainText(text), 1000));
  }
  const faction = stringAt(d, 'faction');
  if (faction) gm.push(`Faction: ${faction}`);
  const bio = stringAt(d, 'biography');
  if (bio && plainText(bio)) leftOut.push(`Biography (${k}.biography): not kept (${cut(plainText(bio), 60)})`);
}

function characterLeftOut(actor: FoundryActor, leftOut: string[]): void {
  const d = actor.data;
  const level = numberAt(d, 'level.value');
  const cls = stringAt(d, 'class');
  if (level !== undefined || cls) leftOut.push(`${cls ? `${cls} ` : ''}${level !== undefined ? `level ${level}` : ''}`.trim() + ': levels and classes are not kept (the attack bonus and HP are)');
  if (level !== undefined) leftOut.push('Saving throws: not rolled here');
  const strain = numberAt(d, 'systemStrain.value');
  if (strain) leftOut.push(`System Strain ${strain}: not tracked here`);
  const speed = numberAt(d, 'speed');
  if (speed !== undefined) leftOut.push(`Move ${speed}m: movement is not tracked here`);
  for (const key of ['species', 'background', 'homeworld', 'employer', 'goals']) {
    const v = stringAt(d, key);
    if (v) leftOut.push(`${key[0]!.toUpperCase()}${key.slice(1)} “${cut(v, 40)}”: not kept`);
  }
}
