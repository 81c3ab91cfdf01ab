/**
 * Issue 23, done when: "a browser test runs a whole fight in each game with the GM, three seated phones
 * and a TV: each phone is told 'you're up' exactly when its PC may act (and never otherwise), takes its
 * own legal decisions, the timer runs and pauses, the fight ends with a summary, and the same links show
 * the campaign's next fight without a new QR."
 *
 * Per game: a campaign with three PCs (the example fight's, a third made from the first where it has
 * two) and a bestiary NPC, its table links, three phones (390 × 844) seated from the waiting screen and
 * a TV (1920 × 1080). At every step the test reads who may act from the GM's side (the engine's view,
 * independently of the player projection) and checks every phone's banner against it; the phone whose
 * PC may act takes its own decision (take the side's turn, end the turn, pass the initiative), the GM
 * presses N for everyone else (in the custom game on a GM page with its CPU throttled ×6). Then the
 * timer pauses on every screen, the fight ends with its story on the phones, and the campaign's next
 * fight shows on the same links with the phones still seated.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const PHONE = { width: 390, height: 844 };

async function api(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; json: Json }> {
  for (;;) {
    const r = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    // The test reads the GM's view often: a read limit says when to ask again.
    if (r.status === 429) {
      await new Promise((res) => setTimeout(res, 1000 * Number(r.headers.get('retry-after') ?? 1)));
      continue;
    }
    return { status: r.status, json: text ? (JSON.parse(text) as Json) : {} };
  }
}

/** The example fight's PCs (three: a copy of the first where it has two) and its first NPC. */
function party(rules: string) {
  const example = JSON.parse(readFileSync(new URL(`../../src/rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as Json;
  const pcs = (example.combatants as Json[]).filter((c) => c.kind === 'pc');
  while (pcs.length < 3) pcs.push({ ...pcs[0], name: ['Zed', 'Yara'][pcs.length - 1] });
  const npc = (example.combatants as Json[]).find((c) => c.kind !== 'pc')!;
  return { options: example.options as Json | undefined, pcs: pcs.slice(0, 3), npc };
}

/** Who the rules let act now, read from the GM's full view: [names who may act, the popcorn holder]. */
function mayAct(view: Json): { up: string[]; holder: string | null } {
  const name = (id: string) => (view.combatants as Json[]).find((c) => c.id === id)?.name as string;
  const now = view.now as Json;
  if (view.status !== 'running') return { up: [], holder: null };
  if (now.kind === 'actor') return { up: [name(now.actor)], holder: null };
  if (now.kind === 'group') return { up: (now.actors as string[]).map(name), holder: null };
  if (now.kind === 'side') return { up: (now.active ? [now.active] : (now.waiting as string[])).map(name), holder: null };
  if (now.kind === 'pass') return { up: [], holder: now.from ? name(now.from) : null };
  return { up: [], holder: null };
}

const UP = /^(You're up|Your side is up|You're next)/;
const banner = async (p: Page): Promise<string> => (await p.locator('.pv-banner:not([hidden])').textContent({ timeout: 1000 }).catch(() => '')) ?? '';
const offered = (p: Page) => p.locator('.pv-ask:not([hidden]) .pv-req:not([hidden]) button').allTextContents();

async function newPage(size: { width: number; height: number }, mobile: boolean): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: size, deviceScaleFactor: 1, ...(mobile ? { hasTouch: true, isMobile: true } : {}) })).newPage();
  page.setDefaultTimeout(20_000);
  return { page, errors: watchErrors(page) };
}

async function fight(rules: string): Promise<void> {
  const { options, pcs, npc } = party(rules);
  const owner = server.ownerToken;
  const campaign = (await api('POST', '/api/campaigns', owner, { rules, title: `Table ${rules}`, ...(options ? { options } : {}) })).json.campaign.id as string;
  const C = `/api/campaigns/${campaign}`;
  for (const pc of pcs) expect((await api('POST', `${C}/commands`, owner, { type: 'add-pc', name: pc.name, stats: pc.stats })).status).toBe(200);
  expect((await api('POST', `${C}/commands`, owner, { type: 'add-template', name: npc.name, stats: npc.stats, side: npc.side ?? 'Foes' })).status).toBe(200);
  const links = (await api('POST', `${C}/table-links`, owner, {})).json;

  // Three phones sit down from the waiting screen; the TV waits too.
  const phones: { name: string; page: Page; errors: string[] }[] = [];
  for (const pc of pcs) {
    const p = await newPage(PHONE, true);
    await p.page.goto(links.playerUrl);
    await p.page.getByRole('button', { name: `Take ${pc.name}'s seat` }).click();
    await p.page.getByText(`You play ${pc.name}.`).waitFor();
    phones.push({ name: pc.name as string, ...p });
  }
  const tv = await newPage({ width: 1920, height: 1080 }, false);
  await tv.page.goto(links.tvUrl);
  await tv.page.getByText('Waiting for the next fight').waitFor();

  // The fight: every kind of request applies at once; a 90 s countdown.
  const autoAccept = Object.fromEntries(['initiative', 'end-turn', 'take-turn', 'pass', 'hold', 'luck', 'reaction'].map((k) => [k, true]));
  const f = (await api('POST', `${C}/fights`, owner, { templates: [{ template: npc.name, count: 2 }], settings: { autoAccept, timer: { mode: 'down', seconds: 90 } } })).json;
  const E = `/api/encounters/${f.id}`;
  await api('POST', `${E}/commands`, f.gmKey, { type: 'roll-initiative' });
  // Fallout: whoever started the fight has the opening turn; popcorn: the GM names who has the initiative.
  const start = rules === 'fallout' ? { initiator: pcs[0]!.name } : rules === 'popcorn' ? { combatant: pcs[0]!.name } : {};
  const started = await api('POST', `${E}/commands`, f.gmKey, { type: 'start', ...start });
  expect(started.status, JSON.stringify(started.json)).toBe(200);

  const gm = await newPage({ width: 1400, height: 1000 }, false);
  // One game with the GM's computer slow (CPU throttled ×6): the N presses and the pause still land.
  if (rules === 'custom') await (await gm.page.context().newCDPSession(gm.page)).send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await gm.page.goto(`${server.url}/gm/${f.id}?key=${f.gmKey}`);
  await gm.page.getByTestId('now').waitFor();
  for (const p of phones) await p.page.getByText(`You play ${p.name}`).waitFor();

  let phoneMoves = 0;
  let lastRound = 0;
  let timed = false;
  for (let step = 0; step < 40; step++) {
    const view = (await api('GET', E, f.gmKey)).json.view as Json;
    lastRound = view.round as number;
    if (view.status !== 'running' || view.round > 2) break;
    const { up, holder } = mayAct(view);
    // Every phone says "you're up" exactly when its PC may act, and never otherwise.
    for (const p of phones) {
      const want = up.includes(p.name) ? 'up' : holder === p.name ? 'holds' : 'not';
      await expect
        .poll(async () => {
          const b = await banner(p.page);
          return UP.test(b) ? 'up' : b.startsWith('You hold the initiative') ? 'holds' : 'not';
        }, { message: `${rules}, round ${view.round}, ${p.name}'s phone (up: ${up.join(', ') || 'nobody'}; holder: ${holder ?? 'nobody'})` })
        .toBe(want);
    }
    // Once, while a PC has the turn: the timer runs on every screen, and pauses on every screen.
    if (!timed && up.some((n) => phones.some((p) => p.name === n))) {
      timed = true;
      await timerRunsAndPauses(rules, [...phones.map((x) => x.page), tv.page], gm.page);
    }
    const before = view.version as number;
    const mover = phones.find((p) => up.includes(p.name) || holder === p.name);
    let moved = false;
    if (mover) {
      const can = await offered(mover.page);
      const choice = ["Take our side's turn", 'Pass the initiative', 'End my turn'].find((b) => can.includes(b));
      if (choice === 'Pass the initiative') {
        const to = mover.page.getByLabel('Pass to');
        const first = await to.locator('option').nth(1).getAttribute('value');
        if (first) await to.selectOption(first);
      }
      if (choice) {
        await mover.page.getByRole('button', { name: choice }).click();
        moved = await expect
          .poll(async () => (await api('GET', E, f.gmKey)).json.view.version as number, { timeout: 5000 })
          .toBeGreaterThan(before)
          .then(() => true, () => false);
        if (moved) phoneMoves++;
      }
    }
    if (!moved) {
      // Everyone else's turn (and a group still to declare, a round to move on): the GM's N. Where N
      // opens a choice (a pass to someone, a side's member among several, a question), the GM answers it.
      const now = view.now as Json;
      const choice = now.kind === 'pass' || now.kind === 'decision' || (now.kind === 'side' && !now.active && (now.waiting as string[]).length > 1);
      if (!choice) await gm.page.keyboard.press('n');
      const ok =
        !choice &&
        (await expect
          .poll(async () => (await api('GET', E, f.gmKey)).json.view.version as number, { timeout: 5000 })
          .toBeGreaterThan(before)
          .then(() => true, () => false));
      if (!ok) {
        // N opened a form or asked to choose (a side with two to choose from): the GM's own button.
        // A question the rules leave to the GM (a tie in Fallout): its first answer.
        const moves = ['end-turn', 'begin-turn', 'pass'];
        const decision = view.now.kind === 'decision' ? (view.now.decision as Json) : null;
        const option = decision
          ? { command: decision.command, preset: decision.field ? { [decision.field]: decision.options?.[0]?.value } : {} }
          : (view.combatants as Json[]).flatMap((x) => x.actions as Json[]).find((a) => moves.includes(a.command) && a.legal);
        await gm.page.keyboard.press('Escape');
        expect(option, `${rules}: nothing moves the fight at round ${view.round} (${JSON.stringify(view.now)})`).toBeDefined();
        // Popcorn: the holder passes to the first who may take the initiative.
        const to = option!.command === 'pass' && view.now.kind === 'pass' ? { to: (view.now.candidates as string[])[0] } : {};
        const sent = await api('POST', `${E}/commands`, f.gmKey, { type: option!.command, ...option!.preset, ...to });
        expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      }
    }
  }
  expect(phoneMoves, `${rules}: the phones took their own decisions`).toBeGreaterThanOrEqual(2);
  expect(lastRound).toBeGreaterThanOrEqual(2);
  expect(timed).toBe(true);
  await shot(phones[0]!.page, `table-fight-${rules}-phone`);

  // The end: the story on the phones and the TV.
  expect((await api('POST', `${E}/commands`, f.gmKey, { type: 'end-encounter' })).status).toBe(200);
  for (const p of [...phones.map((x) => x.page), tv.page]) await p.getByText('Story of the fight').first().waitFor();

  // The campaign's next fight, on the same links: the phones still seated.
  const next = (await api('POST', `${C}/fights`, owner, { start: false })).json;
  for (const p of phones) {
    await expect.poll(() => p.page.locator('.pv-seat-name').textContent().catch(() => ''), { timeout: 15_000 }).toBe(p.name);
    await expect.poll(() => p.page.locator('.pv-round').textContent(), { timeout: 15_000 }).toBe('Before the fight');
  }
  await tv.page.locator('.pv-round', { hasText: 'Before the fight' }).waitFor({ timeout: 15_000 });
  expect(next.id).not.toBe(f.id);

  expect([...phones.flatMap((p) => p.errors), ...tv.errors, ...gm.errors]).toEqual([]);
  for (const p of [...phones.map((x) => x.page), tv.page, gm.page]) await p.context().close();
}

/** The countdown shows on every screen; the GM's pause (.) freezes it everywhere, and resumes it. */
async function timerRunsAndPauses(rules: string, screens: readonly Page[], gm: Page): Promise<void> {
  const timer = (p: Page) => p.getByTestId('turn-timer');
  for (const p of screens) await expect.poll(() => timer(p).locator('.pv-timer-time').textContent()).toMatch(/^\d+:\d\d$/);
  await gm.keyboard.press('.');
  for (const p of screens) await expect.poll(() => timer(p).getAttribute('class')).toContain('pv-timer-paused');
  await shot(screens.at(-1)!, `table-fight-${rules}-tv-paused`);
  await gm.keyboard.press('.');
  for (const p of screens) await expect.poll(() => timer(p).getAttribute('class')).not.toContain('pv-timer-paused');
}

describe('a whole fight at the table: GM, three seated phones and a TV', () => {
  for (const rules of ['swn', 'cwn', 'kuro', 'fallout', 'popcorn', 'custom']) {
    test(rules, () => fight(rules), 240_000);
  }
});
