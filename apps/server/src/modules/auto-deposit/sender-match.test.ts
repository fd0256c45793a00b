import { describe, expect, it } from 'vitest';
import { likePattern, maskMatches, nameMatches, normalizeMask } from './sender-match.ts';

describe('sender match', () => {
  it('reads the masks banks print', () => {
    expect(normalizeMask('xxx-x-x1234-x')).toBe('?????1234?');
    expect(normalizeMask('X123456X')).toBe('?123456?');
    expect(normalizeMask('*5678')).toBe('?5678');
    expect(normalizeMask('x12x')).toBeNull();
    expect(normalizeMask(null)).toBeNull();
  });
  it('matches a full-length mask position by position, a shorter one by its visible run', () => {
    expect(maskMatches('?????1234?', '0123412340')).toBe(true);
    expect(maskMatches('?????1234?', '1234000000')).toBe(false);
    expect(maskMatches('?5678', '0000056789')).toBe(true);
    // GSB pads a 10-digit account to 12 places.
    expect(maskMatches('0013????1945', '1312341945')).toBe(true);
    expect(maskMatches('0013????1945', '1412341945')).toBe(false);
    expect(likePattern('0013????1945')).toBe('%13%1945%');
    expect(likePattern('?????1234?', 10)).toBe('_____1234_');
    expect(likePattern('?123456?')).toBe('%123456%');
  });
  it('compares names the bank cuts short, ignoring titles; another script does not count against', () => {
    expect(nameMatches('MR. SOMCHAI J', 'SOMCHAI JAIDEE')).toBe(true);
    expect(nameMatches('นาย สมชาย ใ', 'สมชาย ใจดี')).toBe(true);
    expect(nameMatches('MS. SOMSRI', 'SOMCHAI JAIDEE')).toBe(false);
    expect(nameMatches('นาย สมชาย', 'SOMCHAI JAIDEE')).toBe(true);
    expect(nameMatches(null, 'SOMCHAI')).toBe(true);
  });
});
