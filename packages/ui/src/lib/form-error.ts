import { translateError, type Translate } from './translate-error';

/**
 * Words a form field's error. The contract's zod rules carry error codes as
 * messages (KEY_MISSING, PHONE_NUMBER_REQUIRE_10_DIGIT, ...): a form names the
 * message key for the codes it words itself, per field, and every other code
 * goes through the shared `errors.<CODE>` table.
 */
export function formErrorText(t: Translate, code: string | undefined, keys: Partial<Record<string, string>> = {}): string | undefined {
  if (code === undefined || code === '') return undefined;
  const key = keys[code];
  return key ? t(key, { defaultValue: key }) : translateError(t, code);
}
