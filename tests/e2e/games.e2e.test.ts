/**
 * Every game's GM screen and player view on a fight in progress (each module's example script, part
 * way through): the order the way the game thinks of it, no error on either page.
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Each game, how far into its example to go, and what its order panel must show. */
const GAMES: { rules: string; commands: number; order: string; shotName?: string }[] = [
  { rules: 'cwn', commands: 5, order: '.slot-side' },
  { rules: 'kuro', commands: 4, order: '.kuro-grid', shotName: 'gm-kuro' },
  { rules: 'fallout', commands: 6, order: '.slot', shotName: 'gm-fallout' },
  { rules: 'custom', commands: 3, order: '.slot' },
];

for (const g of GAMES) {
  test(`${g.rules}: the GM screen and the player view mid-fight`, async () => {
    const enc = await exampleFight(server, g.rules, g.commands);
    const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    gm.setDefaultTimeout(20_000);
    const gmErrors = watchErrors(gm);
    await gm.goto(enc.gmUrl);
    await gm.locator(g.order).first().waitFor();
    // The first legal action opens (or runs) without breaking anything; its form shows.
    const more = gm.getByTestId('legal-actions').locator('.action-more').first();
    if ((await more.count()) > 0) {
      await more.click();
      await dialog(gm).waitFor();
      if (g.shotName) await shot(gm, `${g.shotName}-dialog`);
      await gm.keyboard.press('Escape');
    }
    if (g.shotName) await shot(gm, g.shotName, true, true);
    const player = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const playerErrors = watchErrors(player);
    await player.goto(enc.playerUrl);
    await player.locator('.pv-now-who').filter({ hasNotText: '…' }).waitFor();
    await player.locator('.pv-badge-live').waitFor();
    expect(gmErrors).toEqual([]);
    expect(playerErrors).toEqual([]);
    await player.context().close();
    await gm.close();
  });
}
