import { possessiveOf, ref, refPossessive, refs, said, sideRef, tracks } from '../../core/index.ts';
import type { LogText } from '../../core/index.ts';
import type { RollResult } from '../../dice/index.ts';
import type { CheckRoll } from './checks.ts';
import type { Applied } from './cover.ts';
import { plus, rollText, slotRef } from './describe-initiative.ts';
import type { Spends } from './economy.ts';
import type { SnEncounter } from './state.ts';
import { signed } from './stats.ts';

type E = Record<string, unknown>;

const check = (c: CheckRoll): string => `${c.total} (${rollText(c.roll, c.modifier)})`;

function usesMove(e: E): string {
  const spends = e.spends as Spends;
  return spends.move !== undefined ? 'Move action' : 'Main action as a second Move';
}

function attackText(e: E, n: (id: unknown) => string): string {
  const head = e.free ? 'free attack' : 'Main action, attack';
  const mods = (e.parts as Applied[]).filter((p) => !['attack-bonus', 'skill', 'attribute'].includes(p.id) || (p.id === 'skill' && p.value < 0));
  const ignored = (e.ignored as Array<Applied & { why: string }>).map((x) => `${x.label} ignored: ${x.why}`);
  // The tech-level rule (SWN): an advanced weapon ignoring primitive armour, advanced armour stopping a primitive weapon.
  const tech = e.techLevel as { effect: string; armour?: string; from?: number; prevented?: string } | undefined;
  const ac10 = tech?.effect === 'ignores-primitive-armour' ? [`the ${e.weapon as string} ignores the primitive ${tech.armour ?? 'armour'}: AC ${e.ac as number} instead of ${tech.from ?? '?'}`] : [];
  const notes = [...mods.map((p) => `${p.label} ${signed(p.value)}`), ...ignored, ...ac10];
  const bonus = e.bonus as number;
  let text = `${n(e.actor)}: ${head} on ${n(e.target)} with ${e.weapon as string}: ${(e.hitRoll as RollResult).total}${plus(bonus)} vs AC ${e.ac as number}`;
  if (notes.length > 0) text += ` (${notes.join('; ')})`;
  const ll = e.lessLethal ? 'less-lethal ' : '';
  const damage = e.damage as number;
  const shock = e.shock as { damage: number } | undefined;
  if (tech?.effect === 'armour-stops-primitive' && tech.prevented !== 'nothing') {
    const armour = tech.armour !== undefined ? `the ${possessiveOf(tech.armour)}` : refPossessive(e.target as string);
    const stops = `${armour} advanced armour stops the primitive ${e.weapon as string} completely`;
    text += e.hit ? `, hit, but ${stops}: no damage` : `, miss, and ${stops}: no Shock damage`;
  } else if (e.hit) {
    const roll = e.damageRoll as RollResult;
    const raised = shock && shock.damage === damage && roll.total + (e.damageBonus as number) < damage ? `, raised to Shock ${shock.damage}` : '';
    text += `, hit, ${damage} ${ll}damage (${rollText(roll, e.damageBonus as number)}${raised})`;
  } else {
    text += shock ? `, miss, Shock: ${damage} ${ll}damage` : ', miss';
  }
  if (e.grappled) text += ` [${n(e.actor)} is grappled: no actions that need free hands]`;
  return `${text}.`;
}

