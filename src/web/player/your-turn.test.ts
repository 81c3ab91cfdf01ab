/**
 * "You're up" and "on deck" on a player's phone (issue 23, item 3): `turnFor` over views built by the
 * real engine and the real player projection, in each game's situations (the example fights of
 * src/rules/<game>/examples, played up to a command).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { defaultSettings, playerView, secretsOf } from '../../server/players/index.ts';
import type { PlayerView } from '../../server/players/index.ts';
import { nextSlot, turnFor } from './your-turn.ts';

type Script = { rules: string; commands: unknown[] } & Record<string, unknown>;
const example = (rules: string): Script => JSON.parse(readFileSync(new URL(`../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as Script;

/** The view players read after the first `n` commands of `script` (all of them by default). */
function view(script: Script, n = script.commands.length): PlayerView {
  const r = runScript(engine, { ...script, commands: script.commands.slice(0, n) }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  return playerView(engine, r.encounter, defaultSettings, secretsOf(r.encounter.state));
}

/** Each named character's banner: kind and words. */
function banners(v: PlayerView, ...names: string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((n) => {
      const t = turnFor(v, v.combatants.find((c) => c.name === n)!.id);
      return [n, `${t.kind}: ${t.words}`];
    }),
  );
}

describe('Stars Without Number, individual initiative', () => {
  const swn = example('swn');

  it('the actor is up, the next slot still to act is on deck, the rest wait', () => {
    const v = view(swn, 4);
    expect(banners(v, 'Vasquez', 'Kade', 'Mara')).toEqual({
      Vasquez: "up: You're up",
      Kade: 'on-deck: On deck: you act next',
      Mara: 'waiting: Waiting for your turn',
    });
    // Instant actions are open to everyone all the time: no banner of their own.
    expect(v.now.interrupts?.some((i) => i.combatant === v.combatants.find((c) => c.name === 'Kade')!.id)).toBe(true);
  });

  it('round 2: a slot already done is skipped, and the turn moves on', () => {
    const v = view(swn, 16);
    expect(v.order[nextSlot(v)]?.label).toBe('Vasquez');
    expect(banners(v, 'Vasquez', 'Kade')).toEqual({ Vasquez: 'on-deck: On deck: you act next', Kade: 'waiting: Waiting for your turn' });
    expect(banners(view(swn, 19), 'Vasquez', 'Kade')).toEqual({ Vasquez: "up: You're up", Kade: 'on-deck: On deck: you act next' });
  });

  it('no wrap into the next round: the last slot of a round has nobody on deck', () => {
    const v = view(swn, 14);
    expect(v.order.at(-1)?.current).toBe(true);
    expect(nextSlot(v)).toBe(-1);
    expect(banners(v, 'Vasquez').Vasquez).toBe('waiting: Waiting for your turn');
  });

  it('nothing before the start, while the GM decides, or after the end; nothing for nobody', () => {
    expect(turnFor(view(swn, 3), 'c1')).toEqual({ kind: 'none', words: '' });
    expect(turnFor(view(swn, 4), null).kind).toBe('none');
    expect(turnFor(view({ ...swn, commands: [...swn.commands.slice(0, 4), { type: 'end-encounter' }] }), 'c1').kind).toBe('none');
  });
});

describe('group and side initiative: the side is up, each member may take its turn', () => {
  const group: Script = {
    rules: 'swn',
    options: { initiative: 'group' },
    seed: 3,
    sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 12, ac: 14 } },
      { name: 'Kade', kind: 'pc', side: 'PCs', stats: { hp: 10, ac: 13 } },
      { name: 'Pirate', side: 'Pirates', stats: { hp: 7, ac: 13 } },
    ],
    commands: [{ type: 'roll-initiative', dice: { PCs: [6], Pirates: [1] } }, { type: 'start' }, { type: 'begin-turn', combatant: 'Vasquez' }],
  };

  it('SWN group initiative: every member still to act is up; once one acts, the others may act after', () => {
    const up = view(group, 2);
    expect(up.now).toMatchObject({ kind: 'side', active: null });
    expect(banners(up, 'Vasquez', 'Kade')).toEqual({ Vasquez: 'up: Your side is up: you may take its turn', Kade: 'up: Your side is up: you may take its turn' });
    const active = view(group);
    expect(banners(active, 'Vasquez', 'Kade')).toEqual({ Vasquez: "up: You're up: you act for your side", Kade: 'on-deck: Vasquez acts for your side: you may act after' });
    // The next slot is the pirates' side: on deck for its member.
    expect(banners(active, 'Pirate').Pirate).toBe('on-deck: On deck: your side acts next');
  });

  it('CWN side initiative: the side is up for a member still to act, not for one who acted', () => {
    const cwn = example('cwn');
    expect(banners(view(cwn, 9), 'Jin', 'Vasquez')).toEqual({ Jin: 'up: Your side is up: you may take its turn', Vasquez: 'waiting: Waiting for your turn' });
    // Round 1: Boss acts, Vasquez's own side slot comes next.
    expect(banners(view(cwn, 13), 'Vasquez', 'Jin')).toEqual({ Vasquez: 'on-deck: On deck: your side acts next', Jin: 'waiting: Waiting for your turn' });
    expect(banners(view(cwn, 16), 'Vasquez').Vasquez).toBe("up: You're up: you act for your side");
  });
});

