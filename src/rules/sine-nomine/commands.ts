import { z } from 'zod';
import { enteredDiceSchema, lazySchemas } from '../../core/index.ts';
import type { Command } from '../../core/index.ts';
import { basicActions, grappleActions } from './act.ts';
import type { SnGame } from './game.ts';
import { standUpActions } from './stand-up.ts';

const dice = enteredDiceSchema.optional();
const ref = z.string().trim().min(1).max(120);
const refs = z.array(ref).min(1).max(100);
const sideName = z.string().trim().min(1).max(80);

/** The commands of a Sine Nomine game, each schema with its `type` literal, built on first use (lazySchemas). */
export function snCommands(game: SnGame): Record<string, z.ZodType<Command>> {
  const modifierIds = game.modifiers.defs.map((d) => d.id) as [string, ...string[]];
  const actions = [...basicActions, ...(game.grapple ? grappleActions : []), ...(game.standUp ? standUpActions : [])];
  const commands: Record<string, () => z.ZodType<Command>> = {
    'roll-initiative': () => z.object({ type: z.literal('roll-initiative'), combatants: refs.optional(), dice }).strict(),
    'set-initiative': () =>
      z
        .object({
          type: z.literal('set-initiative'),
          combatant: ref.optional(),
          side: sideName.optional(),
          total: z.number().int().min(-100).max(100),
          dice,
        })
        .strict()
        .refine((c) => (c.combatant === undefined) !== (c.side === undefined), 'pick a combatant or a side, not both'),
    start: () => z.object({ type: z.literal('start'), dice }).strict(),
    'begin-turn': () => z.object({ type: z.literal('begin-turn'), combatant: ref, dice }).strict(),
    'end-turn': () => z.object({ type: z.literal('end-turn'), combatant: ref.optional(), dice }).strict(),
    act: () =>
      z
        .object({
          type: z.literal('act'),
          actor: ref,
          action: z.enum(actions as [string, ...string[]]),
          label: z.string().trim().min(1).max(200).optional(),
          costsMain: z.boolean().optional(),
          target: ref.optional(),
          dice,
        })
        .strict(),
    'leave-melee': () =>
      z
        .object({ type: z.literal('leave-melee'), actor: ref, withdrawing: z.boolean().default(false), targets: z.array(ref).max(100).default([]), dice })
        .strict(),
    attack: () =>
      z
        .object({
          type: z.literal('attack'),
          actor: ref,
          target: ref,
          weapon: z.union([z.string().trim().min(1).max(60), z.number().int().min(0).max(29)]).optional(),
          modifiers: z.array(z.enum(modifierIds)).max(10).default([]),
          situational: z.number().int().min(-20).max(20).default(0),
          free: z.boolean().default(false),
          ...(game.lessLethal ? { lessLethal: z.boolean().optional() } : {}),
          dice,
        })
        .strict(),
    surprise: () =>
      z
        .object({
          type: z.literal('surprise'),
          actors: z.array(ref).max(50).default([]),
          ...(game.surprise === 'side' ? { side: sideName.optional(), targets: refs.optional() } : { targets: refs }),
          declare: z.boolean().default(false),
          dice,
        })
        .strict(),
  };
  if (game.surprise === 'side') {
    commands['set-side'] = () =>
      z
        .object({
          type: z.literal('set-side'),
          side: sideName,
          anticipating: z.boolean().optional(),
          modifier: z.number().int().min(-20).max(20).optional(),
          dice,
        })
        .strict()
        .refine((c) => c.anticipating !== undefined || c.modifier !== undefined, 'give anticipating or modifier');
  }
  if (game.grapple) {
    commands.shove = () =>
      z
        .object({ type: z.literal('shove'), actor: ref, target: ref, effect: z.enum(['push', 'prone']).default('push'), dice })
        .strict();
    commands.grapple = () => z.object({ type: z.literal('grapple'), actor: ref, target: ref, dice }).strict();
    commands['break-free'] = () => z.object({ type: z.literal('break-free'), actor: ref, target: ref.optional(), dice }).strict();
  }
  return lazySchemas(commands);
}
