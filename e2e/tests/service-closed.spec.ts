import { expect, test } from '../support/fixtures.ts';
import { text } from '../support/i18n.ts';

// Closing the service affects every page of this server, so this file runs in
// its own project after the others (see playwright.config.ts).
test.afterEach(async ({ request }) => {
  await request.put('/sandbox/ops/settings/active', { data: { status: 'active' } });
});

test('when the operator closes the service, going to the login page lands on /terminated', async ({ page, request }) => {
  const closed = await request.put('/sandbox/ops/settings/active', { data: { status: 'gone' } });
  expect(closed.ok()).toBe(true);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/terminated$/);
  await expect(page.getByRole('heading', { name: text('th', 'terminated.title') })).toBeVisible();
});
