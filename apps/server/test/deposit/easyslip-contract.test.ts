import { generate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankUnavailableError } from '../../src/adapters/bank/bank-verification.ts';
import { createEasySlipVerification } from '../../src/adapters/bank/easyslip-verification.ts';
import { easySlipSandboxKey } from '../../src/adapters/party-keys.ts';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { readFixture, replayServer, shapeOf } from '../support/contract-support.ts';
import { bankTransfer, depositMember, expectLedgerHealthy, SITE_ACCOUNT } from '../support/deposit-support.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

type Fixture = {
  source: string;
  success: {
    body: { data: Record<string, unknown> };
    expect: { transRef: string; amountMinor: string; sender: unknown; receiver: unknown; time: string };
  };
  errors: { httpStatus: number; body: { status: number; message: string }; outcome: 'no-such-transfer' | 'unavailable' }[];
};
const doc = readFixture<Fixture>('easyslip/v1-verify.json');
const KEY = 'doc-example-access-token';
const query = { transRef: doc.success.expect.transRef, sendingBank: 'KBANK' };

describe("EasySlip API v1: the adapter against the documentation's examples", () => {
  let server: Awaited<ReturnType<typeof replayServer>>;
  beforeAll(async () => {
    server = await replayServer();
  });
  afterAll(() => server.close());
  const adapter = (timeoutMs = 10_000) => createEasySlipVerification({ baseUrl: () => server.url, apiKey: () => KEY, timeoutMs });

  it('asks GET /verify with the slip payload, checkDuplicate and the bearer key, and reads the example answer', async () => {
    server.next({ status: 200, body: doc.success.body });
    const tx = await adapter().getTransaction(query);
    const sent = server.requests.at(-1);
    expect(sent?.method).toBe('GET');
    const url = new URL(sent?.url ?? '', server.url);
    expect(url.pathname).toBe('/verify');
    expect(url.searchParams.get('payload')).toBe(generate.slipVerify({ sendingBank: '004', transRef: query.transRef }));
    expect(url.searchParams.get('checkDuplicate')).toBe('true');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    // The key travels in the header only.
    expect(sent?.url).not.toContain(KEY);
    const e = doc.success.expect;
    expect(tx).toEqual({
      transRef: e.transRef,
      amount: BigInt(e.amountMinor),
      sender: e.sender,
      receiver: e.receiver,
      time: new Date(e.time),
    });
  });

  it.each(doc.errors)('maps $body.message ($httpStatus) to $outcome', async ({ httpStatus, body, outcome }) => {
    server.next({ status: httpStatus, body });
    const asked = adapter().getTransaction(query);
    if (outcome === 'no-such-transfer') await expect(asked).resolves.toBeUndefined();
    else await expect(asked).rejects.toBeInstanceOf(BankUnavailableError);
  });

  it('reads duplicate_slip with its data as the transfer: the ledger, not the flag, refuses a second credit', async () => {
    server.next({ status: 400, body: { status: 400, message: 'duplicate_slip', data: doc.success.body.data } });
    expect((await adapter().getTransaction(query))?.amount).toBe(BigInt(doc.success.expect.amountMinor));
  });

  it('treats no answer in time, a garbled body, an unknown status and a fractional satang as unavailable', async () => {
    server.next('hang');
    await expect(adapter(150).getTransaction(query)).rejects.toBeInstanceOf(BankUnavailableError);
    server.next({ status: 200, raw: '{"status":200,"data":' });
    await expect(adapter().getTransaction(query)).rejects.toBeInstanceOf(BankUnavailableError);
    server.next({ status: 429, body: { status: 429, message: 'too_many_requests' } });
    await expect(adapter().getTransaction(query)).rejects.toBeInstanceOf(BankUnavailableError);
    const data = { ...doc.success.body.data, amount: { amount: 10.005, local: {} } };
    server.next({ status: 200, body: { status: 200, data } });
    await expect(adapter().getTransaction(query)).rejects.toBeInstanceOf(BankUnavailableError);
  });

  it('never asks about a reference it cannot put in a slip payload', async () => {
    const before = server.requests.length;
    expect(await adapter().getTransaction({ transRef: 'not a ref!', sendingBank: 'KBANK' })).toBeUndefined();
    expect(server.requests.length).toBe(before);
  });
});

