/** A few lines of DOM building for the player view, which has no framework to keep it small. */

type Child = Node | string | number | null | undefined | false;
type Props = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;

export function h(tag: string, props: Props | null = null, ...children: (Child | Child[])[]): HTMLElement {
  const el = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === null || v === undefined || v === false) continue;
      if (typeof v === 'function') el.addEventListener(k.replace(/^on/, '').toLowerCase(), v);
      else if (k === 'class') el.className = String(v);
      // Through the CSSOM: the Content-Security-Policy (style-src 'self') refuses style attributes.
      else if (k === 'style') el.style.cssText = String(v);
      else if (v === true) el.setAttribute(k, '');
      else el.setAttribute(k, String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/** Replace an element's children only if the new content differs: no flicker, no lost scroll. */
export function patch(el: HTMLElement, next: HTMLElement[]): void {
  const html = next.map((n) => n.outerHTML).join('');
  if (el.dataset.html === html) return;
  el.dataset.html = html;
  el.replaceChildren(...next);
}
