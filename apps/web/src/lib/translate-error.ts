/** The part of i18next's `t` this helper needs. */
export type Translate = (key: string, options: { defaultValue: string }) => string;

/** Only identifier-like codes are looked up; free text from a server is shown as it came. */
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * A message is translated through `errors.<CODE>` (docs/screens.md) when that key
 * exists, otherwise the raw text is shown.
 */
export function translateError(t: Translate, code: string): string {
  if (!CODE_PATTERN.test(code)) return code;
  return t(`errors.${code}`, { defaultValue: code });
}
