/** What an accepted chat upload is, decided by its first bytes (never its name or declared type). */
export type ChatMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'video/mp4' | 'video/quicktime';

/** Bytes a sniff needs: the headers below, and the window searched for markup. */
export const SNIFF_BYTES = 1024;

/** Markup a browser could run if the file were ever taken for HTML; refused anywhere in the first KB (polyglots). */
const MARKUP = ['<html', '<script', '<!doctype', '<body', '<svg', '<iframe', '<?xml', '<head', '<meta'];

/** ISO base media brands of MP4 files phones and editors write; `qt  ` is QuickTime. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'MSNV',
  'mmp4',
  '3gp4',
  '3gp5',
  '3gp6',
]);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The media type of an upload from its head (at least the first SNIFF_BYTES, or
 * the whole file when shorter): PNG, JPEG, GIF, MP4 or QuickTime; undefined for
 * anything else or anything carrying markup.
 */
export function sniffChatMedia(head: Buffer): ChatMediaType | undefined {
  const text = head.subarray(0, SNIFF_BYTES).toString('latin1').toLowerCase();
  if (MARKUP.some((tag) => text.includes(tag))) return undefined;
  if (head.length >= 16 && head.subarray(0, 8).equals(PNG_SIGNATURE) && head.toString('latin1', 12, 16) === 'IHDR') return 'image/png';
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const gif = head.toString('latin1', 0, 6);
  if (head.length >= 13 && (gif === 'GIF87a' || gif === 'GIF89a')) return 'image/gif';
  // ISO base media: a first box `ftyp` of a sane size, then the major brand.
  if (head.length >= 16 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = head.readUInt32BE(0);
    if (boxSize < 16 || boxSize > 512) return undefined;
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (MP4_BRANDS.has(brand)) return 'video/mp4';
  }
  return undefined;
}

export function isImage(type: ChatMediaType): boolean {
  return type.startsWith('image/');
}
