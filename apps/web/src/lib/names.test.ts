import { describe, expect, it } from 'vitest';
import { isLatinName, joinAccountName, needsLatinNameFix, toUpperName } from './names';

describe('toUpperName', () => {
  it('upper-cases Latin letters and leaves Thai and Lao as they are', () => {
    expect(toUpperName('somchai jaidee')).toBe('SOMCHAI JAIDEE');
    expect(toUpperName('สมชาย ใจดี')).toBe('สมชาย ใจดี');
    expect(toUpperName('ສົມໃຈ')).toBe('ສົມໃຈ');
  });
});

describe('joinAccountName', () => {
  it('joins first and last name with one space, upper-cased', () => {
    expect(joinAccountName('somchai', 'jaidee')).toBe('SOMCHAI JAIDEE');
  });

  it('trims each part and squeezes inner spaces', () => {
    expect(joinAccountName('  mary  ann ', ' lee ')).toBe('MARY ANN LEE');
  });

  it('leaves no stray space when a part is empty', () => {
    expect(joinAccountName('somchai', '  ')).toBe('SOMCHAI');
    expect(joinAccountName('', 'jaidee')).toBe('JAIDEE');
  });
});

describe('isLatinName', () => {
  it('accepts Latin letters and spaces only', () => {
    expect(isLatinName('SOMCHAI JAIDEE')).toBe(true);
    expect(isLatinName('สมชาย')).toBe(false);
    expect(isLatinName('JOHN2')).toBe(false);
    expect(isLatinName("O'NEIL")).toBe(false);
  });
});

describe('needsLatinNameFix', () => {
  it('offers the fix for KTB, TMB and BBL names with non-Latin characters', () => {
    expect(needsLatinNameFix('KTB', 'สมชาย ใจดี')).toBe(true);
    expect(needsLatinNameFix('tmb', 'SOMCHAI ใจดี')).toBe(true);
    expect(needsLatinNameFix('BBL', 'ສົມໃຈ')).toBe(true);
  });

  it('does not offer it when the name is already Latin', () => {
    expect(needsLatinNameFix('KTB', 'SOMCHAI JAIDEE')).toBe(false);
  });

  it('does not offer it for other banks or an unknown bank', () => {
    expect(needsLatinNameFix('KBANK', 'สมชาย ใจดี')).toBe(false);
    expect(needsLatinNameFix(undefined, 'สมชาย ใจดี')).toBe(false);
  });
});
