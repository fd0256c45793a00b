import { describe, expect, it } from 'vitest';
import { formErrorText } from './form-error';
import type { Translate } from './translate-error';

const messages: Record<string, string> = {
  'register.phoneRequired': 'Please enter your phone number.',
  'errors.PHONE_NUMBER_REQUIRE_10_DIGIT': 'The phone number must have 10 digits.',
};
const t: Translate = (key, { defaultValue }) => messages[key] ?? defaultValue;

describe('formErrorText', () => {
  it('uses the field key the form gives for a code', () => {
    expect(formErrorText(t, 'KEY_MISSING', { KEY_MISSING: 'register.phoneRequired' })).toBe('Please enter your phone number.');
  });

  it('falls back to the shared error table for other codes', () => {
    expect(formErrorText(t, 'PHONE_NUMBER_REQUIRE_10_DIGIT', { KEY_MISSING: 'register.phoneRequired' })).toBe(
      'The phone number must have 10 digits.',
    );
  });

  it('gives nothing when the field has no error', () => {
    expect(formErrorText(t, undefined)).toBeUndefined();
    expect(formErrorText(t, '')).toBeUndefined();
  });
});
