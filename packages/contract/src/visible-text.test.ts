import { describe, expect, it } from 'vitest';
import { isBlankText } from './visible-text.ts';

describe('isBlankText', () => {
  it('sees through white space and every invisible character', () => {
    const invisible = [
      ' \t\n\r',
      '\u00a0\u3000\u2028\u2029\u2000\u200a\u205f\u1680',
      '\u200b\u200c\u200d\u2060\ufeff',
      '\u3164',
      '\u115f\u1160\uffa0',
      '\u2800',
      '\u00ad\u034f\u180e\u17b4\u17b5\u2061\u2062\u2063\u2064',
      '\ufe0f\u{e0041}\u{e007f}',
      '\u0001\u007f',
      '\u200b \u3164 \u2800 \ufeff',
    ];
    for (const text of invisible) expect(isBlankText(text), JSON.stringify(text)).toBe(true);
  });

  it('keeps anything a person can read', () => {
    for (const text of ['a', 'สวัสดี', 'ສະບາຍດີ', '👍🏽', '👨‍👩‍👧', '\u200bhi\u200b', '.', 'ั', '한']) expect(isBlankText(text), text).toBe(false);
  });
});
