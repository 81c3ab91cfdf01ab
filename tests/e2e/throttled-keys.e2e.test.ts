/**
 * Keys on a slow device (issue 21 items 3 and 8). The GM page, its CPU throttled ×6, plays one whole
 * round of each game's example fight by keyboard only: the first key is pressed the moment the screen
 * shows (the game's whole rules still loading, the screen's own listeners not yet attached), each next
 * one as soon as the screen shows what the last one did, and every key must do what the screen said it
 * would: none is lost. On the way, an action's key stays put for the turn (the first actor's attack
 * keeps its key after a Move, in the games that have one), and CWN's Shove and Grapple have keys.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { dialog, headline, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface Game {
  readonly rules: string;
  /** How many of the example's commands are played first: the fight has started. */
  readonly from: number;
  /** The action each acting combatant takes, by the start of its label. */
  readonly act: string;
  /** The action the first one takes before it, in the games that have one. */
  readonly move?: string;
  /** The round that ends the test when it begins. */
  readonly second: RegExp;
}

const GAMES: readonly Game[] = [
  { rules: 'swn', from: 4, act: 'Attack', move: 'Move', second: /^Round 2/ },
  { rules: 'cwn', from: 3, act: 'Attack', move: 'Move', second: /^Round 2/ },
  { rules: 'kuro', from: 1, act: 'Normal Attack', second: /^Game turn 2/ },
  { rules: 'fallout', from: 4, act: 'Attack', move: 'Move', second: /^Round 2/ },
  { rules: 'popcorn', from: 1, act: 'Take the action', second: /^Round 2/ },
  { rules: 'custom', from: 1, act: 'Attack with', second: /^Round 2/ },
];

/** What the screen offered the moment it showed. */
interface First {
  readonly kind: 'move' | 'act' | 'choice' | 'next';
  readonly key: string;
  readonly who: string | null;
  readonly actKey: string | null;
}

const get = async <T>(enc: Created, path: string): Promise<T> =>
  (await (await fetch(`${server.url}/api/encounters/${enc.id}${path}`, { headers: { authorization: `Bearer ${enc.gmKey}` } })).json()) as T;
/** How many events the server holds: grows with every command it accepted. */
const accepted = async (enc: Created) => (await get<{ events: unknown[] }>(enc, '/events?after=0')).events.length;
const serverLog = async (enc: Created) => (await get<{ log: unknown[] }>(enc, '/log')).log.length;
const roundText = async (gm: Page) => ((await gm.locator('.now .round').textContent()) ?? '').trim();
const open = (gm: Page) => gm.locator('dialog[open]').count();

/** The key shown on the acting combatant's first action whose label starts with `label` (null: none). */
function keyOf(gm: Page, label: string): Promise<string | null> {
  return gm.getByTestId('legal-actions').locator('.action-main').evaluateAll(
    (buttons, start) => buttons.find((b) => b.querySelector('span')?.textContent?.startsWith(start))?.getAttribute('data-shortcut') ?? null,
    label,
  );
}

/** Waits until the screen shows everything the server holds (the last command's result is on it). */
async function caughtUp(gm: Page, enc: Created): Promise<void> {
  const lines = await serverLog(enc);
  await expect.poll(() => gm.locator('.log-list li').count(), { message: 'the screen shows the last command' }).toBe(lines);
}

/** Presses a key that sends a command (now, or once its dialog has waited for the rules): the server must accept one. */
async function sends(gm: Page, enc: Created, key: string, pressed: string[]): Promise<void> {
  const before = await accepted(enc);
  await gm.keyboard.press(key);
  pressed.push(key);
  await expect.poll(() => accepted(enc), { message: `${key} at "${await headline(gm)}" sent nothing (pressed: ${pressed.join(' ')})` }).toBeGreaterThan(before);
  await expect.poll(() => open(gm), { message: 'its dialog closed' }).toBe(0);
  await caughtUp(gm, enc);
}

