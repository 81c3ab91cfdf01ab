/**
 * One whole round of each game by keyboard only (issue 12, "Done when"): the GM rolls initiative, starts
 * the fight, makes each combatant act with its number key (a dialog opened by the key rolls with Enter)
 * and ends each turn with N, answering the turn panel's questions with Shift+digit, until round 2 (Kuro:
 * game turn 2) begins. The page is only read here, never clicked.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, exampleScript, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { dialog, headline, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const roundText = async (gm: Page) => ((await gm.locator('.now .round').textContent()) ?? '').trim();
const logCount = (gm: Page) => gm.locator('.log li').count();

/** What the screen looks like now, to wait until a key changed it. */
async function snapshot(gm: Page): Promise<string> {
  return `${await roundText(gm)}|${await headline(gm)}|${await logCount(gm)}|${await gm.locator('dialog[open]').count()}`;
}

/** The number key of the acting combatant's first action whose label matches, if it has one. */
async function actionKey(gm: Page, label: RegExp): Promise<string | null> {
  const buttons = gm.getByTestId('legal-actions').locator('.action-main[data-shortcut]');
  for (let i = 0; i < (await buttons.count()); i++) {
    const b = buttons.nth(i);
    if (label.test((await b.textContent()) ?? '')) return b.getAttribute('data-shortcut');
  }
  return null;
}

/** The keys the screen offers now, as the GM reads them. */
function offered(gm: Page): Promise<string[]> {
  return gm.locator('[data-shortcut], [data-choice]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-shortcut') ?? `choice ${e.getAttribute('data-choice')}`}: ${e.textContent?.trim()}`));
}

/** Waits until the screen has stopped changing (the command's update and any re-render are in). */
async function settle(gm: Page): Promise<void> {
  let last = '';
  for (let i = 0; i < 100; i++) {
    const now = `${await snapshot(gm)}|${(await offered(gm)).join('|')}`;
    if (now === last) return;
    last = now;
    await gm.waitForTimeout(150);
  }
}

async function press(gm: Page, key: string): Promise<void> {
  const before = await snapshot(gm);
  await gm.keyboard.press(key);
  await expect.poll(() => snapshot(gm), { message: `after ${key} at "${before}"` }).not.toBe(before);
  await settle(gm);
}

/**
 * Plays until the second round begins: a question is answered with Shift+1, each acting combatant
 * takes one action matching `act` (its dialog rolled with Enter) and then N ends the turn.
 */
async function keyboardRound(gm: Page, act: RegExp, second: RegExp): Promise<{ acted: string[] }> {
  const acted: string[] = [];
  await settle(gm);
  // Setting up: I rolls everybody's initiative where the game rolls it before the fight.
  if (await gm.locator('[data-shortcut="i"]').isVisible()) await press(gm, 'i');
  for (let step = 0; step < 60; step++) {
    if (second.test(await roundText(gm))) return { acted };
    const targets = gm.locator('dialog[open] [data-testid="target-choices"]');
    if ((await targets.count()) > 0) {
      // Fallout's attack: the weapon's key opened its targets, the first with the focus; Enter chooses it and its form opens.
      await expect.poll(() => gm.evaluate(() => document.activeElement?.closest('[data-testid="target-choices"]') !== null)).toBe(true);
      await gm.keyboard.press('Enter');
      await targets.waitFor({ state: 'detached' });
      await settle(gm);
      continue;
    }
    if ((await gm.locator('dialog[open]').count()) > 0) {
      // The dialog opened by a number key: its first field has the focus, Enter rolls.
      await expect.poll(() => gm.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
      // A required text the GM types (popcorn's "what happens") goes into the field that has the focus.
      if (await gm.evaluate(() => { const f = document.activeElement as HTMLInputElement | null; return f?.tagName === 'INPUT' && f.type === 'text' && f.value === '' && (f.required || f.getAttribute('aria-required') === 'true' || [...(f.labels ?? [])].some((l) => l.textContent?.trim().endsWith('*'))); })) {
        await gm.keyboard.type('swings at the nearest foe');
      }
      await gm.keyboard.press('Enter');
      await dialog(gm).waitFor({ state: 'detached' });
      await settle(gm);
      continue;
    }
    const head = await headline(gm);
    const who = /^(.+?) acts( for .+)?$/.exec(head)?.[1];
    if (who && !acted.includes(`${await roundText(gm)}:${who}`)) {
      acted.push(`${await roundText(gm)}:${who}`);
      const key = await actionKey(gm, act);
      if (key) {
        await press(gm, key);
        continue;
      }
    }
    if (await gm.locator('[data-choice="1"]').isVisible()) {
      await press(gm, 'Shift+Digit1');
      continue;
    }
    if (await gm.locator('[data-shortcut="n"]').isVisible()) {
      await press(gm, 'n');
      continue;
    }
    // On a busy machine the next key may show a moment later (the rules that offer it still loading):
    // wait for one before calling the screen stuck.
    const next = gm.locator('[data-shortcut="n"], [data-choice="1"], dialog[open]').first();
    if (await next.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)) continue;
    await shot(gm, 'gm-keys-stuck-' + (await gm.title()));
    throw new Error(`No key to press at "${await snapshot(gm)}" (acted ${acted.join(', ')}; keys ${(await offered(gm)).join(' | ')})`);
  }
  throw new Error(`Round 2 not reached: ${await snapshot(gm)}`);
}

const GAMES: readonly { rules: string; act: RegExp; second: RegExp }[] = [
  { rules: 'swn', act: /^\d?\s*Attack/, second: /^Round 2/ },
  { rules: 'cwn', act: /^\d?\s*Attack/, second: /^Round 2/ },
  { rules: 'kuro', act: /^\d?\s*(Attack|Power attack)/, second: /^Game turn 2/ },
  { rules: 'fallout', act: /^\d?\s*Attack/, second: /^Round 2/ },
  { rules: 'popcorn', act: /^\d?Take the action/, second: /^Round 2/ },
  { rules: 'custom', act: /^\d?\s*Attack/, second: /^Round 2/ },
];

for (const game of GAMES) {
  test(`${game.rules}: a whole round by keyboard only`, async () => {
    const s = exampleScript(game.rules);
    const enc = await createEncounter(server, {
      rules: s.rules,
      title: `${s.title} (keys)`,
      seed: s.seed ?? 7,
      ...(s.options ? { options: s.options } : {}),
      ...(s.sides ? { sides: s.sides } : {}),
      combatants: s.combatants,
    });
    const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    gm.setDefaultTimeout(20_000);
    const errors = watchErrors(gm);
    const native: string[] = [];
    gm.on('dialog', (d) => {
      native.push(d.message());
      void d.dismiss();
    });
    await gm.goto(enc.gmUrl);
    await gm.getByTestId('now').waitFor();
    await expect.poll(() => headline(gm)).toBe('Setting up');
    const logBefore = await logCount(gm);
    const { acted } = await keyboardRound(gm, game.act, game.second);
    await shot(gm, `gm-keys-${game.rules}`);
    // Everybody still standing acted in round 1, and the log holds what they did.
    expect(acted.filter((a) => !game.second.test(a)).length).toBeGreaterThanOrEqual(2);
    expect(await logCount(gm)).toBeGreaterThan(logBefore + acted.length);
    expect(native).toEqual([]);
    expect(errors).toEqual([]);
    await gm.close();
  });
}
