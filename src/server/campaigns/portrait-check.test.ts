import { describe, expect, it } from 'vitest';
import { PORTRAIT_MAX_BYTES, checkPortrait, sizeWords, sniffPortrait } from './portrait-check.ts';
import { jpegHeader, png, webpHeader, webpLosslessHeader } from './testing.ts';

describe('checkPortrait', () => {
  it('accepts a PNG, a JPEG and a WebP sent under their own type, with their size', () => {
    expect(checkPortrait(png(3, 2), 'image/png')).toEqual({ ok: true, type: 'image/png', width: 3, height: 2 });
    expect(checkPortrait(jpegHeader(640, 480), 'image/jpeg')).toEqual({ ok: true, type: 'image/jpeg', width: 640, height: 480 });
    expect(checkPortrait(webpHeader(512, 300), 'image/webp; charset=binary')).toEqual({ ok: true, type: 'image/webp', width: 512, height: 300 });
    expect(checkPortrait(webpLosslessHeader(100, 4096), 'IMAGE/WEBP')).toEqual({ ok: true, type: 'image/webp', width: 100, height: 4096 });
  });

  it('reads a lossy WebP (VP8) frame header', () => {
    const data = Buffer.from([0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xf0, 0x00, 0, 0]);
    const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.from([data.length, 0, 0, 0]), data]);
    const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([body.length, 0, 0, 0]), body]);
    expect(checkPortrait(riff, 'image/webp')).toEqual({ ok: true, type: 'image/webp', width: 320, height: 240 });
  });

  it('refuses more than 256 kB with 413, saying how large the file is', () => {
    const big = Buffer.concat([png(1, 1), Buffer.alloc(10 * 1024 * 1024)]);
    const r = checkPortrait(big, 'image/png');
    expect(r).toMatchObject({ ok: false, status: 413, code: 'portrait/too-large' });
    expect(!r.ok && r.message).toContain('at most 256 kB; this file is 10.0 MB');
    expect(checkPortrait(Buffer.concat([png(1, 1), Buffer.alloc(PORTRAIT_MAX_BYTES)]), 'image/png')).toMatchObject({ status: 413 });
  });

  it('refuses what is not an image, whatever its label', () => {
    const text = Buffer.from('Hello, this is not a picture at all.\n');
    const r = checkPortrait(text, 'image/png');
    expect(r).toMatchObject({ ok: false, status: 415, code: 'portrait/not-an-image' });
    expect(!r.ok && r.message).toMatch(/not a PNG, JPEG or WebP image/);
    expect(checkPortrait(Buffer.from('GIF89a......'), 'image/gif')).toMatchObject({ code: 'portrait/not-an-image' });
    expect(checkPortrait(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).toMatchObject({ code: 'portrait/not-an-image' });
    expect(checkPortrait(Buffer.from('RIFF\x10\0\0\0WAVEfmt '), 'image/webp')).toMatchObject({ code: 'portrait/not-an-image' });
    expect(checkPortrait(Buffer.alloc(0), 'image/png')).toMatchObject({ status: 422, code: 'portrait/empty' });
  });

  it('refuses an image sent under another type, naming both', () => {
    const r = checkPortrait(jpegHeader(10, 10), 'image/png');
    expect(r).toMatchObject({ ok: false, status: 415, code: 'portrait/mislabelled' });
    expect(!r.ok && r.message).toBe('The file is a JPEG image but was sent as PNG (image/png). Send it as image/jpeg, or save it again in the format its name says.');
    expect(checkPortrait(png(1, 1), 'application/octet-stream')).toMatchObject({ code: 'portrait/mislabelled' });
    expect(checkPortrait(png(1, 1), undefined)).toMatchObject({ code: 'portrait/mislabelled' });
  });

  it('refuses a header of more than 4096 pixels a side (a decompression bomb) or none at all', () => {
    const bomb = png(1, 1, [0, 0, 0], { width: 50_000, height: 50_000 });
    const r = checkPortrait(bomb, 'image/png');
    expect(r).toMatchObject({ ok: false, status: 422, code: 'portrait/too-many-pixels' });
    expect(!r.ok && r.message).toContain('50000 × 50000 pixels');
    expect(checkPortrait(jpegHeader(4097, 10), 'image/jpeg')).toMatchObject({ code: 'portrait/too-many-pixels' });
    expect(checkPortrait(webpHeader(10, 5000), 'image/webp')).toMatchObject({ code: 'portrait/too-many-pixels' });
    expect(checkPortrait(png(1, 1).subarray(0, 20), 'image/png')).toMatchObject({ status: 422, code: 'portrait/damaged' });
    expect(checkPortrait(png(1, 1, [0, 0, 0], { width: 0, height: 5 }), 'image/png')).toMatchObject({ code: 'portrait/damaged' });
    expect(checkPortrait(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'image/jpeg')).toMatchObject({ code: 'portrait/damaged' });
    expect(checkPortrait(Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg')).toMatchObject({ code: 'portrait/damaged' });
  });

  it('tells the three kinds by their first bytes', () => {
    expect(sniffPortrait(png(1, 1))).toBe('image/png');
    expect(sniffPortrait(jpegHeader(1, 1))).toBe('image/jpeg');
    expect(sniffPortrait(webpHeader(1, 1))).toBe('image/webp');
    expect(sniffPortrait(Buffer.from([0x89, 0x50]))).toBeUndefined();
  });

  it('words sizes', () => {
    expect([sizeWords(12), sizeWords(300 * 1024), sizeWords(10 * 1024 * 1024)]).toEqual(['12 bytes', '300 kB', '10.0 MB']);
  });
});