/**
 * Presses an action's key: it is sent at once, or its dialog opens: the form (filled and sent with
 * Enter), or "Loading the rules…" until they have come, then the form or, when the action needs
 * nothing more, the action sent and the dialog closed.
 */
async function acts(gm: Page, enc: Created, key: string, pressed: string[]): Promise<void> {
  const before = await accepted(enc);
  await gm.keyboard.press(key);
  pressed.push(key);
  const sent = async () => (await accepted(enc)) > before;
  await expect.poll(async () => (await open(gm)) > 0 || (await sent()), { message: `${key} at "${await headline(gm)}" did nothing (pressed: ${pressed.join(' ')})` }).toBe(true);
  // Fallout's attack: the weapon's key opened its targets, the first with the focus; Enter chooses it (then its form).
  const targets = gm.locator('dialog[open] [data-testid="target-choices"]');
  if ((await targets.count()) > 0) {
    await expect.poll(() => gm.evaluate(() => document.activeElement?.closest('[data-testid="target-choices"]') !== null)).toBe(true);
    await gm.keyboard.press('Enter');
    pressed.push('Enter');
    await targets.waitFor({ state: 'detached' });
  }
  // (Between "Loading the rules…" and the form no dialog may be open for a moment: wait for either end.)
  const form = dialog(gm).locator('form button[type=submit]');
  await expect.poll(async () => (await form.count()) > 0 || (await sent()), { message: 'its form or its command' }).toBe(true);
  if (!(await sent())) await fillAndSend(gm, enc, pressed);
  else {
    await expect.poll(() => open(gm), { message: 'its dialog closed' }).toBe(0);
    await caughtUp(gm, enc);
  }
}

/** The action's form, its first field with the focus: a required text typed in, Enter sends it. */
async function fillAndSend(gm: Page, enc: Created, pressed: string[]): Promise<void> {
  await expect.poll(() => gm.evaluate(() => document.activeElement?.closest('dialog[open] form') !== null)).toBe(true);
  // A required text the GM types (popcorn's "what happens") goes into the field that has the focus.
  const needsText = await gm.evaluate(() => {
    const f = document.activeElement as HTMLInputElement | null;
    return f?.tagName === 'INPUT' && f.type === 'text' && f.value === '' && (f.required || [...(f.labels ?? [])].some((l) => l.textContent?.trim().endsWith('*')));
  });
  if (needsText) await gm.keyboard.type('swings at the nearest foe');
  await sends(gm, enc, 'Enter', pressed);
}

/**
 * Watches the page from its start: in the frame that first paints the GM screen, hands the test what
 * it offers then (through the `tkShown` binding, so the key is pressed without waiting for the busy
 * page to answer a question): the first actor's Move where the game has one (its attack must keep the
 * key it shows now), else its action, else the turn panel's first choice, else N.
 */
function watchFirstShow({ act, move }: { act: string; move: string | null }): void {
  const offered = () => {
    if (!document.querySelector('[data-testid="now"]')) return null;
    const keyOf = (label: string) =>
      [...document.querySelectorAll('[data-testid="legal-actions"] .action-main[data-shortcut]')].find((b) => b.querySelector('span')?.textContent?.startsWith(label))?.getAttribute('data-shortcut') ?? null;
    const who = /^(.+?) acts( for .+)?$/.exec(document.querySelector('.now-head')?.textContent ?? '')?.[1] ?? null;
    const [moveKey, actKey] = [move ? keyOf(move) : null, keyOf(act)];
    if (who && moveKey && actKey) return { kind: 'move', key: moveKey, who, actKey };
    if (who && actKey) return { kind: 'act', key: actKey, who, actKey };
    if (document.querySelector('[data-choice="1"]')) return { kind: 'choice', key: 'Shift+Digit1', who, actKey };
    if (document.querySelector('[data-shortcut="n"]')) return { kind: 'next', key: 'n', who, actKey };
    return null;
  };
  const seen = new MutationObserver(() => {
    if (!offered()) return;
    seen.disconnect();
    requestAnimationFrame(() => void (window as unknown as { tkShown(f: unknown): Promise<void> }).tkShown(offered()));
  });
  seen.observe(document, { childList: true, subtree: true });
}

