import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { LoadedEncounter } from '../encounters/index.ts';
import { testApp } from '../test-kit.ts';
import { recordFor } from './redaction-kit.ts';
import { defaultSettings, readSettings, settingsPatchSchema } from './settings.ts';
import { timerSecondsProblem } from './timer-setting.ts';

describe('the turn timer setting', () => {
  const refused = (seconds: unknown): string => {
    const r = settingsPatchSchema.safeParse({ timer: { seconds } });
    expect(r.success, JSON.stringify(seconds)).toBe(false);
    return r.success ? '' : r.error.issues[0]!.message;
  };

  it('takes off, up and down, 5 to 3600 whole seconds', () => {
    for (const timer of [{ mode: 'down', seconds: 30 }, { mode: 'up' }, { mode: 'off' }, { seconds: 5 }, { seconds: 3600 }]) {
      expect(settingsPatchSchema.safeParse({ timer }).success, JSON.stringify(timer)).toBe(true);
    }
    expect(defaultSettings.timer).toEqual({ mode: 'off', seconds: 60 });
  });

  it('refuses 0, negatives, a year, fractions and words with a clear message', () => {
    expect(refused(0)).toMatch(/0 seconds cannot run.*from 5 to 3600 seconds.*turn the timer off/);
    expect(refused(-30)).toMatch(/-30 seconds cannot run/);
    expect(refused(3)).toMatch(/too short: at least 5 seconds/);
    expect(refused(31_536_000)).toMatch(/31,536,000 seconds is too long: at most 3600 seconds \(an hour\)/);
    expect(refused(12.5)).toMatch(/whole seconds \(12\.5 is not\)/);
    expect(refused('thirty')).toMatch(/takes a number of seconds/);
    expect(refused(null)).toMatch(/takes a number of seconds/);
    expect(timerSecondsProblem(30)).toBeNull();
    const mode = settingsPatchSchema.safeParse({ timer: { mode: 'sideways' } });
    expect(mode.success ? '' : mode.error.issues[0]!.message).toMatch(/"off", "up".*"down"/);
  });

  it('a damaged stored timer reads as the default, the rest kept', () => {
    expect(readSettings({ npcHp: 'exact', timer: { mode: 'down', seconds: 0 } })).toMatchObject({ npcHp: 'exact', timer: defaultSettings.timer });
  });

  it('through the API: a bad timer is a 4xx in GM words and changes nothing', async () => {
    const t = await testApp();
    try {
      const c = await t.create({ rules: 'swn', combatants: [{ name: 'Vasquez', kind: 'pc' }] });
      const ok = await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { timer: { mode: 'down', seconds: 30 } } });
      expect(ok.status, ok.body).toBe(200);
      for (const seconds of [0, 31_536_000, 2.5]) {
        const r = await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { timer: { seconds } } });
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expect(r.json<{ message: string }>().message).toMatch(/turn timer/);
      }
      const now = await t.call('GET', `/api/encounters/${c.id}/settings`, { key: c.gmKey });
      expect(now.json<{ settings: { timer: unknown } }>().settings.timer).toEqual({ mode: 'down', seconds: 30 });
    } finally {
      await t.close();
    }
  });
});

/** SWN, individual initiative: Vasquez (PC), a hidden Sniper and a visible Pirate, each end-turn 10 s after the last. */
function fight(): { enc: Encounter; events: StoredEvent[]; steps: { enc: Encounter; events: StoredEvent[] }[] } {
  const r = runScript(
    engine,
    {
      rules: 'swn',
      options: { initiative: 'individual' },
      sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
      combatants: [
        { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 12 } },
        { name: 'Sniper', side: 'Pirates', hidden: true, stats: { hp: 7 } },
        { name: 'Pirate', side: 'Pirates', stats: { hp: 7 } },
      ],
      commands: [{ type: 'roll-initiative', dice: { Vasquez: [6], Sniper: [4], Pirate: [2] } }],
    },
    1,
  );
  if (!r.ok) throw new Error(r.rejection.message);
  let enc = r.encounter;
  const events = [...r.events];
  const steps: { enc: Encounter; events: StoredEvent[] }[] = [];
  const T0 = 1_700_000_000_000;
  [{ type: 'start' }, { type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' }].forEach((command, i) => {
    const d = engine.decide(enc, command, { at: T0 + i * 10_000 });
    if (!d.ok) throw new Error(d.rejection.message);
    const applied = engine.apply(enc, d.events);
    enc = applied.encounter;
    events.push(...applied.events);
    steps.push({ enc, events: [...events] });
  });
  return { enc, events, steps };
}

describe('the timer in the player view: a hidden combatant\'s turn reads like the GM\'s table', () => {
  const settings = { ...defaultSettings, timer: { mode: 'down' as const, seconds: 30 } };

  it('runs for a visible turn, and shows no start, no name, during a hidden one', () => {
    const { steps } = fight();
    let hiddenTurns = 0;
    let shownTurns = 0;
    for (const step of steps) {
      const l = new LoadedEncounter(engine, recordFor('swn', settings, step.events.length), step.events);
      const view = l.playerView();
      const now = engine.whoMayAct(step.enc);
      const hiddenTurn = now.kind === 'actor' && step.enc.state.combatants[now.actor]!.hidden;
      if (hiddenTurn) {
        hiddenTurns++;
        expect(view.now.kind).toBe('decision');
        expect(view.timer).toEqual({ mode: 'down', seconds: 30, paused: false, startedAt: null, pausedAt: null, pausedMs: 0 });
        expect(JSON.stringify(view)).not.toContain('Sniper');
      } else if (now.kind === 'actor') {
        shownTurns++;
        expect(view.timer?.startedAt).toBe(step.enc.state.clock.turnStartedAt);
      }
    }
    expect(hiddenTurns).toBeGreaterThan(0);
    expect(shownTurns).toBeGreaterThan(1);
  });

  it('the log: visible turns\' times for players, the hidden one\'s for the GM only', () => {
    const { events } = fight();
    const l = new LoadedEncounter(engine, recordFor('swn', settings, events.length), events);
    const gm = l.log().map((x) => x.text);
    const players = l.playerLines(l.log()).map((x) => x.text);
    expect(gm).toContain("Vasquez's turn: 0:10.");
    expect(gm).toContain("Sniper's turn: 0:10.");
    expect(players).toContain("Vasquez's turn: 0:10.");
    expect(players.filter((t) => /turn: \d/.test(t))).toEqual(["Vasquez's turn: 0:10.", "Pirate's turn: 0:10.", "Vasquez's turn: 0:10."]);
    expect(players.join('\n')).not.toContain('Sniper');
  });

  it('no timer in the view when the GM turned it off', () => {
    const { events } = fight();
    const l = new LoadedEncounter(engine, recordFor('swn', defaultSettings, events.length), events);
    expect(l.playerView().timer).toBeUndefined();
  });
});
