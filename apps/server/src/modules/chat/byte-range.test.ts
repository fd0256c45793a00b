import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range.ts';

describe('byte ranges of chat media', () => {
  it('reads a start-end, an open end and a suffix, clamped to the body', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
  });

  it('answers the whole body for no header, several ranges or one that cannot be met', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'bytes=2000-', 'bytes=9-3', 'bytes=-', 'items=0-1'])
      expect(byteRange(header, 1000)).toBeUndefined();
  });
});
