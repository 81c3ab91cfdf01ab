/**
 * Nothing on the GM screen is cut or covered at a GM's usual windows (1400 × 1000, a 1280 × 720
 * laptop, 1920 × 1080), in Fallout and SWN fights where the one acting has many actions: every action
 * can be brought into sight and clicked, the result card shows the attack's lines, the log's first line
 * in sight is whole, the notice covers no row or button, and the player requests take their own place
 * instead of covering Damage / Heal / Condition.
 */
import { expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { actions, dialog, headline, shot, submit } from './gm-driver.ts';
import { SCREENSHOTS } from './harness.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const endTurns = (n: number) => Array.from({ length: n }, () => ({ type: 'end-turn' }));

interface Game {
  readonly rules: 'fallout' | 'swn';
  readonly actor: string;
  /** At least this many legal actions at the start of the turn. */
  readonly legal: number;
  readonly attack: RegExp;
  /** The target chosen after the weapon, where the game asks (Fallout: fallout-attack.e2e.test.ts). */
  readonly target?: string;
  /** Fills the attack form's dice, typed in as read at the table. */
  dice(d: Locator): Promise<void>;
  /** The attack's line in the result card. */
  readonly hitLine: RegExp;
  readonly body: Record<string, unknown>;
}

// Several rounds already played (a long log), then the one with many weapons begins a turn.
const GAMES: readonly Game[] = [
  {
    rules: 'fallout',
    actor: 'Nora',
    legal: 19,
    attack: /Attack with Frag grenade/,
    target: 'Raider',
    async dice(d) {
      await d.getByText('Type in the dice rolled at the table').click();
      await d.locator('.dice-key', { hasText: 'Test' }).locator('input').fill('1, 2');
      await d.locator('.dice-key', { hasText: 'Location' }).locator('input').fill('3');
      await d.locator('.dice-key', { hasText: 'Damage' }).locator('input').fill('2 E 0 1 2');
    },
    hitLine: /attack on Raider/,
    body: {
      rules: 'fallout',
      title: 'Red Rocket, late',
      seed: 3,
      sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
      combatants: [
        {
          name: 'Nora',
          kind: 'pc',
          side: 'Vault',
          stats: {
            per: 6, agi: 7, str: 5, end: 5, int: 6, cha: 5, luc: 3, hp: 12,
            skills: { 'small guns': 3, 'melee weapons': 2, throwing: 2, 'energy weapons': 2 },
            weapons: [
              { name: '10mm pistol', type: 'ranged', damage: 4, range: 'close', ammo: '10mm', fireRate: 2 },
              { name: 'Hunting rifle', type: 'ranged', damage: 6, range: 'medium', ammo: '.308', fireRate: 0 },
              { name: 'Laser pistol', type: 'ranged', damage: 4, range: 'close', ammo: 'fusion cell', fireRate: 2 },
              { name: 'Machete', type: 'melee', damage: 3 },
              { name: 'Frag grenade', type: 'thrown', damage: 5, range: 'medium', quantity: 2 },
            ],
            ammo: { '10mm': 8, '.308': 6, 'fusion cell': 10 },
          },
        },
        { name: 'Raider', side: 'Raiders', stats: { per: 5, agi: 5, str: 6, hp: 10, skills: { 'melee weapons': 2 }, weapons: [{ name: 'Machete', type: 'melee', damage: 3 }] } },
      ],
      commands: [{ type: 'start', initiator: 'Nora' }, ...endTurns(13)],
    },
  },
  {
    rules: 'swn',
    actor: 'Vasquez',
    legal: 14,
    attack: /Attack with Monoblade/,
    async dice(d) {
      await d.getByLabel('Type in the dice rolled at the table').check();
      await d.getByLabel('Hit roll', { exact: true }).fill('15');
      await d.getByLabel('Damage roll', { exact: true }).fill('5');
    },
    hitLine: /attack on Pirate/,
    body: {
      rules: 'swn',
      title: 'Cargo bay, late',
      seed: 3,
      options: { initiative: 'individual' },
      sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
      combatants: [
        {
          name: 'Vasquez',
          kind: 'pc',
          side: 'Crew',
          stats: {
            hp: 12, ac: 14, attackBonus: 1, dexMod: 2,
            weapons: [
              { name: 'Laser pistol', damage: '1d6', kind: 'ranged' },
              { name: 'Laser rifle', damage: '1d10', kind: 'ranged' },
              { name: 'Knife', damage: '1d4' },
              { name: 'Monoblade', damage: '1d8' },
            ],
          },
        },
        { name: 'Pirate', side: 'Pirates', stats: { hp: 30, ac: 13, attackBonus: 1 } },
      ],
      commands: [{ type: 'roll-initiative', dice: { Vasquez: [6], Pirate: [1] } }, { type: 'start' }, ...endTurns(12)],
    },
  },
];

const WINDOWS = [
  { width: 1400, height: 1000 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/**
 * Why an element is not wholly in sight, or null: it must lie inside `within` (its scrolling box or its
 * panel), inside the window and below the sticky header, and be what is under its own centre.
 */
function notInSight(el: Locator, within: string): Promise<string | null> {
  return el.evaluate((node, sel) => {
    const describe = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').trim().slice(0, 40)}"` : 'nothing');
    const r = node.getBoundingClientRect();
    const box = node.closest(sel)?.getBoundingClientRect();
    const header = document.querySelector('.gm-header')!.getBoundingClientRect();
    const problems: string[] = [];
    if (r.width < 1 || r.height < 1) problems.push('has no size');
    if (!box) problems.push(`is not in ${sel}`);
    else if (r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1 || r.right > box.right + 1) problems.push(`sticks out of ${sel}`);
    if (r.top < header.bottom - 1 || r.bottom > innerHeight + 1 || r.left < -1 || r.right > innerWidth + 1) problems.push('is outside the window');
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || !(hit === node || node.contains(hit))) problems.push(`is covered by ${describe(hit)}`);
    return problems.length ? `${describe(node)} ${problems.join(', ')}` : null;
  }, within);
}

/** Scrolls an element into the middle of its scrolling box and of the window, as a GM scrolling to it would. */
async function bringIntoSight(el: Locator): Promise<void> {
  await el.evaluate((node) => node.scrollIntoView({ block: 'center', inline: 'nearest' }));
}

/** The rows and controls a notice lies over (not counting what the sticky header already hides). */
function coveredByNotice(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const notice = document.querySelector('.notice')!;
    const n = notice.getBoundingClientRect();
    const header = document.querySelector('.gm-header')!.getBoundingClientRect();
    const controls = 'button, a[href], input, select, textarea, summary, [role=tab], .slot, .combatant, tr, .action';
    return [...document.querySelectorAll(controls)]
      .filter((e) => !e.closest('.notice-slot'))
      .filter((e) => {
        const b = e.getBoundingClientRect();
        if (b.width < 1 || b.height < 1) return false;
        const top = Math.max(b.top, n.top);
        const bottom = Math.min(b.bottom, n.bottom);
        const overlaps = Math.min(b.right, n.right) > Math.max(b.left, n.left) && bottom > top;
        // Page content scrolled under the sticky header is hidden by the header, not by the notice.
        return overlaps && (e.closest('.gm-header') !== null || bottom > header.bottom);
      })
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').trim().slice(0, 30)}"`);
  });
}

