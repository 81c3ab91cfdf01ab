import { asNumber, at, bounded, cut, damageDice, isObject, plainText, signed, stringAt } from './read.ts';
import type { JsonObject } from './read.ts';
import { checkItems, gameName, refuse } from './review.ts';
import type { ImportItem, ImportResult, ImportTarget } from './review.ts';

/**
 * Improved Initiative's creatures: its StatBlock JSON ({Name, HP: {Value, Notes}, AC: {Value, Notes},
 * InitiativeModifier, Abilities, Actions: [{Name, Content}], Player, ...}), one or a list. A creature
 * becomes a template; one with a Player becomes a PC. Custom campaigns get the defense, the initiative
 * roll and the attacks found in the actions ("+4 to hit ... (1d6 + 2)"); SWN and CWN the AC, the best
 * attack bonus and the weapons; popcorn the HP only.
 */

const GAMES = ['custom', 'swn', 'cwn', 'popcorn'];

export function isImprovedInitiative(json: unknown): boolean {
  const one = Array.isArray(json) ? json[0] : json;
  return isObject(one) && typeof one.Name === 'string' && isObject(one.HP);
}

export function importImprovedInitiative(json: unknown, target: ImportTarget): ImportResult {
  if (!GAMES.includes(target.rules)) {
    return refuse('', `Improved Initiative creatures have an AC and attacks on a d20; this campaign plays ${gameName(target.rules)}, which has no place for them. Import them into a ${GAMES.map(gameName).join(', ')} campaign.`);
  }
  const list = Array.isArray(json) ? json : [json];
  if (list.length === 0) return refuse('', 'This file holds an empty list: no creatures to import.');
  if (list.length > 2000) return refuse('', `This file holds ${list.length} creatures; import at most 2,000 at once.`);
  const items: ImportItem[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of list.entries()) {
    const at0 = Array.isArray(json) ? `[${i}]` : '';
    const path = (rest: string) => (at0 && rest ? `${at0}.${rest}` : at0 || rest);
    if (!isObject(raw)) return refuse(path(''), 'This is not an Improved Initiative creature (an object with Name and HP).');
    const item = creature(raw, target.rules, path);
    if (!('kind' in item)) return item;
    const key = `${item.kind}:${item.name.toLowerCase()}`;
    if (seen.has(key)) return refuse(path('Name'), `Two creatures are called “${item.name}”: rename one, or import them one at a time.`);
    seen.add(key);
    items.push(item);
  }
  const problem = checkItems(items, target, (i) => (Array.isArray(json) ? `[${i}]` : ''));
  if (problem) return problem;
  return { ok: true, format: `Improved Initiative (${items.length} creature${items.length > 1 ? 's' : ''})`, items };
}

interface Attack {
  readonly name: string;
  readonly hit: number;
  readonly damage?: string;
  readonly ranged: boolean;
}

