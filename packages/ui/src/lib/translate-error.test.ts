import { describe, expect, it } from 'vitest';
import { translateError, type Translate } from './translate-error';

const messages: Record<string, string> = {
  'errors.MONEY_NOT_ENOUGH': 'Not enough money in your wallet.',
  'errors.REQUEST_LIMIT': 'Too many requests.',
  'errors.LOGIN_LOCKED': 'Too many wrong passwords. Try again in {{minutes}} min.',
};
const t: Translate = (key, { defaultValue, minutes }) => (messages[key] ?? defaultValue).replace('{{minutes}}', String(minutes));

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

  it('words a lockout with the whole minutes left, rounded up', () => {
    expect(translateError(t, 'LOGIN_LOCKED', { retryAfterSeconds: 900 })).toBe('Too many wrong passwords. Try again in 15 min.');
    expect(translateError(t, 'LOGIN_LOCKED', { retryAfterSeconds: 61 })).toBe('Too many wrong passwords. Try again in 2 min.');
    expect(translateError(t, 'LOGIN_LOCKED', { retryAfterSeconds: 5 })).toBe('Too many wrong passwords. Try again in 1 min.');
  });

  it('falls back to the generic wait text when a lockout comes without its length', () => {
    expect(translateError(t, 'LOGIN_LOCKED')).toBe('Too many requests.');
  });
});
