import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';
import { acceptAgreement, DEMO, logIn } from './account-helpers.ts';
import { apiToken, depositBySlip, money } from './money-helpers.ts';

/**
 * The prize wheel end to end (docs/spin.md): the demo member earns coins with a
 * deposit, spins, sees the wheel stop on the slice the server drew and the
 * prize dialog, claims the coupon, and the credit reaches the wallet (a spin
 * line on the statement). The sandbox operator sets a wheel whose only slice
 * with weight is a 20.00 credit, so the prize is known; the demo wheel comes back after.
 */

type WheelConfig = { name: string; active: boolean; slices: { code: string; weight: number; prize: { type: string; amount?: number } }[] };

let saved: WheelConfig | undefined;

async function setWheel(request: APIRequestContext, wheel: WheelConfig): Promise<void> {
  const res = await request.post('/sandbox/ops/spin-wheel', { data: wheel });
  expect(res.ok(), await res.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  const current = (await (await request.get('/sandbox/ops/spin-wheel')).json()) as WheelConfig & { version: number };
  const { version: _version, ...config } = current;
  saved = config;
  await setWheel(request, {
    ...config,
    slices: config.slices.map((s) => ({ ...s, weight: s.code === 'CREDIT20' ? 1 : 0 })),
  });
  // 300.00 deposited: 3 coins, one spin per language.
  const token = await apiToken(request, DEMO.phone, DEMO.password);
  const coinsBefore = await coinsOf(request, token);
  await depositBySlip(request, token, 300);
  await expect.poll(() => coinsOf(request, token), { timeout: 30_000 }).toBeGreaterThanOrEqual(coinsBefore + 3);
});

test.afterAll(async ({ request }) => {
  if (saved) await setWheel(request, saved);
});

async function coinsOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/spinwheel/setup', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { coin: number }).coin;
}

for (const locale of ['en', 'th', 'la'] as const) {
  test(`spin, see the drawn slice and the prize, claim it, the wallet is credited (${locale})`, async ({ page }, testInfo) => {
    const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
    // Lao runs with reduced motion: the wheel fades to the result instead of turning.
    if (locale === 'la') await page.emulateMedia({ reducedMotion: 'reduce' });
    await useLocale(page, locale);
    await page.goto('/login');
    await logIn(page, locale, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/user\/home$/);
    await acceptAgreement(page, locale);

    // Home: the active wheel's widget with the coin count replaces 'refresh all'.
    const widgets = page.getByRole('region', { name: say('home.widgets.title') });
    await widgets.getByRole('link', { name: new RegExp(say('home.widgets.spin')) }).click();
    await expect(page).toHaveURL(/\/user\/spin$/);

    const spinButton = page.getByRole('button', { name: new RegExp(say('spin.spin')) });
    await expect(spinButton).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`spin-${locale}.png`), fullPage: true });

    const answer = page.waitForResponse((res) => res.url().endsWith('/api/spinwheel/spin') && res.request().method() === 'POST');
    await spinButton.click();
    const drawn = (await (await answer).json()) as { slice: string; coupon: { _id: string } | null };
    expect(drawn.slice).toBe('CREDIT20');
    // The wheel stops with the drawn slice under the pointer (read back from the canvas's final angle).
    await expect(page.getByTestId('spin-wheel')).toHaveAttribute('data-landed', drawn.slice);

    const prize = page.getByRole('dialog', { name: say('spin.prizeTitle') });
    await expect(prize).toBeVisible();
    await expect(prize.getByText('฿20', { exact: true })).toBeVisible();
    // The coupon's worth in the member's currency (docs/money.md, "Rules per currency").
    await expect(prize.getByText('฿20.00', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`spin-prize-${locale}.png`) });
    await prize.getByRole('button', { name: say('common.ok') }).click();
    await expect(prize).toBeHidden();

    const coupons = page.getByRole('region', { name: say('spin.couponsTitle') });
    await coupons
      .getByRole('button', { name: say('spin.claimLabel', { prize: '฿20' }) })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: say('spin.confirmTitle') });
    await confirm.getByRole('button', { name: say('spin.claim'), exact: true }).click();
    await expect(page.getByText(say('spin.claimed', { prize: '฿20' }))).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(coupons.getByText(say('spin.couponStatus.claimed')).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`spin-claimed-${locale}.png`), fullPage: true });

    if (locale === 'en') {
      // Provably fair: reveal the seed, then the browser recomputes the spin just made and finds its slice.
      await page.getByText(say('spin.fair.title')).click();
      await page.getByRole('button', { name: say('spin.fair.rotate') }).click();
      await expect(page.getByText(say('spin.fair.revealed'))).toBeVisible();
      await page
        .getByRole('button', { name: say('spin.fair.verify') })
        .first()
        .click();
      await expect(page.getByRole('status').filter({ hasText: say('spin.fair.ok') })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath('spin-fair-en.png'), fullPage: true });
    }

    // The wallet changed: the statement shows the prize credit.
    await page.goto('/user/statement');
    const line = page
      .getByRole('listitem')
      .filter({ hasText: say('statement.types.spin') })
      .first();
    await expect(line).toContainText(money(20));
  });
}