export function describeActions(name: string, e: E, s: SnEncounter): LogText | null | undefined {
  const n = (id: unknown): string => ref(id as string);
  // A label a player asked for (an Instant action requested as a reaction) is the player's words, read as written.
  const label = typeof e.label === 'string' ? ` (${e.labelBy === 'player' ? said(e.label) : e.label})` : '';
  switch (name) {
    case 'acted':
      switch (e.action) {
        case 'move':
          return { text: `${n(e.actor)}: Move action${label}.` };
        case 'main-as-move':
          return { text: `${n(e.actor)}: Main action spent as a second Move${label}.` };
        case 'stand-up':
          return { text: `${n(e.actor)} stands up from prone (${usesMove(e)}).` };
        case 'fighting-withdrawal':
          return { text: `${n(e.actor)}: Main action, Fighting Withdrawal${label}.` };
        case 'on-turn':
          return { text: `${n(e.actor)}: On Turn action${label}.` };
        case 'instant':
          return { text: `${n(e.actor)}: Instant action${label}${e.costsMain ? ', costing the Main action' : ''}.` };
        default:
          return { text: `${n(e.actor)}: Main action${label}.` };
      }
    case 'left-melee': {
      const foes = e.targets as string[];
      if (e.withdrawing) {
        const how = (e.spends as Spends).main === 'Fighting Withdrawal' ? ': Main action, Fighting Withdrawal, then leaves melee' : ' leaves melee after the Fighting Withdrawal';
        return { text: `${n(e.actor)}${how} (${usesMove(e)}): no free attacks.` };
      }
      // `owed`: who gets a free attack (null: no foe named); events written before it existed owe the targets.
      const owed = e.owed === undefined ? (foes.length > 0 ? foes : null) : (e.owed as string[] | null);
      const ranged = (e.rangedOnly ?? []) as string[];
      if (owed !== null && owed.length === 0) {
        const why = refs(ranged, { one: ' wields only ranged weapons, so no free attack is owed', many: ' wield only ranged weapons, so no free attacks are owed', empty: 'no foe named is left to make a free attack' });
        return { text: `${n(e.actor)} leaves melee without a Fighting Withdrawal (${usesMove(e)}): ${why}.` };
      }
      const who =
        owed !== null
          ? `${refs(owed, { min: 1, one: ' gets', many: ' each get' })} a free automatic melee attack on ${n(e.actor)}`
          : `every foe engaged with ${n(e.actor)} in melee gets a free automatic melee attack (not those wielding only ranged weapons)`;
      const none = refs(ranged, { lead: '; ', one: ' wields only ranged weapons: no free attack', many: ' wield only ranged weapons: no free attacks' });
      return { text: `Warning: ${n(e.actor)} leaves melee without a Fighting Withdrawal (${usesMove(e)}): ${who} (attack {free: true})${none}.` };
    }
    case 'free-attacks-lapsed': {
      const foes = e.foes as string[] | null;
      const over = `${refPossessive(e.actor as string)} turn is over`;
      if (foes === null) return { text: `${over}: free attacks on ${n(e.actor)} not taken lapse.` };
      if (foes.length === 0) return null;
      return { text: `${over}: the free attack on ${n(e.actor)} lapses for ${refs(foes, { min: 1 })}.` };
    }
    case 'attacked':
      return { text: attackText(e, n) };
    case 'surprise-checked': {
      const outcome = e.surprised ? `${n(e.target)} is caught off guard` : `${n(e.target)} notices ${n(e.actor)}`;
      return {
        text: `Surprise check: ${refPossessive(e.actor as string)} Dex/Sneak ${check(e.sneak as CheckRoll)} vs ${refPossessive(e.target as string)} Wis/Notice ${check(e.notice as CheckRoll)}: ${outcome}.`,
      };
    }
    case 'surprised': {
      const ids = e.combatants as string[];
      const how = e.declared ? ' (declared by the GM)' : '';
      const dropped = refs(e.dropped as string[], { lead: ' Initiative already rolled by ', one: ' is set aside.', many: ' is set aside.' });
      // Group initiative: a party roll made with a surprised PC's Dex.
      const setAside = ((e.setAside ?? []) as Array<{ key: string; label: string; rolledBy: string }>)
        .map((x) => ` The ${slotRef(s, x.key, x.label, true)} initiative, rolled with ${refPossessive(x.rolledBy)} Dex, is set aside: the party rolls again.`)
        .join('');
      const rest = ' at the start of round 2.';
      return {
        text: `Surprised${how}: ${refs(ids, { min: 1, one: `. No initiative and only Instant actions in round 1; it rolls${rest}`, many: `. No initiative and only Instant actions in round 1; they roll${rest}` })}${dropped}${setAside}`,
      };
    }
    case 'surprise-ended':
      return { text: `${n(e.combatant)} is no longer surprised (the GM took it off): it may roll initiative (roll-initiative).` };
    case 'side-surprised': {
      const side = sideRef(e.side as string);
      const immune = (e.immune as string[]).filter((id) => !s.combatants[id]?.hidden);
      const how = e.declared ? ' (declared by the GM)' : '';
      const im = refs(immune, { lead: ' Immune to surprise: ', one: ' (acting in the free round).', many: ' (acting in the free round).' });
      return { text: `The ${side} are surprised${how}: their enemies get a full free round before initiative is rolled.${im}` };
    }
    case 'not-surprised': {
      return { text: `The ${sideRef(e.side as string)} are not surprised: ${refs(e.combatants as string[], { min: 1 })} noticed the ambush.` };
    }
    case 'side-set': {
      const side = sideRef(e.side as string);
      const parts: string[] = [];
      if (e.anticipating !== undefined) parts.push(e.anticipating ? 'anticipating combat (cannot be surprised)' : 'no longer anticipating combat');
      if (e.modifier !== undefined) parts.push(`initiative modifier ${signed(e.modifier as number)}`);
      return { text: `The ${side}: ${parts.join(', ')}.` };
    }
    default:
      return describeGrapple(name, e, n);
  }
}

