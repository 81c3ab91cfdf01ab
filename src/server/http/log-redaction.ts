/**
 * Keys never reach the server log. Player and GM links carry their key in `?key=`, the live socket
 * too, and HTTP sends it in `Authorization`. Three layers, so that no level and no code path leaks one:
 * the request serializer logs the URL with `key=` values replaced and no headers; pino's `redact`
 * blanks authorization and cookie headers wherever an object carries them; and every line is scrubbed
 * as it is written (key parameters and anything shaped like a Turnkeeper key: `tko_`, `tkg_`, `tkp_`, `tkv_`, `tks_`),
 * which also covers error messages and stacks. Raw packets of malformed requests are never logged.
 */
import type { FastifyServerOptions } from 'fastify';

const KEY_PARAM = /([?&;#](?:key|owner|token|access_token)=)[^&#\s"'\\]*/gi;
const KEY_SHAPE = /\b(tk[ogpvs]_)[A-Za-z0-9_-]+/g;
const BEARER = /\b(bearer\s+)[^\s"'\\,]+/gi;

/** The text with key parameters, bearer credentials and key-shaped words replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text.replace(KEY_PARAM, '$1[redacted]').replace(BEARER, '$1[redacted]').replace(KEY_SHAPE, '$1[redacted]');
}

interface Destination {
  write(line: string): unknown;
}

/** A log destination that scrubs every line before passing it on. */
export function scrubbing(destination: Destination): Destination {
  return { write: (line: string) => destination.write(redactSecrets(line)) };
}

interface RawRequest {
  readonly method?: string;
  readonly url?: string;
  readonly id?: string;
  readonly host?: string;
  readonly ip?: string;
  readonly socket?: { readonly remotePort?: number };
}

const serializers = {
  req: (req: RawRequest) => ({
    method: req.method,
    url: redactSecrets(String(req.url ?? '')),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  err: (err: unknown) => {
    if (typeof err !== 'object' || err === null) return { message: redactSecrets(String(err)) };
    const e = err as { name?: unknown; type?: unknown; code?: unknown; message?: unknown; stack?: unknown; statusCode?: unknown };
    return {
      type: typeof e.name === 'string' ? e.name : 'Error',
      message: redactSecrets(String(e.message ?? '')),
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
      ...(typeof e.stack === 'string' ? { stack: redactSecrets(e.stack) } : {}),
    };
  },
};

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie', 'rawPacket', '*.rawPacket'];

/** Fastify's logger options with the redaction layers; `true` means level info, `false` no logger. */
export function loggerOptions(logger: boolean | Record<string, unknown> | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base: Record<string, unknown> = logger === true ? { level: 'info' } : logger;
  const destination = (base.stream as Destination | undefined) ?? process.stdout;
  return {
    ...base,
    serializers: { ...(base.serializers as Record<string, unknown> | undefined), ...serializers },
    redact: { paths: REDACT, censor: '[redacted]' },
    stream: scrubbing(destination),
  } as FastifyServerOptions['logger'];
}
