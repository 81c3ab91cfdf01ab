/** Driving the GM screen and reading the player view the way a person would: by labels and roles. */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { README_SHOTS, SCREENSHOTS, watchErrors } from './harness.ts';
import type { Created } from './harness.ts';

export interface NewCombatant {
  readonly name: string;
  readonly kind?: 'pc' | 'npc';
  readonly side?: string;
  readonly hidden?: boolean;
  /** Stats by their label on the form ("HP", "AC", "Attack bonus"). */
  readonly stats?: Readonly<Record<string, string>>;
  /** Weapons as name and damage. */
  readonly weapons?: readonly { name: string; damage: string; kind?: 'melee' | 'ranged' }[];
}

export async function addCombatant(page: Page, c: NewCombatant): Promise<void> {
  const form = page.getByRole('form', { name: 'Add combatants' });
  await form.locator('#add-name').fill(c.name);
  await form.locator('#add-side').fill(c.side ?? '');
  await form.getByText(c.kind === 'pc' ? 'PC' : 'NPC', { exact: true }).click();
  await form.getByLabel('hidden').setChecked(c.hidden ?? false);
  for (const [label, value] of Object.entries(c.stats ?? {})) await form.getByLabel(label, { exact: true }).fill(value);
  if (c.weapons?.length) {
    const more = form.locator('details.sf-more');
    if (!(await more.evaluate((d) => (d as HTMLDetailsElement).open))) await more.locator('summary').click();
    const list = form.locator('.sf-row', { has: page.getByText('Weapons', { exact: true }) });
    for (const w of c.weapons) {
      await list.getByRole('button', { name: '+ Add weapon' }).click();
      const item = list.locator('fieldset.sf-item').last();
      await item.getByLabel('Name *').first().fill(w.name);
      await item.getByLabel('Damage *').first().fill(w.damage);
      if (w.kind) await item.getByLabel('Kind', { exact: true }).selectOption(w.kind);
    }
  }
  const before = await page.locator('.combatant').count();
  await form.getByRole('button', { name: /^Add/ }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.combatant').length > n, before);
  // The form empties itself once the add is accepted, weapons included (quick-add.tsx's reset): wait
  // for that, rather than removing items the reset may take away under the click on a busy machine.
  const items = form.locator('.sf-row', { has: page.getByText('Weapons', { exact: true }) }).locator('fieldset.sf-item');
  await expect.poll(async () => `${await form.locator('#add-name').inputValue()}|${await items.count()}`).toBe('|0');
}

/** The legal action buttons of the combatant shown. */
export function actions(page: Page): Locator {
  return page.getByTestId('legal-actions');
}

export async function action(page: Page, label: string | RegExp): Promise<void> {
  await actions(page).locator('.action-main', { hasText: label }).first().click();
}

/** A player character added on the campaign page, its stats typed into the game's form by label. */
export async function addPc(page: Page, name: string, stats: Readonly<Record<string, string>>): Promise<void> {
  await page.getByRole('button', { name: '+ Add a character' }).click();
  const d = dialog(page);
  await d.locator('#pc-name').fill(name);
  for (const [label, value] of Object.entries(stats)) await d.getByLabel(label, { exact: true }).fill(value);
  await d.getByRole('button', { name: 'Add to the party' }).click();
  await d.waitFor({ state: 'detached' });
  await page.locator('.pc', { hasText: name }).waitFor();
}

export function dialog(page: Page): Locator {
  return page.locator('dialog[open]');
}

/** Presses a dialog's button and waits until the dialog has closed (the command was accepted). */
export async function submit(page: Page, button: string): Promise<void> {
  await dialog(page).getByRole('button', { name: button, exact: true }).click();
  await page.locator('dialog[open]').waitFor({ state: 'detached' });
}

export async function headline(page: Page): Promise<string> {
  return (await page.locator('.now-head').textContent()) ?? '';
}

/** Waits until the player page shows a text where players can see it (not, say, an option of the closed character picker): the live update arrived. */
export async function playerSees(player: Page, text: string | RegExp, where = 'main'): Promise<void> {
  await player.locator(where).getByText(text).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
}

export async function playerHeadline(player: Page): Promise<string> {
  return (await player.locator('.pv-now-who').textContent()) ?? '';
}

/** The whole player page's HTML must not contain any of these (hidden combatants, GM notes). */
export async function assertNoLeak(player: Page, secrets: readonly string[]): Promise<void> {
  const html = await player.content();
  for (const s of secrets) if (html.includes(s)) throw new Error(`The player view leaks "${s}"`);
}

/**
 * Saves a screenshot for the test run (test-results/screenshots, not committed). The README's copies in
 * src/web/screenshots are refreshed only on request (`npm run screenshots`, which sets
 * TURNKEEPER_README_SHOTS=1), so a test run never changes committed files.
 */
export async function shot(page: Page, name: string, readme = false, fullPage = false): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The toast of the last command is left out (it would cover part of the screen) and the text caret
  // hidden. The server's Content-Security-Policy refuses the <style> element Playwright's `style` and
  // `caret: 'hide'` inject, so the rules go in through the CSSOM, which the policy leaves alone.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.notice-slot { display: none !important; } * { caret-color: transparent !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.screenshot({ path, fullPage, caret: 'initial' });
  await page.evaluate(() => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
  });
  if (readme && process.env.TURNKEEPER_README_SHOTS === '1') {
    mkdirSync(README_SHOTS, { recursive: true });
    copyFileSync(path, join(README_SHOTS, `${name}.png`));
  }
}

/** Where the main panels sit: compared before and after the turn moves (no layout shift). */
export async function panelBoxes(page: Page, selectors: readonly string[]): Promise<string> {
  return page.evaluate((sels) => {
    return sels
      .map((s) => {
        const r = document.querySelector(s)?.getBoundingClientRect();
        return r ? `${s}:${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)}x${Math.round(r.height)}` : `${s}:none`;
      })
      .join(' ');
  }, selectors);
}

/**
 * The GM screen of `enc` (1400 × 1000) in a context of its own, with the encounter's keys in this
 * browser as the start page leaves them, shown: the page and its errors.
 */
export async function openGm(browser: Browser, enc: Created): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.setDefaultTimeout(20_000);
  await page.addInitScript(([id, gmKey, playerKey]) => localStorage.setItem('turnkeeper.keys.v1', JSON.stringify({ [id!]: { gmKey, playerKey } })), [enc.id, enc.gmKey, enc.playerKey]);
  const errors = watchErrors(page);
  await page.goto(enc.gmUrl);
  await page.getByTestId('now').waitFor();
  return { page, errors };
}

/** A fight just ended: its story opens by itself on the GM screen; read, it is closed (Escape). */
export async function closeStory(page: Page): Promise<void> {
  const story = page.locator('dialog[open][aria-label="Story of the fight"]');
  await story.waitFor();
  await page.keyboard.press('Escape');
  await story.waitFor({ state: 'detached' });
}