describe('EasySlip API v1: the simulator answers as the documentation says', () => {
  let t: TestApp;
  let base: string;
  const key = easySlipSandboxKey(testConfig().secrets.tokenSecret);
  beforeAll(async () => {
    t = await startTestApp('embedded');
    base = `${createSelfUrl(t.app, undefined)()}/sandbox/easyslip`;
  });
  afterAll(() => t.close());
  const verify = (payload: string, auth = `Bearer ${key}`, checkDuplicate = 'true') =>
    fetch(`${base}/api/v1/verify?${new URLSearchParams({ payload, checkDuplicate }).toString()}`, { headers: { authorization: auth } });
  const fault = (body: object) =>
    fetch(`${base}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it("answers a sandbox transfer with the example's fields, and the adapter reads it", async () => {
    const m = await depositMember(t);
    const { transRef, qrPayload } = await bankTransfer(t, { amount: 250.5, sender: m.sender });
    const res = await verify(qrPayload, `Bearer ${key}`, 'false');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: number; data: Record<string, unknown> };
    expect(shapeOf(body)).toEqual(shapeOf(doc.success.body));
    const tx = await createEasySlipVerification({ baseUrl: () => `${base}/api/v1`, apiKey: () => key }).getTransaction({
      transRef,
      sendingBank: 'SCB',
    });
    expect(tx).toMatchObject({
      transRef,
      amount: 25_050n,
      sender: { bank: 'SCB', name: 'TEST MEMBER' },
      receiver: { bank: SITE_ACCOUNT.bank },
    });
    expect(tx?.receiver.account).toBe('xxx-x-x5678-x');
  });

  it('answers the documented errors: unauthorized, invalid_payload, slip_not_found, duplicate_slip with data', async () => {
    const m = await depositMember(t);
    const { qrPayload } = await bankTransfer(t, { amount: 10, sender: m.sender });
    const expectError = async (res: Response, status: number, message: string) => {
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ status, message });
    };
    await expectError(await verify(qrPayload, 'Bearer wrong-key'), 401, 'unauthorized');
    await expectError(await verify('not a slip payload'), 400, 'invalid_payload');
    await expectError(await verify(generate.slipVerify({ sendingBank: '014', transRef: '20261121NOSUCHTRANSF' })), 404, 'slip_not_found');
    expect((await verify(qrPayload)).status).toBe(200);
    const again = await verify(qrPayload);
    expect(again.status).toBe(400);
    const dup = (await again.json()) as { message: string; data?: unknown };
    expect(dup.message).toBe('duplicate_slip');
    expect(shapeOf(dup.data)).toEqual(shapeOf(doc.success.body.data));
  });

  it('plays its faults once each and then answers again', async () => {
    const m = await depositMember(t);
    const { qrPayload } = await bankTransfer(t, { amount: 10, sender: m.sender });
    for (const [name, status] of [
      ['quota_exceeded', 403],
      ['application_expired', 403],
      ['server_error', 500],
      ['rate_limited', 429],
    ] as const) {
      expect((await fault({ fault: name, times: 1 })).status).toBe(200);
      expect((await verify(qrPayload, `Bearer ${key}`, 'false')).status).toBe(status);
    }
    expect((await fault({ fault: 'timeout', times: 1, holdMs: 600 })).status).toBe(200);
    const slow = createEasySlipVerification({ baseUrl: () => `${base}/api/v1`, apiKey: () => key, timeoutMs: 100 });
    await expect(slow.getTransaction({ transRef: 'X1', sendingBank: 'SCB' })).rejects.toBeInstanceOf(BankUnavailableError);
    expect((await verify(qrPayload, `Bearer ${key}`, 'false')).status).toBe(200);
    await expectLedgerHealthy(t);
  });
});
