/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 kB, malformed
 * HTTP, a client too slow to send its request) get the documented `{code, message}` body, like every
 * other refusal. The raw bytes are never logged: they may hold a key.
 */
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

interface ParserError {
  readonly code?: string;
  readonly rawPacket?: unknown;
}

/** Status, code and message for a parser error. */
export function clientErrorReply(err: ParserError): [number, string, string] {
  const limit = `${Math.round(maxHeaderSize / 1024)} kB`;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    // The limit covers the request line and the headers together: when the request line takes most of
    // it, the URL is what is too long.
    const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined;
    const eol = raw ? raw.indexOf('\r\n') : 0;
    if (raw && (eol === -1 || eol > maxHeaderSize / 2)) return [414, 'request/uri-too-long', `The URL is too long: the request line and headers may take at most ${limit}.`];
    return [431, 'request/headers-too-large', `The request headers are too large: the request line and headers may take at most ${limit}.`];
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request/timeout', 'The request took too long to arrive.'];
  return [400, 'request/malformed', 'The request is not valid HTTP.'];
}

/** Fastify's `clientErrorHandler` (Fastify binds `this` to the instance). */
export function clientErrorHandler(this: FastifyInstance, err: ParserError & Error, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = clientErrorReply(err);
  this.log.debug({ parserError: { code: err.code, status } }, 'client error');
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
