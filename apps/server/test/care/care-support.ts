import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { TLimitChange, TLimitsState, TPlayLimit } from '@jetton/contract/care';
import type { TQrState } from '@jetton/contract/wallet';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { call } from '../support/accounts-support.ts';
import type { TestEngine } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectHealthy, setWalletRules } from '../support/wallet-support.ts';

/** A limit change through the member's route; answers the state it returns. */
export async function setLimit(t: TestApp, token: string, change: TLimitChange): Promise<TLimitsState> {
  const res = await call(t, 'PUT', ROUTES.care.limits, change, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLimitsState>();
}

export async function limitsOf(t: TestApp, token: string): Promise<TLimitsState> {
  const res = await call(t, 'GET', ROUTES.care.limits, undefined, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLimitsState>();
}

export function limitIn(state: TLimitsState, kind: TPlayLimit['kind'], period: TPlayLimit['period']): TPlayLimit {
  const found = state.limits.find((l) => l.kind === kind && l.period === period);
  if (!found) throw new Error(`no ${kind}/${period} in the state`);
  return found;
}

/** A QR for `amount` at the sandbox gateway WW; answers the payload to pay, or the refusal. */
export async function createQr(t: TestApp, token: string, amount: number) {
  return call(t, 'POST', '/api/qrcode/WW', { amount }, { token });
}

/** The payer pays the QR at the sandbox gateway, which calls the site back (the credit, or the hold). */
export async function payQr(t: TestApp, qr: Awaited<ReturnType<typeof createQr>>): Promise<void> {
  const payload = qr.json<TQrState>().payload;
  expect(payload, qr.body).toBeTruthy();
  const base = createSelfUrl(t.app, undefined)();
  const paid = await fetch(`${base}/sandbox/pay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload }),
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
}

/** A Bangkok wall-clock time as an instant: `bkk('2026-11-29T23:59:59')`. */
export const bkk = (local: string): Date => new Date(`${local}+07:00`);

/**
 * A player-care test file's app, started once per engine: slips verified by hand, a provider deadline
 * that holds on a busy machine, the clock back home and the ledger checked after each test.
 */
export function useCareApp(engine: TestEngine, use: (app: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(engine);
    await app.app.services.slipVerifier.stop();
    await setWalletRules(app, { providerTimeoutMs: 5_000 });
    use(app);
  });
  afterEach(async () => {
    if (!app) return;
    app.clock.moveTo(undefined);
    await expectHealthy(app);
  });
  afterAll(() => app?.close());
}
