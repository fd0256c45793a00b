/**
 * The one byte range of a `Range: bytes=...` header, within a body of `size`
 * bytes, or undefined to answer the whole body (no header, several ranges, or a
 * range that cannot be met: a server may always ignore Range). Phones' video
 * players (Safari's above all) play only from servers that answer ranges.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : undefined;
}
