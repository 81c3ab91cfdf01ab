import { runScript } from '../core/index.ts';
import type { Encounter, Engine } from '../core/index.ts';
import type { ForecastAnswer, ForecastOptions } from './forecast.ts';
import { forecast } from './forecast.ts';
import type { ForecastPolicy } from './policy.ts';

/**
 * Where to forecast a script from: `end` (default) after all its commands, as `turnkeeper play` leaves
 * it; `start`: its sides and combatants only, the fight not begun (the policy starts it).
 */
export type ScriptPoint = 'end' | 'start';

/** The encounter a script builds (up to `from`), or why it cannot be built. */
export function encounterOfScript(engine: Engine, script: unknown, from: ScriptPoint = 'end'): { ok: true; encounter: Encounter } | { ok: false; code: string; message: string } {
  const input = from === 'start' && typeof script === 'object' && script !== null && !Array.isArray(script) ? { ...script, commands: [] } : script;
  const r = runScript(engine, input, 0);
  if (!r.ok) return { ok: false, code: r.rejection.code, message: `The script stops at ${r.at}: ${r.rejection.message}` };
  return { ok: true, encounter: r.encounter };
}

/** Forecast the fight a script builds (see `forecast`). */
export function forecastScript(
  engine: Engine,
  policies: ReadonlyMap<string, ForecastPolicy>,
  script: unknown,
  options: ForecastOptions = {},
  from: ScriptPoint = 'end',
): ForecastAnswer {
  const built = encounterOfScript(engine, script, from);
  if (!built.ok) return { ok: false, code: built.code, message: built.message };
  return forecast(built.encounter, engine.modules, policies, options);
}
