import { describe, expect, it } from 'vitest';
import { sniffChatMedia } from './media-sniff.ts';

const ftyp = (brand: string) => {
  const b = Buffer.alloc(32);
  b.writeUInt32BE(24, 0);
  b.write('ftyp', 4, 'latin1');
  b.write(brand, 8, 'latin1');
  return b;
};
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('chat media sniffing', () => {
  it('names PNG, JPEG, GIF, MP4 and QuickTime by their first bytes', () => {
    expect(sniffChatMedia(png)).toBe('image/png');
    expect(sniffChatMedia(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('image/jpeg');
    expect(sniffChatMedia(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBe('image/gif');
    expect(sniffChatMedia(ftyp('isom'))).toBe('video/mp4');
    expect(sniffChatMedia(ftyp('mp42'))).toBe('video/mp4');
    expect(sniffChatMedia(ftyp('qt  '))).toBe('video/quicktime');
  });

  it('refuses HTML, SVG, unknown brands and polyglots whatever their name', () => {
    expect(sniffChatMedia(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffChatMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffChatMedia(ftyp('heic'))).toBeUndefined();
    expect(sniffChatMedia(Buffer.concat([png, Buffer.from('<html><script>x</script>')]))).toBeUndefined();
    expect(sniffChatMedia(Buffer.from('PK\x03\x04 a zip file', 'latin1'))).toBeUndefined();
    expect(sniffChatMedia(Buffer.alloc(0))).toBeUndefined();
  });
});
