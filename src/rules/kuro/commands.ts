import { z } from 'zod';
import { diceNotation, enteredDiceSchema, lazySchemas } from '../../core/index.ts';

const ref = z.string().trim().min(1).max(120);
const text = z.string().trim().min(1).max(200);
const dice = enteredDiceSchema.optional();

/** The Kuro module's commands (shared names where they mean the same across games). Each schema is built on first use (lazySchemas). */
export const kuroCommands = lazySchemas({
  start: () => z.object({ type: z.literal('start'), dice }).strict(),
  'roll-initiative': () => z.object({ type: z.literal('roll-initiative'), combatants: z.array(ref).min(1).max(100).optional(), dice }).strict(),
  'set-initiative': () => z.object({ type: z.literal('set-initiative'), combatant: ref, total: z.number().int().min(-1000).max(1000), dice }).strict(),
  'end-turn': () => z.object({ type: z.literal('end-turn'), actor: ref.optional(), dice }).strict(),
  act: () => z.object({ type: z.literal('act'), actor: ref, label: text, dice }).strict(),
  attack: () =>
    z
      .object({
        type: z.literal('attack'),
        actor: ref,
        target: ref,
        kind: z.enum(['normal', 'power', 'fast']).default('normal'),
        invest: z.number().int().min(-1000).max(1000).optional(),
        skill: z.string().trim().min(1).max(60).optional(),
        specialisation: z.string().trim().min(1).max(60).optional(),
        weapon: z.string().trim().min(1).max(60).optional(),
        damage: z.union([z.number().int().min(0).max(1000), diceNotation(60)]).optional(),
        vs: z.number().int().min(-100).max(1000).optional(),
        defence: z.enum(['none', 'parry', 'dodge']).default('none'),
        defenceSkill: z.string().trim().min(1).max(60).optional(),
        label: z.string().trim().min(1).max(100).optional(),
        dice,
      })
      .strict(),
  'lose-action': () =>
    z
      .object({ type: z.literal('lose-action'), combatant: ref, count: z.number().int().min(1).max(30).default(1), reason: text.optional(), dice })
      .strict(),
  'set-actions': () =>
    z
      .object({ type: z.literal('set-actions'), combatant: ref, actions: z.number().int().min(0).max(30), reason: text.optional(), dice })
      .strict(),
  check: () =>
    z
      .object({
        type: z.literal('check'),
        combatant: ref,
        characteristic: z.string().trim().min(2).max(6),
        skill: z.string().trim().min(1).max(60).optional(),
        specialisation: z.string().trim().min(1).max(60).optional(),
        tn: z.number().int().min(-100).max(1000).optional(),
        label: z.string().trim().min(1).max(100).optional(),
        dice,
      })
      .strict(),
});
