/**
 * TV mode (`/play/:id?tv`): the player view for the table's TV. Nobody presses anything on a TV, so the
 * requests box is left out and the page fits the screen with the newest log lines in view. A phone
 * keeps the requests; the page's TV button switches either way and keeps the choice in the address.
 */

/** `?tv`, `?tv=1`, `?tv=yes` turn it on; `?tv=0`, `?tv=no`, `?tv=false` or no `tv` leave it off. */
export function tvMode(search: string): boolean {
  const p = new URLSearchParams(search);
  if (!p.has('tv')) return false;
  return !/^(0|no|false|off)$/i.test(p.get('tv') ?? '');
}

/** The address with TV mode on or off (`?tv`), everything else kept. */
export function withTv(href: string, on: boolean): string {
  const url = new URL(href);
  url.searchParams.delete('tv');
  const rest = url.searchParams.toString();
  const search = on ? (rest ? `?${rest}&tv` : '?tv') : rest ? `?${rest}` : '';
  return `${url.pathname}${search}${url.hash}`;
}
