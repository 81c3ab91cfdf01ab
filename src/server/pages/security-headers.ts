/**
 * Security headers on every answer. Pages (HTML) get a Content-Security-Policy that allows only the
 * app's own files: no inline or evaluated script, styles from the app's own stylesheets (React's
 * `style` props go through the CSSOM, which style-src does not restrict), images from the app, `data:`
 * (the favicon) and `blob:` (portraits, fetched with the page's key and shown from memory), and
 * connections to this host over HTTP and WebSocket. Other answers (JSON, assets) get a policy that
 * allows nothing. Framing is refused (frame-ancestors and X-Frame-Options), and no Referer is ever
 * sent, so the player key in a `/play/<id>?key=` address cannot leak through a link.
 */
import { createHash } from 'node:crypto';
import { NOT_BUILT_STYLE } from './static-files.ts';

const notBuiltStyle = `'sha256-${createHash('sha256').update(NOT_BUILT_STYLE).digest('base64')}'`;

/** A Host header safe to repeat in a header (as `baseUrl` accepts it), or undefined. */
function safeHost(host: string | undefined): string | undefined {
  return typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host) ? host : undefined;
}

/** The page policy; `host` names the WebSocket origins ('self' covers them in CSP 3, not in every browser). */
export function pagePolicy(host: string | undefined): string {
  const h = safeHost(host);
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${notBuiltStyle}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${h ? ` ws://${h} wss://${h}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers for an answer of this content type to a request with this Host. */
export function securityHeaders(contentType: string | undefined, host: string | undefined): Record<string, string> {
  const html = typeof contentType === 'string' && contentType.startsWith('text/html');
  return {
    'content-security-policy': html ? pagePolicy(host) : API_POLICY,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}
