import { bounded, cut, damageDice, signed } from './read.ts';
import { checkItems, gameName, refuse } from './review.ts';
import type { ImportItem, ImportResult, ImportTarget } from './review.ts';

/**
 * The one-line NPC statblocks of Stars and Cities Without Number, pasted as text: a name, then the
 * columns HD, AC, Atk., Dmg., Move, ML, Skills, Saves ("Raider 1 13 +1 1d6 10m 8 +1 15+"). Columns may
 * be split by spaces or tabs; a header row, blank lines and lines starting with # are skipped. Each line
 * becomes a bestiary template.
 */

const HD = String.raw`(?<hd>\d{1,3}(?:\s*HP)?)`;
const AC = String.raw`(?<ac>\d{1,4})(?:\s*\((?<armour>[^)]*)\))?`;
const ATTACK = String.raw`(?<atk>[+-]\s?\d{1,3})(?:\s*[x×]\s*(?<times>\d{1,2}))?`;
const DAMAGE = String.raw`(?<dmg>(?:by\s+)?weapon(?:\s*[+-]\s*\d+)?|\d{0,2}d\d{1,3}(?:\s*[+-]\s*\d{1,3})?(?:\s*[x×]\s*\d{1,2})?|-|—|none)`;
const MOVE = String.raw`(?<move>\d{1,4}\s*(?:m|ft|')(?:\s*(?:fly|flying|swim|climb|burrow|jump)\b)?|-|—)`;
const MORALE = String.raw`(?<ml>\d{1,2})`;
const SKILLS = String.raw`(?<skills>[+-]\s?\d{1,2})`;
const SAVES = String.raw`(?<saves>\d{1,2})\+?`;
const LINE = new RegExp(String.raw`^(?<name>.+?)\s+${HD}\s+${AC}\s+${ATTACK}\s+${DAMAGE}\s+${MOVE}\s+${MORALE}\s+${SKILLS}\s+${SAVES}$`, 'i');
const HEADER = /\bHD\b.*\bAC\b/i;
const EXAMPLE = 'e.g. “Raider 1 13 +1 1d6 10m 8 +1 15+”: name, HD, AC, attack, damage, move, morale, skills, saves';

export function importStatblockLines(text: string, target: ImportTarget): ImportResult {
  if (target.rules !== 'swn' && target.rules !== 'cwn') {
    return refuse('', `Statblock lines are Stars and Cities Without Number NPCs; this campaign plays ${gameName(target.rules)}. Paste them into an SWN or CWN campaign.`);
  }
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 2000) return refuse('', `This holds ${lines.length} lines; paste at most 2,000 at once.`);
  const items: ImportItem[] = [];
  const lineOf: number[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/[\t ]+/g, ' ').trim();
    if (line === '' || line.startsWith('#') || HEADER.test(line)) continue;
    const where = `line ${i + 1}`;
    const m = LINE.exec(line);
    if (!m?.groups) return refuse(where, `“${cut(line, 60)}” is not a statblock line (${EXAMPLE}).`);
    const item = fromLine(m.groups, target.rules);
    if (typeof item === 'string') return refuse(where, `${m.groups.name!.trim()}: ${item}.`);
    const key = item.name.toLowerCase();
    if (seen.has(key)) return refuse(where, `A second “${item.name}” (the first is on line ${seen.get(key)! + 1}): give each line its own name.`);
    seen.set(key, i);
    items.push(item);
    lineOf.push(i + 1);
  }
  if (items.length === 0) return refuse('', `No statblock lines found (${EXAMPLE}).`);
  const problem = checkItems(items, target, (i) => `line ${lineOf[i]}`);
  if (problem) return problem;
  return { ok: true, format: `Statblock lines (${items.length})`, items };
}

function fromLine(g: Readonly<Record<string, string | undefined>>, rules: string): ImportItem | string {
  const name = cut(g.name!.trim(), 80);
  const mapped: string[] = [];
  const leftOut: string[] = [];
  const gm: string[] = [];
  const stats: Record<string, unknown> = {};

  const hdText = g.hd!.replace(/\s+/g, ' ');
  const hpGiven = /HP$/i.test(hdText);
  const hdNumber = Number(hdText.replace(/\s*HP$/i, ''));
  const hp = hpGiven ? hdNumber : Math.max(1, Math.floor(hdNumber * 4.5));
  const hpProblem = bounded(hp, 1, 100_000, 'HP');
  if (hpProblem) return hpProblem;
  stats.hp = hp;
  mapped.push(hpGiven ? `HP ${hp}` : `HP ${hp}: the average of ${hdNumber}d8 (HD ${hdNumber})`);
  if (!hpGiven) gm.push(`HD ${hdNumber}`);

  const ac = Number(g.ac);
  const acProblem = bounded(ac, 0, 100, 'AC');
  if (acProblem) return acProblem;
  stats.ac = ac;
  mapped.push(`AC ${ac}${g.armour ? ` (${g.armour.trim()} armour)` : ''}`);

  const attack = Number(g.atk!.replace(/\s/g, ''));
  const atkProblem = bounded(attack, -10, 50, 'the attack bonus');
  if (atkProblem) return atkProblem;
  stats.attackBonus = attack;
  mapped.push(`Attack bonus ${signed(attack)}`);
  if (g.times && Number(g.times) > 1) {
    gm.push(`${g.times} attacks`);
    leftOut.push(`×${g.times} attacks: one attack a Main Action here (kept in the GM notes)`);
  }

  const dmgText = g.dmg!.trim();
  const dice = damageDice(dmgText.replace(/\s*[x×]\s*\d+$/, ''));
  if (dice) {
    stats.weapons = [{ name: 'Attack', damage: dice }];
    mapped.push(`Attack: ${dice} damage (melee: the line does not say which)`);
    if (/[x×]\s*\d+$/.test(dmgText)) leftOut.push(`Damage “${dmgText}”: each attack rolls ${dice}`);
  } else if (/weapon/i.test(dmgText)) {
    leftOut.push(`Damage “${dmgText}”: by the weapon carried; add the weapon on the template`);
  } else leftOut.push(`Damage “${dmgText}”: none`);

  const morale = Number(g.ml);
  const mlProblem = bounded(morale, 2, 12, 'morale');
  if (mlProblem) return mlProblem;
  gm.push(`Morale ${morale}`);
  leftOut.push(`Morale ${morale}: morale checks are not rolled here (kept in the GM notes)`);

  const skill = Number(g.skills!.replace(/\s/g, ''));
  const skProblem = bounded(skill, -1, 10, 'the skill bonus');
  if (skProblem) return skProblem;
  stats.skills = { notice: skill, sneak: skill };
  mapped.push(`Skills ${signed(skill)} → Notice and Sneak ${signed(skill)} (surprise checks read them when the NPC is vigilant)`);

  const saves = Number(g.saves);
  const svProblem = bounded(saves, 1, 20, 'the saving throw');
  if (svProblem) return svProblem;
  gm.push(`Save ${saves}+`);
  leftOut.push(`Save ${saves}+: saving throws are not rolled here (kept in the GM notes)`);

  const move = g.move!.trim();
  if (move !== '-' && move !== '—') {
    gm.push(`Move ${move}`);
    leftOut.push(`Move ${move}: movement is not tracked here (kept in the GM notes)`);
  }
  if (g.armour) gm.push(`AC ${ac} (${g.armour.trim()})`);
  void rules;
  return { kind: 'template', name, fields: { name, stats, gmNotes: gm.join(' · ') }, mapped, leftOut };
}
