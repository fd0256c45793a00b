import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { thaiBulkSmsSandboxCredentials } from '../../src/adapters/party-keys.ts';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { createThaiBulkSmsSender, SmsNotSentError } from '../../src/adapters/sms/thaibulksms-sender.ts';
import { basicAuth } from '../../src/adapters/sms/thaibulksms-protocol.ts';
import { call, createMember, login, nextPhone, readOtpCode } from '../support/accounts-support.ts';
import { readFixture, replayServer, shapeOf } from '../support/contract-support.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

type Answer = { httpStatus: number; phone: string; body: Record<string, unknown> };
type Fixture = { source: string; success: Answer; refused: Answer; errors: { httpStatus: number; body: unknown }[] };
const doc = readFixture<Fixture>('thaibulksms/v2-send.json');
const CREDENTIALS = { key: 'doc-api-key', secret: 'doc-api-secret' };

describe("ThaiBulkSMS API v2: the sender against the documentation's examples", () => {
  let server: Awaited<ReturnType<typeof replayServer>>;
  beforeAll(async () => {
    server = await replayServer();
  });
  afterAll(() => server.close());
  const sender = (timeoutMs = 10_000) =>
    createThaiBulkSmsSender({
      baseUrl: () => server.url,
      credentials: () => CREDENTIALS,
      sender: 'JETTON',
      force: 'corporate',
      timeoutMs,
      retryPauseMs: 10,
    });

  it('posts the form fields with Basic auth and takes the example answer as sent', async () => {
    server.next({ status: doc.success.httpStatus, body: doc.success.body });
    await sender().send(doc.success.phone, 'Your code 123456 (ref ABCD)');
    const sent = server.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/sms');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.headers.authorization).toBe(basicAuth(CREDENTIALS.key, CREDENTIALS.secret));
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      msisdn: doc.success.phone,
      message: 'Your code 123456 (ref ABCD)',
      sender: 'JETTON',
      force: 'corporate',
    });
    // Credentials only in the header.
    expect(sent?.body).not.toContain(CREDENTIALS.secret);
  });

  it('does not count a number in bad_phone_number_list as sent', async () => {
    server.next({ status: doc.refused.httpStatus, body: doc.refused.body });
    await expect(sender().send(doc.refused.phone, 'x')).rejects.toBeInstanceOf(SmsNotSentError);
  });

  it.each(doc.errors)('does not count HTTP $httpStatus as sent, and says nothing of the credentials', async ({ httpStatus, body }) => {
    server.next({ status: httpStatus, body });
    // A 5xx is asked once more: the second answer is the same here.
    if (httpStatus >= 500) server.next({ status: httpStatus, body });
    const error = await sender()
      .send(doc.success.phone, 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsNotSentError);
    expect(String((error as Error).message)).not.toMatch(new RegExp(`${CREDENTIALS.key}|${CREDENTIALS.secret}`));
  });

  it('asks once more after a 429 or a 5xx, and is sent when the second answer is', async () => {
    for (const status of [429, 503]) {
      const before = server.requests.length;
      server.next({ status, body: { error: { code: status, name: 'BUSY', description: 'try later' } } });
      server.next({ status: 201, body: doc.success.body });
      await sender().send(doc.success.phone, 'x');
      expect(server.requests.length - before).toBe(2);
    }
  });

  it('does not retry a timeout (the text may have gone out) and fails on a garbled answer', async () => {
    const before = server.requests.length;
    server.next('hang');
    await expect(sender(150).send(doc.success.phone, 'x')).rejects.toBeInstanceOf(SmsNotSentError);
    expect(server.requests.length - before).toBe(1);
    server.next({ status: 201, raw: '{"remaining_credit":' });
    await expect(sender().send(doc.success.phone, 'x')).rejects.toBeInstanceOf(SmsNotSentError);
  });
});

describe('ThaiBulkSMS API v2: the simulator answers as the documentation says, and the site registers through it', () => {
  let t: TestApp;
  let base: string;
  const credentials = thaiBulkSmsSandboxCredentials(testConfig().secrets.tokenSecret);
  beforeAll(async () => {
    t = await startTestApp('embedded', {
      counterparties: {
        scb: undefined,
        line: undefined,
        slipVerifier: { kind: 'generic' },
        smsGateway: { kind: 'thaibulksms', url: undefined, credentials: undefined, sender: undefined, force: 'corporate' },
      },
    });
    base = `${createSelfUrl(t.app, undefined)()}/sandbox/thaibulksms`;
  });
  afterAll(() => t.close());
  const post = (form: Record<string, string>, auth = basicAuth(credentials.key, credentials.secret)) =>
    fetch(`${base}/sms`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const fault = (body: object) =>
    fetch(`${base}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const sendCode = (phoneNumber: string) => call(t, 'POST', ROUTES.account.otpSend, { phoneNumber });
  const credit = async (): Promise<number> => Number(/Credit left: (\d+)/.exec(await (await fetch(base)).text())?.[1]);

  it("answers with the example's fields and its error envelope", async () => {
    const ok = await post({ msisdn: nextPhone(), message: 'hello', force: 'corporate' });
    expect(ok.status).toBe(201);
    expect(shapeOf(await ok.json())).toEqual(shapeOf(doc.success.body));
    const bad = await post({ msisdn: '0123', message: 'hello' });
    expect(shapeOf(await bad.json())).toEqual(shapeOf(doc.refused.body));
    const unauthorized = await post({ msisdn: nextPhone(), message: 'hello' }, basicAuth('x', 'y'));
    expect(unauthorized.status).toBe(401);
    expect(shapeOf(await unauthorized.json())).toEqual(shapeOf(doc.errors[0]?.body));
  });

  it('sends the registration code through ThaiBulkSMS into the sandbox outbox', async () => {
    const phone = nextPhone();
    const res = await sendCode(phone);
    expect(res.statusCode, res.body).toBe(200);
    const { ref } = await readOtpCode(t, phone);
    expect(res.json<{ otpRef: string }>().otpRef).toBe(ref);
  });

  it.each(['unauthorized', 'no_credit', 'bad_number', 'malformed'])(
    'answers OTP_SEND_FAIL on %s, and the member can ask again',
    async (name) => {
      const phone = nextPhone();
      await fault({ fault: name, times: 1 });
      const res = await sendCode(phone);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: 'OTP_SEND_FAIL' });
      // Not sent, so not counted: the next ask goes through at once.
      expect((await sendCode(phone)).statusCode).toBe(200);
    },
  );

  it('sends the password-reset code and the changed-password notice through ThaiBulkSMS', async () => {
    const m = await createMember(t);
    const creditBefore = await credit();
    const asked = await call(t, 'POST', ROUTES.account.passwordForgot, { phoneNumber: m.phone });
    expect(asked.statusCode, asked.body).toBe(200);
    const { code } = await readOtpCode(t, m.phone);
    const reset = await call(t, 'POST', ROUTES.account.passwordReset, {
      otpToken: asked.json<{ otpToken: string }>().otpToken,
      otpCode: code,
      password: 'after-reset-1',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await login(t, m.phone, 'after-reset-1')).toBeTruthy();
    // The code and the notice: two messages paid at the gateway.
    expect(await credit()).toBe(creditBefore - 2);
  });

  it('rides out one 5xx or 429 by asking again', async () => {
    for (const name of ['server_error', 'rate_limited']) {
      await fault({ fault: name, times: 1 });
      expect((await sendCode(nextPhone())).statusCode).toBe(200);
    }
  });
});
