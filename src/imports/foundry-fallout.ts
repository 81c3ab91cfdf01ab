import { falloutWeapon, HIT_LOCATIONS } from './fallout-weapon.ts';
import { asNumber, at, bounded, cut, isObject, numberAt, plainText, signed, stringAt } from './read.ts';
import type { FoundryActor, Mapped } from './foundry-types.ts';
import { refuse } from './review.ts';

/**
 * A Fallout 2d20 actor of the Foundry system fallout (template.json: character, robot, npc, creature):
 * a character or robot becomes a PC, an NPC or a creature a bestiary template. Derived values the sheet
 * computes (maximum HP, Defense, melee damage) are computed here the same published way when the file
 * lacks them.
 */

const SPECIAL = ['str', 'per', 'end', 'cha', 'int', 'agi', 'luc'] as const;
const DAMAGE = ['physical', 'energy', 'radiation', 'poison'] as const;

export function foundryFallout(actor: FoundryActor): Mapped {
  const { data, dataKey, path } = actor;
  const p = (rest: string) => path(`${dataKey}.${rest}`);
  const kinds = ['character', 'robot', 'npc', 'creature'];
  if (!kinds.includes(actor.type)) {
    return refuse(path('type'), `${actor.name} is a Foundry "${actor.type}", not a character, robot, NPC or creature: Turnkeeper imports those.`);
  }
  const creature = actor.type === 'creature';
  const pc = actor.type === 'character' || actor.type === 'robot';
  const mapped: string[] = [];
  const leftOut: string[] = [];
  const gm: string[] = [];
  const stats: Record<string, unknown> = { type: creature ? 'creature' : pc ? 'character' : 'character-npc' };
  if (actor.type === 'robot') stats.npcType = 'robot';

  const score = (key: string, at: string, label: string): number | ImportProblem => {
    const v = numberAt(data, at);
    if (v === undefined) return { path: p(at), message: `${actor.name} has no ${label} (${dataKey}.${at}).` };
    const problem = bounded(v, 0, 20, label);
    if (problem) return { path: p(at), message: `${actor.name}: ${problem}.` };
    stats[key] = v;
    return v;
  };
  const attrs: Record<string, number> = {};
  if (creature) {
    for (const a of ['body', 'mind'] as const) {
      const v = score(a, `${a}.value`, a.toUpperCase());
      if (typeof v !== 'number') return refuse(v.path, v.message);
      attrs[a] = v;
    }
    mapped.push(`BODY ${attrs.body}, MIND ${attrs.mind} (${dataKey}.body, ${dataKey}.mind)`);
  } else {
    for (const a of SPECIAL) {
      const v = score(a, `attributes.${a}.value`, a.toUpperCase());
      if (typeof v !== 'number') return refuse(v.path, v.message);
      attrs[a] = v;
    }
    mapped.push(`S.P.E.C.I.A.L. ${SPECIAL.map((a) => `${a.toUpperCase()} ${attrs[a]}`).join(', ')} (${dataKey}.attributes)`);
  }

  // HP: the file's maximum, or the published one (END + LUC + level - 1, plus the sheet's bonus).
  const level = numberAt(data, 'level.value') ?? 1;
  let hp = numberAt(data, 'health.max');
  if (hp !== undefined && hp >= 1) mapped.push(`HP ${hp} (${dataKey}.health.max)`);
  else if (!creature && attrs.end !== undefined && attrs.luc !== undefined) {
    const bonus = numberAt(data, 'health.bonus') ?? 0;
    hp = attrs.end + attrs.luc + level - 1 + bonus;
    mapped.push(`HP ${hp}: END ${attrs.end} + LUC ${attrs.luc} + level ${level} - 1${bonus ? ` ${signed(bonus)}` : ''} (the file has no maximum)`);
  } else {
    hp = numberAt(data, 'health.value');
    if (hp !== undefined) mapped.push(`HP ${hp} (${dataKey}.health.value)`);
  }
  if (hp === undefined || hp < 1) return refuse(p('health'), `${actor.name} has no HP of at least 1 (${dataKey}.health): set it in Foundry, then export again.`);
  const hpProblem = bounded(hp, 1, 100_000, 'HP');
  if (hpProblem) return refuse(p('health.max'), `${actor.name}: ${hpProblem}.`);
  stats.hp = hp;
  const now = numberAt(data, 'health.value');
  const tracks = pc && now !== undefined && now < hp ? { hp: { value: Math.max(0, Math.round(now)), max: hp } } : undefined;
  if (tracks) mapped.push(`Current HP ${tracks.hp.value} of ${hp}`);

  // Defense and initiative.
  let defense = numberAt(data, 'defense.value');
  if (defense === undefined || defense < 1 || pc) {
    defense = creature ? (defense ?? 1) : (attrs.agi! <= 8 ? 1 : 2) + (numberAt(data, 'defense.bonus') ?? 0);
  }
  const defProblem = bounded(defense, 0, 10, 'Defense');
  if (defProblem) return refuse(p('defense'), `${actor.name}: ${defProblem}.`);
  stats.defense = defense;
  mapped.push(`Defense ${defense}`);
  const init = creature ? creatureInitiative(data, attrs) : numberAt(data, 'initiative.bonus') ?? 0;
  if (init !== 0) {
    const problem = bounded(init, -20, 20, 'the initiative bonus');
    if (problem) return refuse(p('initiative'), `${actor.name}: ${problem}.`);
    stats.initiativeBonus = init;
    mapped.push(`Initiative bonus ${signed(init)} (${dataKey}.initiative)`);
  }
  if (!creature && attrs.str !== undefined) {
    const melee = (attrs.str >= 11 ? 3 : attrs.str >= 9 ? 2 : attrs.str >= 7 ? 1 : 0) + (numberAt(data, 'meleeDamage.bonus') ?? 0);
    if (melee > 0) {
      stats.meleeDamageBonus = Math.min(10, melee);
      mapped.push(`Melee damage +${Math.min(10, melee)} CD (from STR ${attrs.str})`);
    }
  }

  // Skills: skill items (ranks and tags); a creature's three skills.
  const skills: Record<string, number> = {};
  const tags: string[] = [];
  if (creature) {
    for (const s of ['melee', 'guns', 'other']) {
      const v = numberAt(data, `${s}.value`);
      if (v !== undefined) skills[s] = Math.max(0, Math.min(6, Math.round(v)));
    }
  }
  for (const item of actor.items) {
    if (item.type !== 'skill' || typeof item.name !== 'string') continue;
    const d = actor.itemData(item);
    const rank = asNumber(d.value);
    const name = item.name.trim().toLowerCase().slice(0, 40);
    if (rank === undefined || !name) continue;
    if (rank > 0 || d.tag === true) skills[name] = Math.max(0, Math.min(6, Math.round(rank)));
    if (d.tag === true && tags.length < 20) tags.push(name);
  }
  if (Object.keys(skills).length > 0) {
    stats.skills = skills;
    mapped.push(`Skills: ${Object.entries(skills).map(([n, r]) => `${n} ${r}${tags.includes(n) ? ' (tag)' : ''}`).join(', ')}`);
  }
  if (tags.length > 0) stats.tags = tags;

  // Damage resistance: the actor's own (worn apparel per location is not read).
  const all: Record<string, number> = {};
  for (const t of DAMAGE) {
    const v = numberAt(data, `resistance.${t}.value`) ?? numberAt(data, `resistance.${t}`);
    if (v !== undefined && v > 0) all[t] = Math.min(100, Math.round(v));
  }
  if (Object.keys(all).length > 0) {
    stats.dr = { all };
    mapped.push(`DR everywhere: ${Object.entries(all).map(([t, v]) => `${t} ${v}`).join(', ')} (${dataKey}.resistance)`);
  }
  const apparel = actor.items.filter((i) => (i.type === 'apparel' || i.type === 'robot_armor') && actor.itemData(i).equipped === true).map((i) => String(i.name));
  if (apparel.length > 0) leftOut.push(`Worn apparel (${cut(apparel.join(', '), 100)}): DR by location is not read from apparel; add it on the sheet`);

  const body = stringAt(data, 'bodyType');
  if (body && body !== 'humanoid' && Object.hasOwn(HIT_LOCATIONS, body)) {
    stats.hitLocations = HIT_LOCATIONS[body];
    mapped.push(`Hit locations: the ${body} table (${dataKey}.bodyType)`);
  }

  // Weapons and ammunition.
  const weapons: Record<string, unknown>[] = [];
  const names = new Set<string>();
  for (const item of actor.items) {
    if (item.type !== 'weapon') continue;
    const w = falloutWeapon(item, actor.itemData(item), creature);
    if (w.weapon && !names.has(String(w.weapon.name).toLowerCase()) && weapons.length < 30) {
      names.add(String(w.weapon.name).toLowerCase());
      weapons.push(w.weapon);
      mapped.push(w.note);
    } else leftOut.push(w.weapon ? `${w.note}: the same name twice, or more than 30 weapons` : w.note);
  }
  if (weapons.length > 0) stats.weapons = weapons;
  const ammo: Record<string, number> = {};
  for (const item of actor.items) {
    if (item.type !== 'ammo' || typeof item.name !== 'string') continue;
    const d = actor.itemData(item);
    const quantity = asNumber(d.quantity) ?? 0;
    const shots = numberAt(d, 'shots.max') ?? 1;
    const current = numberAt(d, 'shots.current') ?? shots;
    const rounds = Math.max(0, Math.min(100_000, Math.round(quantity > 0 ? (quantity - 1) * shots + current : 0)));
    const key = cut(item.name.trim(), 40);
    ammo[key] = (ammo[key] ?? 0) + rounds;
  }
  if (Object.keys(ammo).length > 0) {
    stats.ammo = ammo;
    mapped.push(`Ammunition: ${Object.entries(ammo).map(([t, n]) => `${t} ${n}`).join(', ')}`);
  }

  const luck = numberAt(data, 'luckPoints');
  if (pc && luck !== undefined && attrs.luc !== undefined && luck !== attrs.luc) leftOut.push(`Luck points ${luck} now: a new PC starts with its LUC (${attrs.luc}); set the track after the import`);
  const category = stringAt(data, 'category');
  if (!pc && category) gm.push(`${category[0]!.toUpperCase()}${category.slice(1)} ${creature ? 'creature' : 'NPC'}, level ${level}`);
  const other = actor.items.filter((i) => !['skill', 'weapon', 'ammo', 'apparel', 'robot_armor'].includes(String(i.type))).map((i) => String(i.name));
  if (other.length > 0) leftOut.push(`${other.length} other item${other.length > 1 ? 's' : ''} (${cut(other.join(', '), 120)}): perks, abilities and gear have no place on the sheet`);
  if (pc) leftOut.push(...['origin', 'trait'].flatMap((k) => (stringAt(data, k) ? [`${k[0]!.toUpperCase()}${k.slice(1)}: not kept`] : [])));
  const description = stringAt(data, 'description');
  if (!pc && description && plainText(description)) gm.push(cut(plainText(description), 1000));
  const injuries = at(data, 'injuries');
  if (typeof injuries === 'string' && injuries.trim()) leftOut.push('Injuries: not kept');
  if (isObject(at(data, 'conditions'))) leftOut.push('Hunger, thirst, sleep and radiation: not tracked here');

  const name = cut(actor.name, 80);
  const fields: Record<string, unknown> = pc ? { name, stats, ...(tracks ? { tracks } : {}) } : { name, stats, ...(gm.length > 0 ? { gmNotes: cut(gm.join(' · '), 4000) } : {}) };
  return { ok: true, item: { kind: pc ? 'pc' : 'template', name, fields, mapped, leftOut } };
}

interface ImportProblem {
  readonly path: string;
  readonly message: string;
}

/** A creature's initiative bonus: what its sheet's initiative adds to BODY + MIND (0 when it does not say). */
function creatureInitiative(data: Readonly<Record<string, unknown>>, attrs: Readonly<Record<string, number>>): number {
  const value = numberAt(data, 'initiative.value');
  if (value === undefined || value <= 0) return 0;
  return value - (attrs.body ?? 0) - (attrs.mind ?? 0);
}
