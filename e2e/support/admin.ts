import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { messages as memberMessages, type TestLocale } from './i18n.ts';

/**
 * The back office's words as an operator reads them: the admin app's own, else the shared ones
 * (packages/ui/src/i18n/setup.ts merges them the same way).
 */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/admin/src/i18n');
type Messages = Record<string, unknown>;
const load = (locale: string): Messages => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Messages;
const adminMessages = { th: load('th'), la: load('la'), en: load('en') } as const;

function lookup(root: unknown, key: string): unknown {
  let node = root;
  for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
  return node;
}

/** `adminText('th', 'screens.operators')`: the admin's message, else the shared (or member) one. */
export function adminText(locale: TestLocale, key: string, values: Record<string, string | number> = {}): string {
  const found = lookup(adminMessages[locale], key) ?? lookup(memberMessages[locale], key);
  if (typeof found !== 'string') throw new Error(`no message ${locale}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** The operators the server seeds while SANDBOX=on, with TOTP off (README, "Back office"). */
export const DEMO_OPERATORS = {
  owner: { login: 'demo-owner', password: 'demo-owner-pass' },
  finance: { login: 'demo-finance', password: 'demo-finance-pass' },
  support: { login: 'demo-support', password: 'demo-support-pass' },
  marketing: { login: 'demo-marketing', password: 'demo-marketing-pass' },
  viewer: { login: 'demo-viewer', password: 'demo-viewer-pass' },
} as const;

/** The first owner's password, given to the test server (playwright.config.ts) so the test knows it. */
export const FIRST_OWNER = { login: 'owner', password: 'e2e-first-owner-pass' } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The RFC 6238 code of a 30-second step (SHA-1, 6 digits), what an authenticator app shows. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * A phone with an authenticator app: the server never accepts the same step twice, so
 * a second login inside one 30-second step uses the next step (inside the server's
 * one-step tolerance).
 */
export function authenticator(secret: string) {
  let lastStep = -1;
  return {
    secret,
    nextCode(): string {
      const now = Math.floor(Date.now() / 30_000);
      const step = Math.max(now, lastStep + 1);
      if (step > now + 1) throw new Error('two codes asked within one step: log in less often');
      lastStep = step;
      return totpCode(secret, step);
    },
  };
}

/** Opens the back office in a language, as an operator who chose it before. */
export async function openAdmin(page: Page, locale: TestLocale, path = '/admin/'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
  await page.goto(path);
}

/** Password step of the login screen (the operator is on it). */
export async function submitPassword(page: Page, locale: TestLocale, login: string, password: string): Promise<void> {
  await page.getByLabel(adminText(locale, 'login.login')).fill(login);
  await page.getByLabel(adminText(locale, 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: adminText(locale, 'login.next') }).click();
}

/** A demo operator (no TOTP while the sandbox is on) logs in and is in the back office. */
export async function loginDemo(page: Page, locale: TestLocale, who: keyof typeof DEMO_OPERATORS, path = '/admin/'): Promise<void> {
  await openAdmin(page, locale, path);
  await expect(page.getByRole('heading', { name: adminText(locale, 'login.heading') })).toBeVisible();
  await submitPassword(page, locale, DEMO_OPERATORS[who].login, DEMO_OPERATORS[who].password);
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('link', { name: adminText(locale, 'layout.skipToContent') })).toBeAttached();
}
