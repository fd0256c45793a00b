/** The part of i18next's `t` this helper needs. */
export type Translate = (key: string, options: { defaultValue: string; minutes?: number }) => string;

/** Only identifier-like codes are looked up; free text from a server is shown as it came. */
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * A message is translated through `errors.<CODE>` (docs/screens.md) when that key
 * exists, otherwise the raw text is shown. A refusal that ends by itself
 * (`retryAfterSeconds`, e.g. LOGIN_LOCKED) is worded with the whole minutes left;
 * a lockout whose length is unknown falls back to the generic "wait" text.
 */
export function translateError(t: Translate, code: string, detail?: { retryAfterSeconds?: number | undefined }): string {
  if (!CODE_PATTERN.test(code)) return code;
  const seconds = detail?.retryAfterSeconds;
  if (seconds === undefined) {
    if (code === 'LOGIN_LOCKED') return t('errors.REQUEST_LIMIT', { defaultValue: code });
    return t(`errors.${code}`, { defaultValue: code });
  }
  return t(`errors.${code}`, { defaultValue: code, minutes: Math.max(1, Math.ceil(seconds / 60)) });
}
