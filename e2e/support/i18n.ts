import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's own message files: tests look for the text a member sees, in each language. */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/i18n');
type Messages = Record<string, unknown>;
const load = (locale: string): Messages => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Messages;

export const messages = { th: load('th'), la: load('la'), en: load('en') } as const;
export type TestLocale = keyof typeof messages;

/** `text('th', 'contact.title')` -> the Thai text of that key. */
export function text(locale: TestLocale, key: string, values: Record<string, string> = {}): string {
  let node: unknown = messages[locale];
  for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${locale}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}