function describeGrapple(name: string, e: E, n: (id: unknown) => string): LogText | null | undefined {
  const vs = (): string => `Str/Exert ${check(e.attack as CheckRoll)} vs ${check(e.defense as CheckRoll)}`;
  const tie = e.attack !== undefined && (e.attack as CheckRoll).total === (e.defense as CheckRoll).total;
  switch (name) {
    case 'shoved': {
      const what = e.effect === 'prone' ? 'is knocked prone' : 'is pushed back 5 feet';
      const outcome = e.success ? `${n(e.target)} ${what}` : `${n(e.target)} holds its ground${tie ? ' (the defender wins ties)' : ''}`;
      return { text: `${n(e.actor)}: Main action, shove on ${n(e.target)}: ${vs()}: ${outcome}.` };
    }
    case 'grappled': {
      const outcome = e.success
        ? `${n(e.target)} is grappled (cannot move or use actions that need free hands)`
        : `${n(e.target)} slips the grip${tie ? ' (the defender wins ties)' : ''}`;
      return { text: `${n(e.actor)}: Main action, grapple on ${n(e.target)}: ${vs()}: ${outcome}.` };
    }
    case 'broke-free': {
      const outcome = e.success ? 'breaks free' : `is still grappled${tie ? ' (the grappler wins ties)' : ''}`;
      return { text: `${n(e.actor)}: Main action, break free from ${n(e.target)}: ${vs()}: ${n(e.actor)} ${outcome}.` };
    }
    case 'grapple-maintained':
      return { text: `${n(e.actor)} maintains the grapple on ${n(e.target)} (${usesMove(e)}).` };
    case 'grapple-released':
      return { text: `${n(e.actor)} releases ${n(e.target)} (free action).` };
    case 'grapple-lapsed':
      return { text: `${refPossessive(e.actor as string)} grapple on ${n(e.target)} lapses: ${e.reason as string}.` };
    case 'grapple-ended':
      return e.reason === 'broke free' ? null : { text: `${refPossessive(e.actor as string)} grapple on ${n(e.target)} ends: ${e.reason as string}.` };
    case 'knocked-out':
      return {
        text: `${n(e.combatant)} falls unconscious${tracks(e.combatant as string, `: ${e.lessLethal as number} less-lethal damage has reached current HP ${e.hp as number}`, '')} (not in danger of death).`,
      };
    default:
      return undefined;
  }
}