function creature(c: JsonObject, rules: string, path: (rest: string) => string): ImportItem | ReturnType<typeof refuse> {
  if (typeof c.Name !== 'string' || !c.Name.trim()) return refuse(path('Name'), 'This creature has no name.');
  const name = cut(c.Name.trim(), 80);
  const hp = asNumber(at(c, 'HP.Value'));
  if (hp === undefined) return refuse(path('HP.Value'), `${name} has no HP (HP.Value).`);
  const hpProblem = bounded(hp, 1, 100_000, 'HP');
  if (hpProblem) return refuse(path('HP.Value'), `${name}: ${hpProblem}.`);
  const ac = asNumber(at(c, 'AC.Value'));
  if (ac !== undefined) {
    const problem = bounded(ac, 0, 100, 'AC');
    if (problem) return refuse(path('AC.Value'), `${name}: ${problem}.`);
  }
  const init = asNumber(c.InitiativeModifier) ?? 0;
  const initProblem = bounded(init, -100, 100, 'the initiative modifier');
  if (initProblem) return refuse(path('InitiativeModifier'), `${name}: ${initProblem}.`);
  const pc = typeof c.Player === 'string' && c.Player.trim() !== '';
  const mapped: string[] = [`HP ${hp}${stringAt(c, 'HP.Notes') ? ` (${stringAt(c, 'HP.Notes')})` : ''}`];
  const leftOut: string[] = [];
  const gm: string[] = [];
  const attacks = attacksOf(c);
  const stats: Record<string, unknown> = {};
  let hpField: number | undefined = hp;

  if (rules === 'custom') {
    if (ac !== undefined) {
      stats.defense = ac;
      mapped.push(`AC ${ac} → defense`);
    }
    if (init !== 0) {
      stats.initiative = `1d20${signed(init)}`;
      stats.tieModifier = init;
      mapped.push(`Initiative 1d20${signed(init)} (InitiativeModifier; also the tie modifier)`);
    }
    const kept = attacks.slice(0, 20);
    if (kept.length > 0) {
      stats.attacks = kept.map((a) => ({ name: cut(a.name, 60), hit: signed(a.hit), ...(a.damage ? { damage: a.damage } : {}) }));
      mapped.push(...kept.map((a) => `Attack ${a.name}: ${signed(a.hit)} to hit${a.damage ? `, ${a.damage}` : ''}`));
    }
  } else if (rules === 'swn' || rules === 'cwn') {
    hpField = undefined;
    stats.hp = hp;
    if (ac !== undefined) {
      stats.ac = ac;
      mapped.push(`AC ${ac}`);
    }
    const best = attacks.reduce((m, a) => Math.max(m, a.hit), Number.NEGATIVE_INFINITY);
    if (Number.isFinite(best)) {
      stats.attackBonus = Math.max(-10, Math.min(50, best));
      mapped.push(`Attack bonus ${signed(best)} (the best of its actions)`);
    }
    const dex = Math.max(-5, Math.min(10, init));
    if (dex !== 0) {
      stats.dexMod = dex;
      mapped.push(`Dex modifier ${signed(dex)} (InitiativeModifier: initiative is 1d8 + Dex here)`);
    }
    const weapons = attacks.filter((a) => a.damage).slice(0, 30);
    if (weapons.length > 0) {
      stats.weapons = weapons.map((a) => ({ name: cut(a.name, 60), damage: a.damage, kind: a.ranged ? 'ranged' : 'melee' }));
      mapped.push(...weapons.map((a) => `Weapon ${a.name}: ${a.damage}, ${a.ranged ? 'ranged' : 'melee'}`));
    }
  } else {
    if (ac !== undefined) leftOut.push(`AC ${ac}: ${gameName(rules)} has no AC`);
    if (attacks.length > 0) leftOut.push(`${attacks.length} attack${attacks.length > 1 ? 's' : ''}: ${gameName(rules)} has no attack rolls here`);
  }
  if (ac !== undefined && stringAt(c, 'AC.Notes')) gm.push(`AC ${ac} ${stringAt(c, 'AC.Notes')}`);
  const actions = Array.isArray(c.Actions) ? c.Actions.filter(isObject) : [];
  const unread = actions.filter((a) => !attacks.some((x) => x.name === stringAt(a, 'Name')));
  if (unread.length > 0) leftOut.push(`Actions without an attack roll (${cut(unread.map((a) => stringAt(a, 'Name') ?? '?').join(', '), 100)}): kept in the GM notes`);
  for (const a of unread.slice(0, 10)) gm.push(`${stringAt(a, 'Name') ?? 'Action'}: ${cut(plainText(stringAt(a, 'Content') ?? ''), 200)}`);
  for (const key of ['Traits', 'Reactions', 'LegendaryActions']) {
    const list = Array.isArray(c[key]) ? (c[key] as unknown[]).filter(isObject) : [];
    if (list.length > 0) {
      leftOut.push(`${key.replace(/([a-z])([A-Z])/g, '$1 $2')} (${cut(list.map((t) => stringAt(t, 'Name') ?? '?').join(', '), 100)}): kept in the GM notes`);
      for (const t of list.slice(0, 10)) gm.push(`${stringAt(t, 'Name') ?? key}: ${cut(plainText(stringAt(t, 'Content') ?? ''), 200)}`);
    }
  }
  for (const key of ['Speed', 'Senses', 'Languages', 'DamageResistances', 'DamageImmunities', 'ConditionImmunities']) {
    const list = Array.isArray(c[key]) ? (c[key] as unknown[]).filter((x): x is string => typeof x === 'string') : [];
    if (list.length > 0) leftOut.push(`${key.replace(/([a-z])([A-Z])/g, '$1 $2')}: not kept`);
  }
  if (isObject(c.Abilities) && rules !== 'swn' && rules !== 'cwn') leftOut.push('Ability scores: no place for them on the sheet');
  if (isObject(c.Abilities) && (rules === 'swn' || rules === 'cwn')) leftOut.push('Ability scores: D&D scores, not read (the initiative modifier is)');
  const type = stringAt(c, 'Type');
  const challenge = stringAt(c, 'Challenge');
  const notes = [type, challenge ? `Challenge ${challenge}` : ''].filter(Boolean).join(', ');
  const description = stringAt(c, 'Description');
  if (description && plainText(description)) gm.push(cut(plainText(description), 1000));

  const fields: Record<string, unknown> = pc
    ? { name, ...(hpField !== undefined ? { hp: hpField } : {}), stats, ...(notes ? { notes } : {}) }
    : { name, ...(hpField !== undefined ? { hp: hpField } : {}), stats, ...(notes ? { notes } : {}), ...(gm.length > 0 ? { gmNotes: cut(gm.join('\n'), 4000) } : {}) };
  if (pc && gm.length > 0) leftOut.push('GM notes: a PC has none; actions and traits are not kept');
  return { kind: pc ? 'pc' : 'template', name, fields, mapped, leftOut };
}

/** The actions with an attack roll: "+4 to hit", with the first dice in brackets as the damage ("(1d6 + 2)"). */
function attacksOf(c: JsonObject): Attack[] {
  const actions = Array.isArray(c.Actions) ? c.Actions.filter(isObject) : [];
  const out: Attack[] = [];
  const names = new Set<string>();
  for (const a of actions) {
    const name = stringAt(a, 'Name')?.trim();
    const content = plainText(stringAt(a, 'Content') ?? '');
    const hit = /([+-]\s?\d{1,3})\s*to\s+hit/i.exec(content);
    if (!name || !hit || names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    const dice = /\(\s*(\d{1,2}\s*d\s*\d{1,3}(?:\s*[+-]\s*\d{1,3})?)\s*\)/i.exec(content);
    const damage = dice ? (damageDice(dice[1]!) ?? undefined) : undefined;
    out.push({ name, hit: Number(hit[1]!.replace(/\s/g, '')), ...(damage ? { damage } : {}), ranged: /ranged/i.test(content) });
  }
  return out;
}
