/**
 * The schemas of every rule module's events by module id, for checking an imported encounter before
 * its events are folded (src/server/transfer/import-replay.ts). Kept apart from the modules' fold halves: they
 * need zod, and only an import reads them.
 */
import type { ModuleEventSchemas } from '../core/event-schema-parts.ts';
import { customEventSchemas } from './custom/event-schemas.ts';
import { falloutEventSchemas } from './fallout/event-schemas.ts';
import { kuroEventSchemas } from './kuro/event-schemas.ts';
import { popcornEventSchemas } from './popcorn/event-schemas.ts';
import { sineNomineEventSchemas } from './sine-nomine/event-schemas.ts';

export const moduleEventSchemas: Readonly<Record<string, ModuleEventSchemas>> = {
  swn: sineNomineEventSchemas,
  cwn: sineNomineEventSchemas,
  kuro: kuroEventSchemas,
  fallout: falloutEventSchemas,
  popcorn: popcornEventSchemas,
  custom: customEventSchemas,
};
