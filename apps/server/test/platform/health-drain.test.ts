import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { walletMember } from '../support/wallet-support.ts';

describe('a node starting up, then draining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
  });
  afterAll(() => t.close());

  it('answers health 503 "starting" while its start-up work runs, then 200', async () => {
    t.app.services.startingUp(true);
    const starting = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ message: 'SERVICE_UNAVAILABLE', down: ['starting'] });
    t.app.services.startingUp(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers health 503 "draining", so the balancer takes it out, while it still serves requests', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const m = await walletMember(t, 1_000n);
    t.app.services.drain();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ message: 'SERVICE_UNAVAILABLE', down: ['draining'] });
    // Requests the balancer sent before it noticed are served as usual.
    const wallet = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { authorization: `Bearer ${m.token}` } });
    expect(wallet.statusCode).toBe(200);
  });
});