for (const game of GAMES) {
  test(`${game.rules}: a whole round by keys on a CPU throttled ×6, the first key pressed as the screen shows, none lost`, { timeout: 240_000 }, async () => {
    const enc = await exampleFight(server, game.rules, game.from);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const gm = await context.newPage();
    gm.setDefaultTimeout(30_000);
    const errors = watchErrors(gm);
    const cdp = await context.newCDPSession(gm);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    let shown: (f: First) => void = () => {};
    const showing = new Promise<First>((resolve) => {
      shown = resolve;
    });
    await gm.exposeBinding('tkShown', (_source, f: First) => shown(f));
    await gm.addInitScript(watchFirstShow, { act: game.act, move: game.move ?? null });
    await gm.goto(enc.gmUrl, { waitUntil: 'commit' });
    const first = await showing;
    const pressed: string[] = [];
    const acted = new Set<string>();
    let keptKey = false;
    /** A Move, then the attack must still have the key it had before. */
    const moveThenCheck = async (moveKey: string, attackKey: string, who: string) => {
      await acts(gm, enc, moveKey, pressed);
      expect(await keyOf(gm, game.act), `${who}'s ${game.act} after a ${game.move}`).toBe(attackKey);
      keptKey = true;
    };
    if (first.kind === 'move') await moveThenCheck(first.key, first.actKey!, first.who!);
    else if (first.kind === 'act') {
      await acts(gm, enc, first.key, pressed);
      acted.add(`${await roundText(gm)}:${first.who}`);
    } else await sends(gm, enc, first.key, pressed);
    for (let step = 0; step < 80 && !game.second.test(await roundText(gm)); step++) {
      const head = await headline(gm);
      // In a tie acting together (Kuro), each member declares in turn: the one whose actions are shown.
      const shown = / act together$/.test(head) ? (await gm.locator('#actions-h').textContent())?.replace(/'s actions$/, '') : undefined;
      const who = /^(.+?) acts( for .+)?$/.exec(head)?.[1] ?? shown;
      const turn = `${await roundText(gm)}:${who}`;
      if (who && !acted.has(turn)) {
        acted.add(turn);
        if (game.rules === 'cwn') {
          // Past the ninth action: Shove and Grapple have keys too.
          expect(await keyOf(gm, 'Shove') ?? 'no key').toMatch(/^[0-9a-z]$/);
          expect(await keyOf(gm, 'Grapple') ?? 'no key').toMatch(/^[0-9a-z]$/);
        }
        const [moveKey, attackKey] = [game.move && !keptKey ? await keyOf(gm, game.move) : null, await keyOf(gm, game.act)];
        if (moveKey && attackKey) await moveThenCheck(moveKey, attackKey, who);
        const key = await keyOf(gm, game.act);
        if (key) {
          await acts(gm, enc, key, pressed);
          continue;
        }
      }
      if (await gm.locator('[data-choice="1"]').isVisible()) await sends(gm, enc, 'Shift+Digit1', pressed);
      else if (await gm.locator('[data-shortcut="n"]').isVisible()) await sends(gm, enc, 'n', pressed);
      else {
        await shot(gm, `gm-throttled-stuck-${game.rules}`);
        throw new Error(`No key to press at "${head}" (pressed ${pressed.join(' ')})`);
      }
    }
    expect(await roundText(gm)).toMatch(game.second);
    if (game.move) expect(keptKey).toBe(true);
    // More than one combatant acted by key.
    expect(acted.size).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await context.close();
  });
}
