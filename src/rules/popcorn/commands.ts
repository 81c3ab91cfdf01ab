import { z } from 'zod';
import { enteredDiceSchema, lazySchemas } from '../../core/index.ts';
import { notationSchema } from './schema.ts';

const ref = z.string().trim().min(1).max(120);
const label = z.string().trim().min(1).max(200);
const dice = enteredDiceSchema.optional();
const groupName = z.string().trim().min(1).max(60);

/** The module's commands. Combatant fields (actor, to, combatant) take a name or an id. Each schema is built on first use (lazySchemas). */
export const popcornCommands = lazySchemas({
  start: () =>
    z
      .object({
        type: z.literal('start'),
        combatant: ref.optional(),
        side: z.string().trim().min(1).max(80).optional(),
        roll: z.literal(true).optional(),
        dice,
      })
      .strict(),
  pass: () => z.object({ type: z.literal('pass'), actor: ref.optional(), to: ref.optional(), group: groupName.optional(), dice }).strict(),
  hold: () => z.object({ type: z.literal('hold'), actor: ref.optional(), to: ref.optional(), group: groupName.optional(), dice }).strict(),
  // The label is the GM's note of what happens: the rules ask for none ("When taking an action, the character makes a standard roll").
  act: () => z.object({ type: z.literal('act'), actor: ref, label: label.optional(), roll: notationSchema.optional(), dice }).strict(),
  delay: () =>
    z
      .object({
        type: z.literal('delay'),
        actor: ref,
        label,
        segments: z.number().int().min(1).max(100).optional(),
        discretion: z.literal(true).optional(),
        dice,
      })
      .strict(),
  'complete-delayed': () =>
    z
      .object({ type: z.literal('complete-delayed'), actor: ref, roll: notationSchema.optional(), early: z.boolean().default(false), dice })
      .strict(),
  abandon: () => z.object({ type: z.literal('abandon'), actor: ref, dice }).strict(),
  conditional: () => z.object({ type: z.literal('conditional'), actor: ref, trigger: label, label, dice }).strict(),
  trigger: () =>
    z
      .object({ type: z.literal('trigger'), actor: ref, roll: notationSchema.optional(), note: z.string().trim().max(200).optional(), dice })
      .strict(),
  react: () =>
    z
      .object({
        type: z.literal('react'),
        actor: ref,
        kind: z.enum(['pool', 'passive', 'action']).default('pool'),
        label,
        extra: notationSchema.optional(),
        defense: z.boolean().default(true),
        dice,
      })
      .strict(),
  'end-round-choice': () =>
    z
      .object({
        type: z.literal('end-round-choice'),
        actor: ref.optional(),
        choice: z.enum(['complete', 'continue', 'abandon']),
        roll: notationSchema.optional(),
        dice,
      })
      .strict(),
  'health-check': () =>
    z
      .object({
        type: z.literal('health-check'),
        actor: ref,
        roll: notationSchema.optional(),
        passed: z.boolean().optional(),
        note: z.string().trim().max(200).optional(),
        dice,
      })
      .strict(),
  'next-round': () => z.object({ type: z.literal('next-round'), dice }).strict(),
  'set-acted': () => z.object({ type: z.literal('set-acted'), combatant: ref, acted: z.boolean(), dice }).strict(),
});

type Out<K extends keyof typeof popcornCommands> = z.output<(typeof popcornCommands)[K]>;
export type StartCommand = Out<'start'>;
export type PassCommand = Out<'pass'>;
export type HoldCommand = Out<'hold'>;
export type ActCommand = Out<'act'>;
export type DelayCommand = Out<'delay'>;
export type CompleteCommand = Out<'complete-delayed'>;
export type ConditionalCommand = Out<'conditional'>;
export type TriggerCommand = Out<'trigger'>;
export type ReactCommand = Out<'react'>;
export type EndChoiceCommand = Out<'end-round-choice'>;
export type HealthCheckCommand = Out<'health-check'>;
