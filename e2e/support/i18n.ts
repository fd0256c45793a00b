import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The words a member reads, in each language: the shared ones (packages/ui/src/i18n) with the
 * web app's own merged over them, as the app does (packages/ui/src/i18n/setup.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
type Messages = Record<string, unknown>;
const read = (dir: string, locale: string): Messages =>
  JSON.parse(readFileSync(path.join(root, dir, `${locale}.json`), 'utf8')) as Messages;
const isObject = (value: unknown): value is Messages => typeof value === 'object' && value !== null && !Array.isArray(value);

function merge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = out[key];
    out[key] = isObject(below) && isObject(value) ? merge(below, value) : value;
  }
  return out;
}

const load = (locale: string): Messages => merge(read('packages/ui/src/i18n', locale), read('apps/web/src/i18n', locale));

export const messages = { th: load('th'), la: load('la'), en: load('en') } as const;
export type TestLocale = keyof typeof messages;

/** `text('th', 'contact.title')` -> the Thai text of that key. */
export function text(locale: TestLocale, key: string, values: Record<string, string> = {}): string {
  let node: unknown = messages[locale];
  for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${locale}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}
