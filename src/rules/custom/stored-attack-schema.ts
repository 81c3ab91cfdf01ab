import { z } from 'zod';
import { diceNotation, tryParseTableDice } from '../../core/index.ts';
import { BONUS } from './hit-bonus.ts';

/**
 * A stored attack's hit: a bonus on 1d20 ("+4") or a roll of its own ("2d6+1", "1d100"). A bare number
 * is a bonus here (the free-form attack's box takes a roll only).
 */
const storedHit = z
  .string()
  .trim()
  .min(1, 'type the hit bonus (e.g. +4) or the roll (e.g. 2d6+1)')
  .max(100)
  .superRefine((text, ctx) => {
    if (BONUS.test(text)) return;
    if (!/d/i.test(text) || !tryParseTableDice(text).ok) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1)` });
    }
  });

/**
 * Each field's title is its label in the GM's add form, the description the help line under it; the
 * attack's own title names an item of the list ("Attack 1", "+ Add attack").
 */
export const storedAttack = z
  .object({
    name: z.string().trim().min(1, 'give the attack a name (e.g. Shortsword)').max(60).meta({ title: 'Attack name', description: 'e.g. Shortsword' }),
    hit: storedHit.meta({ title: 'Hit', description: 'A bonus such as +4, or a roll such as 2d6+1' }),
    damage: diceNotation(100).optional().meta({ title: 'Damage', description: 'e.g. 1d6+2' }),
    vs: z.number().int().min(-100).max(1000).optional().meta({ title: 'Number to beat', description: "Only if not the target's defense" }),
  })
  .strict()
  .meta({ title: 'Attack' });

export const storedAttacks = z
  .array(storedAttack)
  .max(20)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      const key = a.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `two attacks are called "${a.name}": give each its own name` });
      seen.add(key);
    });
  });

export const storedAttacksDoc =
  'Attacks this combatant makes again and again, offered by name in its actions so the GM only picks the target: a name, the hit (a bonus on the d20 such as +4, or a roll such as 2d6+1), the damage (e.g. 1d6+2) and, only if it is not the target\'s defense, the number to beat (vs).';
