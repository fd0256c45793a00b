import { describe, expect, it } from 'vitest';
import { translateError, type Translate } from './translate-error';

const messages: Record<string, string> = { 'errors.MONEY_NOT_ENOUGH': 'Not enough money in your wallet.' };
const t: Translate = (key, { defaultValue }) => messages[key] ?? defaultValue;

describe('translateError', () => {
  it('uses errors.<CODE> when the key exists', () => {
    expect(translateError(t, 'MONEY_NOT_ENOUGH')).toBe('Not enough money in your wallet.');
  });

  it('shows the raw code when no key exists', () => {
    expect(translateError(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('shows free server text as it came, without treating it as a key', () => {
    expect(translateError(t, 'Maintenance: back at 10:00.')).toBe('Maintenance: back at 10:00.');
  });
});
