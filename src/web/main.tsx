/**
 * The entry point: a router that loads only the screen the address asks for. The player view is plain
 * TypeScript (no React, no engine) so a phone on the table's Wi-Fi downloads as little as possible; the
 * start page, the campaign page and the GM screen are React and load the rules of the game on demand.
 */
import './shared/base.css';
import { earlyEvents } from './gm/data/early-events.ts';
import { routeOf } from './shared/routes.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const route = routeOf(window.location);
switch (route.screen) {
  case 'play':
    // A campaign's table link (/table/:id) is the same page, following the campaign's current fight.
    void import('./player/mount.ts').then((m) => (route.table ? m.mountTable(root, route.id, route.key) : m.mountPlayer(root, route.id, route.key)));
    break;
  case 'gm': {
    // The encounter's events and its game's rules download while the GM screen's code does.
    const early = earlyEvents(route.id, route.key);
    void import('./gm/mount.tsx').then((m) => m.mountGm(root, route.id, route.key, early));
    break;
  }
  case 'campaign':
    // Its own chunk: the GM screen never downloads the campaign page.
    void import('./campaign/mount.tsx').then((m) => m.mountCampaign(root, route.id));
    break;
  default:
    void import('./start/mount.tsx').then((m) => m.mountStart(root));
}