async function askToEndTurn(enc: Created, who: string): Promise<void> {
  const r = await fetch(`${server.url}/api/encounters/${enc.id}/requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${enc.playerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'end-turn', combatant: who }),
  });
  if (!r.ok) throw new Error(`request: ${r.status} ${await r.text()}`);
}

for (const g of GAMES) {
  for (const w of WINDOWS) {
    test(`${g.rules} at ${w.width} × ${w.height}: nothing cut or covered`, async () => {
      const enc = await createEncounter(server, g.body);
      const gm = await browser.newPage({ viewport: w });
      gm.setDefaultTimeout(20_000);
      const errors = watchErrors(gm);
      await gm.goto(enc.gmUrl);
      await expect.poll(() => headline(gm)).toBe(`${g.actor} acts`);
      const name = `layout-${g.rules}-${w.width}x${w.height}`;

      // Every action: brought into sight (inside its list and the window), nothing over it.
      const grid = actions(gm);
      const buttons = grid.locator('button');
      await expect.poll(() => grid.locator('.action-main').count()).toBeGreaterThanOrEqual(g.legal);
      const panel = await gm.evaluate(() => {
        const a = document.querySelector('.actions')!.getBoundingClientRect();
        const list = document.querySelector('[data-testid=legal-actions]')!;
        return { height: a.height, room: innerHeight - document.querySelector('.gm-header')!.getBoundingClientRect().height, scrolls: list.scrollHeight > list.clientHeight + 1 };
      });
      // The panel fits in the window below the header: it can be seen whole.
      expect(panel.height).toBeLessThanOrEqual(panel.room);
      // A list that scrolls says so.
      if (panel.scrolls) expect(await gm.getByRole('button', { name: /more actions below/ }).isVisible()).toBe(true);
      const problems: string[] = [];
      for (let i = 0; i < (await buttons.count()); i++) {
        const b = buttons.nth(i);
        await bringIntoSight(b);
        const p = await notInSight(b, '[data-testid=legal-actions]');
        if (p) problems.push(p);
      }
      expect(problems).toEqual([]);
      await gm.evaluate(() => window.scrollTo(0, 0));
      await shot(gm, name);

      // The attack (the last weapon's, far down the list): the result card shows its lines, whole.
      const attack = grid.locator('.action-main', { hasText: g.attack }).first();
      await bringIntoSight(attack);
      await attack.click();
      await dialog(gm).waitFor();
      if (g.target) {
        await dialog(gm).getByRole('list', { name: 'Targets' }).getByRole('button', { name: new RegExp(`^${g.target} `) }).click();
        await dialog(gm).locator('form').waitFor();
      }
      await g.dice(dialog(gm));
      await submit(gm, 'Do it');
      const card = gm.getByTestId('last-result');
      const hit = card.locator('.result-lines li', { hasText: g.hitLine }).first();
      await hit.waitFor();

      // The notice of the attack covers no row or button, stays in the window, and lets clicks through
      // where it has nothing to show.
      const notice = gm.locator('.notice');
      await notice.waitFor({ state: 'attached' });
      expect(await coveredByNotice(gm)).toEqual([]);
      const placed = await gm.evaluate(() => {
        const r = document.querySelector('.notice')!.getBoundingClientRect();
        return { inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth, through: getComputedStyle(document.querySelector('.notice-slot')!).pointerEvents };
      });
      expect(placed).toEqual({ inside: true, through: 'none' });
      await gm.screenshot({ path: `${SCREENSHOTS}/${name}-notice.png` });

      await bringIntoSight(card);
      expect(await notInSight(hit, '.result-body')).toBeNull();
      const lines = card.locator('li');
      for (let i = 0; i < (await lines.count()); i++) expect(await notInSight(lines.nth(i), '.result-body')).toBeNull();

      // The log, scrolled to its newest line: the first line in sight is whole, and so is the last.
      const log = gm.locator('.log-list');
      await log.evaluate((node) => node.scrollIntoView({ block: 'end' }));
      const sight = await log.evaluate((list) => {
        const l = list.getBoundingClientRect();
        const items = [...list.children].map((li) => li.getBoundingClientRect());
        const first = items.find((r) => r.bottom > l.top + 0.5)!;
        const last = items[items.length - 1]!;
        const header = document.querySelector('.gm-header')!.getBoundingClientRect();
        return {
          scrolls: list.scrollHeight > list.clientHeight + 1,
          firstWhole: first.top >= l.top - 1 && first.bottom <= l.bottom + 1,
          lastWhole: last.top >= l.top - 1 && last.bottom <= l.bottom + 1,
          inWindow: l.top >= header.bottom - 1 && l.bottom <= innerHeight + 1,
        };
      });
      expect(sight).toEqual({ scrolls: true, firstWhole: true, lastWhole: true, inWindow: true });
      expect(await gm.locator('.log .scroll-hint').isVisible()).toBe(true);
      expect(await notInSight(log.locator('li').last(), '.log-list')).toBeNull();

      // A player's request: its box takes its own place; Damage, Heal and Condition stay uncovered.
      await askToEndTurn(enc, g.actor);
      const requests = gm.getByRole('region', { name: /Player requests/ });
      await requests.getByText(`${g.actor} ends the turn`).waitFor();
      await gm.evaluate(() => window.scrollTo(0, 0));
      for (const label of [/^Damage/, /^Heal/, /^Condition/]) {
        const b = gm.locator('.damage-bar').getByRole('button', { name: label });
        expect(await notInSight(b, '.damage-bar')).toBeNull();
      }
      const apart = await gm.evaluate(() => {
        const q = document.querySelector('.requests')!.getBoundingClientRect();
        return [...document.querySelectorAll('.damage-bar button, .damage-bar input, .damage-bar select')].every((e) => {
          const b = e.getBoundingClientRect();
          return Math.min(b.right, q.right) <= Math.max(b.left, q.left) || Math.min(b.bottom, q.bottom) <= Math.max(b.top, q.top);
        });
      });
      expect(apart).toBe(true);
      for (const label of ['Accept', 'Reject…']) {
        const b = requests.getByRole('button', { name: label });
        await bringIntoSight(b);
        expect(await notInSight(b, '.requests')).toBeNull();
      }
      await gm.evaluate(() => window.scrollTo(0, 0));
      await shot(gm, `${name}-request`);

      expect(errors).toEqual([]);
      await gm.close();
    });
  }
}
