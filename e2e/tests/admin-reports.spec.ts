import { readFile } from 'node:fs/promises';
import { devices } from '@playwright/test';
import { expect, expectAccessible, test, useLocale } from '../support/fixtures.ts';
import { adminText, loginDemo } from '../support/admin.ts';

/**
 * The reports screen (docs/reports.md): a finance operator of the sandbox
 * (demo-finance) opens the reports, changes the range, sees the charts and the
 * ledger check, and downloads a table as CSV. The demo member's seeded history
 * (deposits, a withdrawal, rounds) gives the reports something to show.
 */
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } });

const bangkokDay = (offsetDays: number) => new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('a finance operator opens reports, changes the range, sees the charts and downloads a CSV', async ({ page }) => {
  await useLocale(page, 'en');
  await page.goto('/admin/');
  await page.getByLabel('Login name').fill('demo-finance');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo-finance-pass');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Reports' }).click();

  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByText(/Every report total equals the ledger/)).toBeVisible();
  const summaryChart = page.getByRole('img', { name: /Chart of Summary in THB/ });
  await expect(summaryChart.locator('canvas')).toBeVisible();
  // The default range is the last 30 closed days.
  await expect(page.getByText(`${bangkokDay(-30)} to ${bangkokDay(-1)} (Bangkok days), THB`)).toBeVisible();

  const from = bangkokDay(-13);
  const to = bangkokDay(0);
  await page.getByLabel('From date').fill(from);
  await page.getByLabel('To date').fill(to);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(`${from} to ${to} (Bangkok days), THB`)).toBeVisible();
  // The demo member's deposits (its seeded history of the last two weeks) are in this range.
  const deposits = page.getByRole('table', { name: /Deposits by channel, THB/ });
  await expect(deposits.getByRole('row')).not.toHaveCount(1);
  await expect(
    page.getByRole('img', { name: new RegExp(`Chart of Deposits by channel in THB by day from ${from} to ${to}`) }).locator('canvas'),
  ).toBeVisible();
  await expect(page.getByText(/Every report total equals the ledger/)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Deposits by channel (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`deposits-${from}-${to}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Day,Currency,Channel,Count,Amount');
  expect(
    lines
      .slice(1)
      .filter(Boolean)
      .every((line) => /^\d{4}-\d{2}-\d{2},(THB|LAK),[^,]+,\d+,-?\d+\.\d{2}$/.test(line)),
  ).toBe(true);

  await expectAccessible(page);
});

/** Readable on a laptop and on a tablet: each table under its chart, a day on one line, nothing cut (screenshots kept). */
for (const width of [1280, 768]) {
  test(`reports lay each table under its chart with days on one line at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 1000 });
    await loginDemo(page, 'th', 'finance', '/admin/reports');
    const section = page.locator('section[aria-labelledby="report-deposits"]');
    const depositTable = page.getByRole('table', {
      name: adminText('th', 'reports.tableCaption', { name: adminText('th', 'reports.names.deposits'), currency: 'THB' }),
    });
    await expect(section.locator('canvas').first()).toBeVisible();
    const chart = await section.locator('canvas').first().boundingBox();
    const table = await depositTable.boundingBox();
    expect(chart && table && table.y >= chart.y + chart.height).toBe(true);
    const rows = depositTable.locator('tbody tr');
    if ((await rows.count()) > 0) {
      const day = await rows.first().locator('td').first().boundingBox();
      const line = await rows
        .first()
        .locator('td')
        .first()
        .evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight) || 24);
      expect(day && day.height < line * 1.9 + 24).toBe(true);
    }
    // No sideways scroll of the page itself: a wide table scrolls in its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`reports-${width}.png`), fullPage: true });
  });
}
