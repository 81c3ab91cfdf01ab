import { z } from 'zod';
import { coreCommandSchemas, REF_KEYS } from '../../../core/index.ts';
import type { EncounterView, RuleModule } from '../../../core/index.ts';
import { fieldOf } from '../../shared/form-model.ts';
import type { JsonSchema, NamedField } from '../../shared/form-model.ts';
import { gmGame } from '../games.ts';

const cache = new Map<string, readonly NamedField[] | null>();

/** The JSON Schema of a zod schema, as a form sees it (input side: defaults make fields optional). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The fields of a command (the module's schema, else the core's), or null if there is no such command. */
export function commandFields(module: RuleModule, type: string): readonly NamedField[] | null {
  const key = `${module.id}:${type}`;
  if (cache.has(key)) return cache.get(key)!;
  const schema = module.commands[type] ?? (coreCommandSchemas as Record<string, z.ZodType | undefined>)[type];
  let fields: readonly NamedField[] | null = null;
  if (schema) {
    const f = fieldOf(jsonSchemaOf(schema));
    fields = f.kind === 'object' ? f.fields.filter((x) => x.name !== 'type') : null;
  }
  cache.set(key, fields);
  return fields;
}

/** Fields holding combatant references (the engine resolves names or ids in them). */
export function isRefField(name: string): boolean {
  return REF_KEYS.has(name);
}

export function isRefList(name: string): boolean {
  return name === 'combatants' || name === 'targets' || name === 'actors';
}

/** Optional in the schema, but a choice the GM makes every time (popcorn: whom to pass or hold to). */
const CHOSEN: Readonly<Record<string, readonly string[]>> = { pass: ['to'], hold: ['to'] };

/**
 * Whether a command needs nothing beyond its preset: a click sends it. An attack always opens its form
 * (in every game): the odds before rolling, and the dice rolled at the table.
 */
export function isQuick(module: RuleModule, type: string, preset: Readonly<Record<string, unknown>>): boolean {
  if (type === 'attack') return false;
  const fields = commandFields(module, type);
  if (!fields) return true;
  const chosen = CHOSEN[type] ?? [];
  return fields.every((f) => (!f.required && !chosen.includes(f.name)) || f.name in preset);
}

/**
 * The roll keys a command takes typed-in dice under (from the modules' READMEs), so the GM can enter
 * the faces rolled at the table: the game's own (its gm.ts `diceKeys`), else the common ones.
 */
export function diceKeysFor(rules: string, type: string, command: Readonly<Record<string, unknown>>, view: EncounterView): string[] {
  const name = (ref: unknown): string | null => (typeof ref === 'string' ? (view.combatants.find((c) => c.id === ref)?.name ?? ref) : null);
  const names = (refs: unknown): string[] => (Array.isArray(refs) ? refs.map(name).filter((n): n is string => n !== null) : []);
  const everyone = (): string[] => view.combatants.filter((c) => !c.defeated).map((c) => c.name);
  const own = gmGame(rules).diceKeys?.(type, command, view);
  if (own) return own;
  switch (type) {
    case 'attack':
      return ['hit', 'damage'];
    case 'roll-initiative':
    case 'start': {
      const listed = names(command.combatants);
      return listed.length > 0 ? listed : everyone();
    }
    case 'shove':
    case 'grapple':
    case 'break-free':
      return [name(command.actor), name(command.target)].filter((n): n is string => n !== null);
    case 'check':
      return ['check'];
    case 'reroll':
      return ['reroll'];
    case 'react':
      return ['reaction'];
    default:
      return [];
  }
}

/** "5, 4" → [5, 4]; "14" → [14]; anything else → null. */
export function parseFaces(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const faces = parts.map(Number);
  return faces.every((n) => Number.isInteger(n)) ? faces : null;
}
