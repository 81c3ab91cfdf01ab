import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EncounterState, RuleModule, WhoMayAct } from '../core/index.ts';
import { encounterOfScript, forecast, forecastPolicies } from '../forecast/index.ts';
import { engine } from './index.ts';

const GAMES = ['custom', 'swn', 'cwn', 'kuro', 'fallout', 'popcorn'];
const withoutInterrupts = (now: WhoMayAct): Omit<WhoMayAct, 'interrupts'> => {
  const { interrupts: _left, ...rest } = now;
  return rest;
};

describe("whoMayAct(state, 'turn')", () => {
  it.each(GAMES)('%s: is the full answer without its interrupts, in every state a forecast visits', (game) => {
    const module = engine.modules.get(game)!;
    let asked = 0;
    let withInterrupts = 0;
    // The module the forecast plays with, checking each turn-only answer against the full one.
    const checking: RuleModule = {
      ...module,
      whoMayAct(state: EncounterState, need?: 'all' | 'turn') {
        const full = module.whoMayAct(state);
        const turn = module.whoMayAct(state, 'turn');
        expect(withoutInterrupts(turn)).toEqual(withoutInterrupts(full));
        asked++;
        if (full.interrupts?.length) withInterrupts++;
        return need === 'turn' ? turn : full;
      },
    };
    const script: unknown = JSON.parse(readFileSync(new URL(`./${game}/examples/fight.json`, import.meta.url), 'utf8'));
    const built = encounterOfScript(engine, script, 'start');
    if (!built.ok) throw new Error(built.message);
    const answer = forecast(built.encounter, new Map([[game, checking]]), forecastPolicies, { runs: 40, seed: game });
    expect(answer.ok).toBe(true);
    expect(asked).toBeGreaterThan(100);
    // Fallout (Luck) and popcorn (reactions) offer interrupts in the states the forecast passes through.
    if (game === 'fallout' || game === 'popcorn') expect(withInterrupts).toBeGreaterThan(0);
  });
});
