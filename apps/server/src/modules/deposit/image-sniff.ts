import { crc32 } from 'node:zlib';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';
export type SniffedImage = { type: ImageType; width: number; height: number };

/**
 * Markup that a browser could run if the file were ever served as HTML. A real
 * slip never carries it; a polyglot (a valid image header with HTML after it)
 * does, so any of these in the first KB refuses the file.
 */
const MARKUP = ['<html', '<script', '<!doctype', '<body', '<svg', '<iframe', '<?xml'];
const MARKUP_WINDOW = 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decides an upload's type by its bytes, never by its name or the client's
 * content type, and reads its pixel size from the header. Answers undefined for
 * anything that is not a well-formed PNG, JPEG or WebP header, or that carries
 * markup in its first KB.
 */
export function sniffImage(bytes: Buffer): SniffedImage | undefined {
  const head = bytes.subarray(0, MARKUP_WINDOW).toString('latin1').toLowerCase();
  if (MARKUP.some((tag) => head.includes(tag))) return undefined;
  return sniffPng(bytes) ?? sniffJpeg(bytes) ?? sniffWebp(bytes);
}

function sniffPng(b: Buffer): SniffedImage | undefined {
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  // The first chunk must be a 13-byte IHDR whose CRC is right: the whole header, not just a signature.
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  if (crc32(b.subarray(12, 29)) !== b.readUInt32BE(29)) return undefined;
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  return width > 0 && height > 0 ? { type: 'image/png', width, height } : undefined;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function sniffJpeg(b: Buffer): SniffedImage | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return undefined;
  let at = 2;
  // Walk the segments up to the frame header; a malformed segment refuses the file.
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    let marker = b[at + 1] ?? 0;
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1] ?? 0;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan data before any frame header
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return undefined;
    if (JPEG_SOF.has(marker)) {
      if (length < 8) return undefined;
      const height = b.readUInt16BE(at + 5);
      const width = b.readUInt16BE(at + 7);
      return width > 0 && height > 0 ? { type: 'image/jpeg', width, height } : undefined;
    }
    at += 2 + length;
  }
  return undefined;
}

function sniffWebp(b: Buffer): SniffedImage | undefined {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  if (b.readUInt32LE(4) + 8 > b.length) return undefined;
  const chunk = b.toString('latin1', 12, 16);
  let width: number;
  let height: number;
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    width = b.readUInt16LE(26) & 0x3fff;
    height = b.readUInt16LE(28) & 0x3fff;
  } else if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === 'VP8X') {
    width = b.readUIntLE(24, 3) + 1;
    height = b.readUIntLE(27, 3) + 1;
  } else {
    return undefined;
  }
  return width > 0 && height > 0 ? { type: 'image/webp', width, height } : undefined;
}
