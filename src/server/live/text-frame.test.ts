import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { Hub } from './hub.ts';
import type { LiveClient } from './hub.ts';
import { textFrame } from './text-frame.ts';

/** ws's frame parser (exported by ws, not described by its types). */
interface FrameReader {
  on(event: 'message', listener: (data: Buffer, binary: boolean) => void): void;
  on(event: 'error', listener: (e: Error) => void): void;
  write(bytes: Buffer): void;
}
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean; maxPayload: number }) => FrameReader };

/** What a WebSocket client reads from `bytes` (ws's own parser, as a browser's would). */
function read(bytes: Buffer): { text: string; binary: boolean }[] {
  const out: { text: string; binary: boolean }[] = [];
  const receiver = new Receiver({ isServer: false, maxPayload: 0 });
  receiver.on('message', (data, binary) => out.push({ text: data.toString('utf8'), binary }));
  receiver.on('error', (e) => {
    throw e;
  });
  receiver.write(bytes);
  return out;
}

describe('textFrame', () => {
  it('frames a text message as ws reads it, at every length encoding and in any script', () => {
    for (const n of [0, 1, 125, 126, 127, 65535, 65536, 70000]) {
      const text = 'x'.repeat(n);
      expect(read(textFrame(text))).toEqual([{ text, binary: false }]);
    }
    const words = 'Ogre takes 1 damage (HP 1000000 → 999999) 🐉 Zorblax é';
    expect(read(textFrame(words))).toEqual([{ text: words, binary: false }]);
    // Frames written back to back read as the messages, in order.
    expect(read(Buffer.concat([textFrame('a'), textFrame('b'.repeat(300)), textFrame('c')])).map((m) => m.text)).toEqual(['a', 'b'.repeat(300), 'c']);
  });
});

describe('hub frames', () => {
  it('frames a role\'s message once: clients that take frames get the same bytes, the others the text', () => {
    const frames: Buffer[] = [];
    const texts: string[] = [];
    const framed = (): LiveClient => ({ role: 'player', bufferedAmount: 0, send: (d) => void texts.push(d), sendFrame: (f) => void frames.push(f), close: () => undefined });
    const plain: LiveClient = { role: 'player', bufferedAmount: 0, send: (d) => void texts.push(d), close: () => undefined };
    const hub = new Hub(1000);
    hub.join('e', framed());
    hub.join('e', plain);
    hub.join('e', framed());
    let builds = 0;
    hub.publish('e', { player: () => `{"n":${++builds}}` });
    expect(builds).toBe(1);
    expect(texts).toEqual(['{"n":1}']);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toBe(frames[1]);
    expect(read(frames[0]!)).toEqual([{ text: '{"n":1}', binary: false }]);
  });
});
