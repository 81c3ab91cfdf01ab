/**
 * The GM's per-encounter settings, stored with the encounter: how the player view shows NPC HP, and
 * which kinds of player requests are accepted without asking.
 */
import { z } from 'zod';
import { nameProblem } from '../../core/index.ts';
import { defaultDiscord, discordPatchSchema, discordSchema, mergeDiscord } from './discord-setting.ts';
import { defaultTimer, mergeTimer, timerPatchSchema, timerSchema } from './timer-setting.ts';

export const requestKinds = ['initiative', 'end-turn', 'take-turn', 'pass', 'hold', 'luck', 'reaction'] as const;
export type RequestKind = (typeof requestKinds)[number];

/** A band label reaches players' log lines: one line, no control or override characters, something visible (as a name). */
const label = z
  .string()
  .normalize('NFC')
  .trim()
  .max(30)
  .superRefine((text, ctx) => {
    const problem = nameProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^A name/, 'A band label').replace(/\.$/, '') });
  });

export const hpBandsSchema = z
  .object({
    unhurt: label.default('Unhurt'),
    hurt: label.default('Hurt'),
    bloodied: label.default('Bloodied'),
    down: label.default('Down'),
  })
  .strict()
  .describe('The words players see for NPC HP in "bands" mode: full, above half, half or less, 0.');

export const settingsSchema = z
  .object({
    npcHp: z
      .enum(['exact', 'bands', 'hidden'])
      .default('bands')
      .describe('NPC HP on the player view: exact numbers, a band label, or nothing.'),
    bands: hpBandsSchema.default({ unhurt: 'Unhurt', hurt: 'Hurt', bloodied: 'Bloodied', down: 'Down' }),
    autoAccept: z
      .object(Object.fromEntries(requestKinds.map((k) => [k, z.boolean().optional()])) as Record<RequestKind, z.ZodOptional<z.ZodBoolean>>)
      .strict()
      .default({})
      .describe('Request kinds applied at once without the GM (still checked by the rules).'),
    discord: discordSchema.default(defaultDiscord),
    timer: timerSchema.default(defaultTimer),
  })
  .strict();

export type EncounterSettings = z.output<typeof settingsSchema>;
export type HpBands = EncounterSettings['bands'];

/** A partial change: only the given keys change (`bands` and `autoAccept` merge key by key). */
export const settingsPatchSchema = z
  .object({
    npcHp: z.enum(['exact', 'bands', 'hidden']).optional(),
    bands: z.object({ unhurt: label, hurt: label, bloodied: label, down: label }).partial().strict().optional(),
    autoAccept: z
      .object(Object.fromEntries(requestKinds.map((k) => [k, z.boolean()])) as Record<RequestKind, z.ZodBoolean>)
      .partial()
      .strict()
      .optional(),
    discord: discordPatchSchema.optional(),
    timer: timerPatchSchema.optional(),
  })
  .strict();

export type SettingsPatch = z.output<typeof settingsPatchSchema>;

export const defaultSettings: EncounterSettings = settingsSchema.parse({});

/**
 * Stored settings, tolerant of older or damaged rows: anything unreadable falls back to its default,
 * field by field (a band label stored before labels were checked goes back to its default alone).
 */
export function readSettings(raw: unknown): EncounterSettings {
  const parsed = settingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const field = <T>(schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    const p = schema.safeParse(value);
    return p.success ? p.data : fallback;
  };
  const bands = typeof r.bands === 'object' && r.bands !== null ? (r.bands as Record<string, unknown>) : {};
  return {
    npcHp: field(settingsSchema.shape.npcHp, r.npcHp, defaultSettings.npcHp),
    bands: {
      unhurt: field(label, bands.unhurt, defaultSettings.bands.unhurt),
      hurt: field(label, bands.hurt, defaultSettings.bands.hurt),
      bloodied: field(label, bands.bloodied, defaultSettings.bands.bloodied),
      down: field(label, bands.down, defaultSettings.bands.down),
    },
    autoAccept: field(settingsSchema.shape.autoAccept, r.autoAccept, defaultSettings.autoAccept),
    discord: field(discordSchema, r.discord, defaultDiscord),
    timer: field(timerSchema, r.timer, defaultTimer),
  };
}

export function mergeSettings(current: EncounterSettings, patch: SettingsPatch): EncounterSettings {
  return {
    npcHp: patch.npcHp ?? current.npcHp,
    bands: { ...current.bands, ...patch.bands },
    autoAccept: { ...current.autoAccept, ...patch.autoAccept },
    discord: mergeDiscord(current.discord, patch.discord),
    timer: mergeTimer(current.timer, patch.timer),
  };
}
