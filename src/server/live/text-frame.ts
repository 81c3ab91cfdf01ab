/**
 * A WebSocket text message framed once for every socket it goes to (RFC 6455, section 5.2: FIN, opcode 1,
 * unmasked as a server's frames are). `ws` frames each `send` anew: the message encoded to UTF-8 again
 * and written as two chunks (header and payload) per socket. A batch goes to every socket of its role
 * alike, so the hub frames it once and each socket writes the same bytes.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(text, head, 'utf8');
  return frame;
}
