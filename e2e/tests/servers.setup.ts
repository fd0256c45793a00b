import { expect, test as setup } from '@playwright/test';
import { E2E_SERVER_URLS } from '../support/servers.ts';

const ALWAYS_OPEN = { from: '00:00', to: '00:00' };

// Slip upload closes daily at 23:50-00:10 site time (docs/deposits.md). The tests upload
// slips at whatever hour they run, so every server opens the window first, through the
// operator stand-in, and each is waited on until it applies the change (its settings cache).
setup('slip upload is open at any hour on every test server', async ({ request }) => {
  for (const url of E2E_SERVER_URLS) {
    const put = await request.put(`${url}/sandbox/ops/slip-window`, { data: ALWAYS_OPEN });
    expect(put.status(), `${url} takes the slip window`).toBe(200);
  }
  for (const url of E2E_SERVER_URLS) {
    await expect
      .poll(async () => (await (await request.get(`${url}/sandbox/ops/slip-window`)).json()) as unknown, {
        message: `${url} applies it`,
        timeout: 20_000,
      })
      .toEqual(ALWAYS_OPEN);
  }
});