describe('Kuro: phases and simultaneous slots', () => {
  const kuro = example('kuro');

  it('a tied group acts at the same time: each is up, beside the others', () => {
    const v = view(kuro, 3);
    expect(banners(v, 'Aiko', 'Kenji', 'Goro')).toEqual({
      Aiko: "up: You're up, at the same time as Ronin",
      Kenji: 'waiting: Waiting for your turn',
      Goro: 'on-deck: On deck: you act next',
    });
  });

  it('a later phase: the next slot in the order the projection gives; none after the phase’s last', () => {
    const v = view(kuro, 22);
    expect(v.now).toMatchObject({ kind: 'actor', phase: 2 });
    expect(banners(v, 'Hiro', 'Aiko', 'Kenji')).toEqual({ Hiro: "up: You're up", Aiko: 'on-deck: On deck: you act next', Kenji: 'waiting: Waiting for your turn' });
    // Goro acts last in phase 1: Kenji acts first in phase 2, but the next phase is not looked into.
    expect(banners(view(kuro, 6), 'Kenji').Kenji).toBe('waiting: Waiting for your turn');
    // Phase 3 follows Aiko's phase 2 at once: still up, a new turn (`at`) for the alert.
    expect(turnFor(view(kuro, 24), 'c2').at).not.toBe(turnFor(view(kuro, 26), 'c2').at);
  });
});

describe('Fallout 2d20', () => {
  const fallout = example('fallout');

  it('the actor is up; between turns the next actor is up with its first action; Luck may interrupt', () => {
    expect(banners(view(fallout, 5), 'Nora', 'Piper')).toEqual({ Nora: "up: You're up", Piper: 'waiting: Waiting for your turn' });
    const gap = view(fallout, 4);
    expect(gap.now).toMatchObject({ kind: 'actor', actor: 'c1', next: true });
    expect(banners(gap, 'Nora', 'Piper', 'Raider')).toEqual({
      Nora: "up: You're next: your turn begins with your first action",
      Piper: 'interrupt: You may spend Luck to act now, before Nora (2 Luck left)',
      Raider: 'on-deck: On deck: you act next',
    });
    // The same gap: "next" then acting is one turn (one alert), not two.
    expect(turnFor(gap, 'c1').at).toBe(turnFor(view(fallout, 5), 'c1').at);
  });

  it('a readied action waiting for its trigger, and the Luck interrupt taken', () => {
    const v = view(fallout, 7);
    expect(banners(v, 'Nora', 'Piper', 'Raider')).toMatchObject({
      Nora: 'interrupt: Your readied action goes off when its trigger comes: tell the GM',
      Piper: 'interrupt: You may spend Luck to act now, before Raider (2 Luck left)',
      Raider: "up: You're next: your turn begins with your first action",
    });
    expect(banners(view(fallout, 8), 'Piper').Piper).toBe("up: You're up");
  });
});

describe('popcorn: no "on deck", who holds the initiative', () => {
  const popcorn = example('popcorn');

  it('the holder passes it on; a candidate reads who holds it and that it may come to them', () => {
    const v = view(popcorn, 7);
    expect(v.now).toMatchObject({ kind: 'pass', from: 'c1' });
    expect(banners(v, 'Mira', 'Kit')).toEqual({ Mira: 'holds: You hold the initiative: pass it on', Kit: 'waiting: Mira holds the initiative: it may pass to you' });
    for (let n = 1; n <= popcorn.commands.length; n++) for (const id of ['c1', 'c2', 'c3']) expect(turnFor(view(popcorn, n), id).kind).not.toBe('on-deck');
  });

  it('the initiative passed to you: you are up; the others read who holds it', () => {
    const v = view(popcorn, 2);
    expect(banners(v, 'Brom', 'Mira')).toEqual({ Brom: "up: You're up", Mira: 'waiting: Brom holds the initiative' });
    expect(banners(view(popcorn, 1), 'Mira').Mira).toBe('waiting: The initiative may go to you');
  });

  it('a conditional action that may go off, and a delayed action due', () => {
    expect(banners(view(popcorn, 10), 'Kit').Kit).toBe('interrupt: Your conditional action may go off: tell the GM when its trigger comes');
    expect(banners(view(popcorn, 28), 'Mira').Mira).toBe('interrupt: Your delayed action is due now');
  });
});

describe('never up for someone else, or someone players cannot see', () => {
  it('a hidden combatant’s turn reads as the GM deciding: nobody is up, nobody is inferred on deck', () => {
    const swn = example('swn');
    const hidden: Script = {
      ...swn,
      combatants: [...(swn.combatants as unknown[]), { name: 'Zorblax', kind: 'pc', side: 'PCs', hidden: true, stats: { hp: 5, ac: 10 } }],
      commands: [
        { type: 'roll-initiative', dice: { Vasquez: [1], Kade: [6], Mara: [4], Pirate: [1], 'Pirate 2': [5], Lookout: [2], Zorblax: [8] } },
        { type: 'start' },
      ],
    };
    const v = view(hidden);
    expect(v.now.kind).toBe('decision');
    expect(v.combatants.map((c) => c.name)).not.toContain('Zorblax');
    for (const c of v.combatants) expect(turnFor(v, c.id)).toEqual({ kind: 'none', words: '' });
    // The hidden one's engine id means nothing on the player link.
    expect(turnFor(v, 'c7').kind).toBe('none');
    // After its turn, Kade is up and Pirate 2 on deck, never Zorblax.
    const next = view({ ...hidden, commands: [...hidden.commands, { type: 'end-turn' }] });
    expect(banners(next, 'Kade', 'Pirate 2', 'Mara')).toEqual({ Kade: "up: You're up", 'Pirate 2': 'on-deck: On deck: you act next', Mara: 'waiting: Waiting for your turn' });
  });

  it('someone else’s turn is never mine', () => {
    const v = view(example('swn'), 4);
    const others = v.combatants.filter((c) => c.name !== 'Vasquez');
    for (const c of others) expect(turnFor(v, c.id).kind).not.toBe('up');
    expect(turnFor(v, 'nobody').kind).toBe('none');
  });
});
