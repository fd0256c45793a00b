import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLineMessaging, lineSignatureValid } from '../../src/adapters/line/line-messaging.ts';
import { signedWebhook, textMessageEvent } from '../../src/adapters/line/simulator/line-api-server.ts';
import { lineSandboxChannel } from '../../src/adapters/party-keys.ts';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { SIMULATED_OPERATOR_GROUP } from '../../src/counterparty-config.ts';
import * as doc from './line-doc-fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const SECRET = 'test-token-secret-test-token-secret-0123';

describe('LINE webhook signature, as LINE specifies it', () => {
  const channelSecret = '8c570fa6dd201bb328f1c1eac23a96d8';
  const raw = Buffer.from(JSON.stringify(doc.WEBHOOK_BODY));
  const signature = createHmac('sha256', channelSecret).update(raw).digest('base64');

  it('accepts HMAC-SHA256 of the raw body with the channel secret, base64, and nothing else', () => {
    expect(lineSignatureValid(raw, channelSecret, signature)).toBe(true);
    expect(lineSignatureValid(Buffer.from(JSON.stringify(doc.WEBHOOK_BODY, null, 1)), channelSecret, signature)).toBe(false);
    expect(lineSignatureValid(raw, 'another-secret', signature)).toBe(false);
    expect(lineSignatureValid(raw, channelSecret, undefined)).toBe(false);
    expect(lineSignatureValid(raw, channelSecret, '')).toBe(false);
  });

  it('has the simulator send events of the documented shape, signed the documented way', () => {
    const event = textMessageEvent(doc.WEBHOOK_BODY.events[0]?.source.userId ?? '', 'Hello, world!', new Date());
    const documented = doc.WEBHOOK_BODY.events[0];
    if (!documented) throw new Error('no documented event');
    expect(Object.keys(event).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys((event as { message: object }).message).sort()).toEqual(Object.keys(documented.message).sort());
    const { body, signature: sent } = signedWebhook(channelSecret, 'xxxxxxxxxx', [event]);
    expect(lineSignatureValid(Buffer.from(body), channelSecret, sent)).toBe(true);
  });
});

describe('LINE push: the documented request against the simulator, and the adapter’s reading of its answers', () => {
  let t: TestApp;
  let site: string;
  const channel = lineSandboxChannel(SECRET);
  beforeAll(async () => {
    t = await startTestApp('embedded', {
      counterparties: {
        scb: undefined,
        line: {
          baseUrl: undefined,
          accessToken: undefined,
          channelSecret: undefined,
          operatorGroupId: SIMULATED_OPERATOR_GROUP,
          operatorLang: 'th',
          botBasicId: '@jetton',
        },
      },
    });
    site = createSelfUrl(t.app, undefined)();
  });
  afterAll(() => t.close());

  const api = () => {
    const messaging = t.app.services.lineMessaging;
    if (!messaging) throw new Error('LINE is off');
    return messaging;
  };
  const faults = (body: object) =>
    fetch(`${site}/sandbox/line/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const pushesTo = async (to: string) =>
    ((await (await fetch(`${site}/sandbox/line/pushes?to=${to}`)).json()) as { pushes: { texts: string[] }[] }).pushes;

  it('answers the documented push with sentMessages, and 409 "already accepted" to the same retry key; the adapter counts both as sent', async () => {
    const outcome = await api().push(
      doc.PUSH_REQUEST.to,
      doc.PUSH_REQUEST.messages.map((m) => m.text),
      doc.PUSH_RETRY_KEY,
    );
    expect(outcome).toEqual({ kind: 'sent' });
    expect(await api().push(doc.PUSH_REQUEST.to, ['Hello, world1'], doc.PUSH_RETRY_KEY)).toEqual({ kind: 'sent' });
    expect(await pushesTo(doc.PUSH_REQUEST.to)).toHaveLength(1);
  });

  it('speaks LINE’s status codes: 401 for a wrong token, 400 with details for a bad body; the adapter retries what may pass later and gives up on what never will', async () => {
    const base = api().baseUrl();
    const wrong = createLineMessaging({ baseUrl: () => base, channelAccessToken: 'not-the-token' });
    const unauthorised = await wrong.push(doc.PUSH_REQUEST.to, ['x'], crypto.randomUUID());
    expect(unauthorised).toMatchObject({ kind: 'retry', retryAfterMs: 900_000 });
    expect(await api().push(doc.PUSH_REQUEST.to, ['x'.repeat(5001)], crypto.randomUUID())).toMatchObject({ kind: 'refused' });
    for (const fault of [{ rateLimit: 1 }, { serverError: 1 }, { expiredToken: 1 }]) {
      await faults(fault);
      expect((await api().push(doc.PUSH_REQUEST.to, ['x'], crypto.randomUUID())).kind).toBe('retry');
    }
    await faults({});
  });

  it('never puts the channel token in an outcome', async () => {
    await faults({ expiredToken: 1 });
    const outcome = await api().push(doc.PUSH_REQUEST.to, ['x'], crypto.randomUUID());
    expect(JSON.stringify(outcome)).not.toContain(channel.accessToken);
    await faults({});
  });
});
