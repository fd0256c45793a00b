import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-sniff.ts';

function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }));
}

/** A minimal JPEG header: SOI, APP0 (JFIF), SOF0 with the size. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof[9] = 3;
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

function webpLossless(width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBPVP8L', 8, 'latin1');
  b.writeUInt32LE(19, 16);
  b[20] = 0x2f;
  b.writeUInt32LE(((height - 1) << 14) | (width - 1), 21);
  return b;
}

describe('sniffImage', () => {
  it('reads type and size from PNG, JPEG and WebP headers', () => {
    expect(sniffImage(png(320, 640))).toEqual({ type: 'image/png', width: 320, height: 640 });
    expect(sniffImage(jpegHeader(1080, 1920))).toEqual({ type: 'image/jpeg', width: 1080, height: 1920 });
    expect(sniffImage(webpLossless(800, 600))).toEqual({ type: 'image/webp', width: 800, height: 600 });
  });

  it('refuses an HTML page renamed to .png, a GIF and plain text', () => {
    expect(sniffImage(Buffer.from('<!doctype html><html><script>alert(1)</script></html>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeUndefined();
    expect(sniffImage(Buffer.from('just some text'))).toBeUndefined();
  });

  it('refuses a polyglot: a valid PNG header with markup in its first KB', () => {
    const image = png(10, 10);
    const polyglot = Buffer.concat([image.subarray(0, 33), Buffer.from('<script>fetch("/api")</script>'), image.subarray(33)]);
    expect(sniffImage(polyglot)).toBeUndefined();
    expect(sniffImage(Buffer.concat([jpegHeader(10, 10), Buffer.from('<HTML>')]))).toBeUndefined();
  });

  it('refuses a signature without a well-formed header: bad IHDR CRC, truncated JPEG, bare RIFF', () => {
    const bad = png(10, 10);
    bad[16] = 0x7f; // width changed, CRC no longer matches
    expect(sniffImage(bad)).toBeUndefined();
    expect(sniffImage(png(10, 10).subarray(0, 20))).toBeUndefined();
    expect(sniffImage(jpegHeader(10, 10).subarray(0, 12))).toBeUndefined();
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF\x20\x00\x00\x00WEBPJUNK', 'latin1'), Buffer.alloc(24)]))).toBeUndefined();
  });
});
