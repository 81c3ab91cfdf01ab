/** What the forecast's browser tests share: the fight, the GM page, the panel's figures as shown. */
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createEncounter, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';

const attack = (name: string, hit: string, damage: string) => ({ name, hit, damage });
const raider = (name: string) => ({ name, side: 'Raiders', hp: 9, stats: { defense: 11, attacks: [attack('Club', '+2', '1d6')] } });

/** A custom fight being set up: two PCs against three raiders. */
export function setupFight(server: Server): Promise<Created> {
  return createEncounter(server, {
    rules: 'custom',
    title: 'The toll bridge',
    sides: [{ name: 'Party', players: true }, { name: 'Raiders' }],
    combatants: [
      { name: 'Asha', kind: 'pc', side: 'Party', hp: 14, stats: { defense: 13, attacks: [attack('Sword', '+4', '1d8+2')] } },
      { name: 'Brom', kind: 'pc', side: 'Party', hp: 12, stats: { defense: 12, attacks: [attack('Axe', '+3', '1d10')] } },
      raider('Raider'),
      raider('Raider 2'),
      raider('Raider 3'),
    ],
  });
}

export async function openGm(browser: Browser, enc: Created, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[]; workers: string[] }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.setDefaultTimeout(30_000);
  await page.addInitScript(([id, gmKey, playerKey]) => localStorage.setItem('turnkeeper.keys.v1', JSON.stringify({ [id!]: { gmKey, playerKey } })), [enc.id, enc.gmKey, enc.playerKey]);
  const errors = watchErrors(page);
  const workers: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('forecast-worker')) workers.push(r.url());
  });
  await page.goto(enc.gmUrl);
  await page.getByTestId('now').waitFor();
  return { page, errors, workers };
}

export interface Shown {
  readonly sides: readonly { label: string; p: number; pct: string }[];
  readonly down: Readonly<Record<string, number>>;
}

/** The forecast once it has answered: each side's row and each combatant's chance to go down. */
export async function answered(page: Page): Promise<Shown> {
  await page.locator('.fc[data-state="done"]').waitFor({ timeout: 90_000 });
  const sides = await page.locator('.fc-sides .fc-row').evaluateAll((rows) =>
    rows.map((r) => ({ label: r.querySelector('.fc-label')!.textContent!, p: Number(r.getAttribute('data-p')), pct: r.querySelector('.fc-pct')!.textContent! })),
  );
  const down = await page.locator('.fc-down .fc-row').evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.querySelector('.fc-label')!.firstChild!.textContent!, Number(r.getAttribute('data-p'))])));
  return { sides, down };
}

export const pctOf = (label: string, s: Shown) => s.sides.find((x) => x.label === label)!;

export const ROUNDS_LABEL = /^Rounds: \d+\+? rounds? (\d{1,3}|<1|>99)%(, \d+\+? rounds? (\d{1,3}|<1|>99)%)*$/;

/** Scrolls `what` to the top of the window, clear of the sticky header, for a screenshot. */
export async function showPanel(what: Locator): Promise<void> {
  await what.evaluate((e) => {
    e.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0) - 8);
  });
}

/** The forecast once it has answered with `ready` true of it (a mark's forecast comes a moment after the mark). */
export async function answeredWhen(page: Page, ready: (s: Shown) => boolean): Promise<Shown> {
  let last: Shown | null = null;
  await expect
    .poll(
      async () => {
        last = await answered(page);
        return ready(last);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return last!;
}

/** The mean rounds in the chart's caption ("Over in 7.6 rounds on average …"). */
export async function meanRounds(page: Page): Promise<number> {
  const caption = (await page.locator('.fc-rounds figcaption').textContent()) ?? '';
  return Number(/^Over in (\d+\.\d) rounds/.exec(caption)?.[1]);
}
