import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { text, type TestLocale } from '../support/i18n.ts';

/** What the LINE simulator was asked to push to `to` (a member's LINE user or the operators' group), in order. */
export async function linePushes(request: APIRequestContext, to: string): Promise<string[]> {
  const res = await request.get(`/sandbox/line/pushes?to=${to}`);
  return ((await res.json()) as { pushes: { texts: string[] }[] }).pushes.flatMap((p) => p.texts);
}

/**
 * Links the logged-in member's LINE as a member does: the profile gives a code, the member sends it to
 * the bot (the simulator's signed webhook, from a new LINE user), the card shows the link. Answers the LINE user.
 */
export async function linkLine(page: Page, request: APIRequestContext, locale: TestLocale): Promise<string> {
  const t = (key: string) => text(locale, key);
  await page.goto('/user/profile');
  const card = page.getByRole('region', { name: t('profile.line.title') });
  await card.getByRole('button', { name: t('profile.line.getCode') }).click();
  const code = (await card.getByTestId('line-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^LINK-[A-Z0-9]{6}$/);
  const lineUser = `U${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  const sent = await request.post('/sandbox/line/webhook', { data: { userId: lineUser, text: code } });
  expect(await sent.json()).toEqual({ ok: true, status: 200 });
  await card.getByRole('button', { name: t('profile.line.sent') }).click();
  await expect(card.getByText(t('profile.line.linked'))).toBeVisible();
  await expect(card.getByRole('checkbox', { name: t('profile.line.notice.deposit') })).toBeChecked();
  return lineUser;
}
