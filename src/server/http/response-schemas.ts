/**
 * What the API answers, as zod schemas: used only to describe responses in the OpenAPI document (the
 * GM view is the engine's `EncounterView`, described at its top level).
 */
import { z } from 'zod';
import { requestKinds, settingsSchema } from '../players/index.ts';

export const errorResponse = z
  .object({
    code: z.string().describe('Stable and namespaced: the engine\'s rejection code (e.g. turn/not-your-turn) or the server\'s (request/invalid, encounter/version-conflict...).'),
    message: z.string().describe('What was refused and, where possible, what to do instead.'),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .describe('Every 4xx: nothing was changed.');

export const summary = z.object({
  id: z.string(),
  title: z.string(),
  rules: z.string(),
  createdAt: z.string(),
  archived: z.boolean(),
  version: z.number().int(),
  campaignId: z.string().nullable().describe('The campaign the fight belongs to, if any.'),
  status: z.enum(['setup', 'running', 'ended']).describe('setup (prepared), running, or ended.'),
  round: z.number().int().describe('The round the fight is in (0 before it starts).'),
});

export const createdResponse = z.object({
  id: z.string(),
  gmKey: z.string().describe('Secret: sends commands and sees everything. Shown once (rotate to replace it).'),
  playerKey: z.string().describe('Read-only plus requests: the player view. Shown once.'),
  gmUrl: z.string(),
  playerUrl: z.string().describe('The link to share with the table: /play/<id>?key=<playerKey>.'),
  encounter: summary,
});

export const listResponse = z.object({ encounters: z.array(summary) });

const storedEvent = z.object({ seq: z.number().int(), cmd: z.number().int(), event: z.looseObject({ type: z.string() }) });

export const logEntry = z.object({
  seq: z.number().int(),
  cmd: z.number().int(),
  round: z.number().int(),
  text: z.string(),
  gmOnly: z.boolean(),
  about: z.array(z.string()),
  undone: z.boolean(),
});

export const playerLogEntry = z.object({ seq: z.number().int(), cmd: z.number().int(), round: z.number().int(), text: z.string(), undone: z.boolean() });

const gmView = z
  .looseObject({
    title: z.string(),
    rules: z.string(),
    status: z.string(),
    round: z.number().int(),
    version: z.number().int(),
    now: z.looseObject({ kind: z.string() }),
    sides: z.array(z.looseObject({ id: z.string(), name: z.string() })),
    combatants: z.array(z.looseObject({ id: z.string(), name: z.string() })),
    module: z.unknown(),
    canUndo: z.boolean(),
    canRedo: z.boolean(),
  })
  .describe('The engine\'s full view (EncounterView): everything, hidden combatants and module state included.');

const playerCombatant = z.object({
  id: z.string(),
  name: z.string(),
  side: z.string(),
  kind: z.enum(['pc', 'npc']),
  defeated: z.boolean(),
  notes: z.string(),
  conditions: z.array(z.object({ id: z.string(), name: z.string(), lasts: z.string(), note: z.string().optional() })),
  tracks: z.record(z.string(), z.object({ value: z.number(), max: z.number().optional(), label: z.string().optional(), rising: z.boolean().optional() })),
  health: z.string().optional().describe('NPCs in "bands" mode.'),
  initiative: z.number().nullable(),
  done: z.boolean(),
});

export const playerViewSchema = z
  .object({
    title: z.string(),
    rules: z.string(),
    status: z.string(),
    round: z.number().int(),
    version: z.number().int(),
    now: z.looseObject({ kind: z.enum(['setup', 'actor', 'side', 'group', 'pass', 'decision', 'ended']) }),
    sides: z.array(z.object({ id: z.string(), name: z.string(), players: z.boolean() })),
    combatants: z.array(playerCombatant),
    order: z.array(
      z.object({
        kind: z.enum(['actor', 'side', 'group']),
        members: z.array(z.string()),
        initiative: z.number().nullable(),
        label: z.string(),
        current: z.boolean(),
        done: z.boolean(),
        tieBreak: z.string().optional(),
      }),
    ),
    npcHp: z.enum(['exact', 'bands', 'hidden']),
    game: z
      .union([
        z.object({ kind: z.literal('fallout'), partyAp: z.object({ value: z.number(), max: z.number().nullable() }) }),
        z.object({
          kind: z.literal('kuro'),
          gameTurn: z.number().int(),
          stage: z.enum(['setup', 'initiative', 'phases']),
          phase: z.number().int(),
          phases: z.array(z.object({ phase: z.number().int(), current: z.boolean(), members: z.array(z.object({ id: z.string(), name: z.string(), acted: z.boolean() })) })),
        }),
      ])
      .optional()
      .describe("The game's own state for players: Fallout's party AP pool, Kuro's game turn and who acts in which phase."),
    requestKinds: z.array(z.enum(requestKinds)).describe('The request kinds players may send now (initiative only while the rules accept a roll).'),
    initiativeFor: z.array(z.string()).describe('The player characters whose initiative roll the rules accept now.'),
  })
  .describe('The redacted view: no hidden combatant, no GM notes, NPC HP as the GM chose.');

const kinds = z.array(z.enum(requestKinds)).describe('The request kinds players can send in this game.');

export const encounterResponse = z.union([
  z.object({ role: z.literal('gm'), encounter: summary, settings: settingsSchema, view: gmView, pendingRequests: z.number().int(), requestKinds: kinds }),
  z.object({ role: z.literal('player'), encounter: z.object({ id: z.string(), title: z.string(), rules: z.string() }), view: playerViewSchema, requestKinds: kinds }),
]);

export const commandResponse = z.object({
  version: z.number().int().describe('The encounter version (seq of the last event) after the command.'),
  events: z.array(storedEvent),
  log: z.array(logEntry).describe('The log lines of these events.'),
  view: gmView.optional(),
});

const next = z.number().int().optional().describe('More follow: pass this as `after` to read the next page. Absent on the last page.');

export const logResponse = z.object({ version: z.number().int(), log: z.array(z.union([logEntry, playerLogEntry])), next });
export const eventsResponse = z.object({ version: z.number().int(), events: z.array(storedEvent), next });
export const settingsResponse = z.object({ settings: settingsSchema });
export const archivedResponse = z.object({ encounter: summary });
export const deletedResponse = z.object({ deleted: z.literal(true) });
export const keysResponse = z.object({ gmKey: z.string().optional(), playerKey: z.string().optional(), gmUrl: z.string().optional(), playerUrl: z.string().optional() });

export const requestView = z.object({
  id: z.number().int(),
  kind: z.string(),
  combatant: z.string(),
  command: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'accepted', 'rejected']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
});
export const requestListResponse = z.object({ requests: z.array(requestView), next });
export const requestResponse = z.object({ request: requestView, result: commandResponse.optional() });

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']).describe('"unavailable" (503) while the database is not ok: take this instance out of service.'),
  database: z.enum(['ok', 'unreachable', 'failing']).describe('Whether the database answers a query now: "unreachable" (cannot connect, or no answer within 2 s), "failing" (another error).'),
  version: z.string(),
  protocol: z.number().int(),
  uptimeSeconds: z.number(),
});

export const rulesResponse = z.object({
  rules: z.array(z.object({ id: z.string(), title: z.string(), version: z.number().int(), options: z.record(z.string(), z.string()), stats: z.record(z.string(), z.string()), commands: z.array(z.string()), requestKinds: kinds })),
});

export const exportResponse = z.looseObject({ format: z.literal('turnkeeper.encounter'), formatVersion: z.literal(1) }).describe('The encounter file: its row and every event (no keys).');
