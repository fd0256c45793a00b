import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScbQrGateway } from '../../src/adapters/qr-gateway/scb/scb-qr-gateway.ts';
import * as doc from './scb-doc-fixtures.ts';
import { TestClock } from '../support/test-app.ts';

type Seen = { method: string; url: string; headers: Record<string, unknown>; body: unknown };

/**
 * The adapter against SCB's documented answers, served verbatim by a stub:
 * what it sends is compared with the documented requests (paths, headers,
 * field names), and it reads the documented bodies.
 */
describe('SCB adapter against the documentation’s own request and answer examples', () => {
  let stub: FastifyInstance;
  let base: string;
  const seen: Seen[] = [];
  beforeAll(async () => {
    stub = Fastify();
    stub.addHook('preHandler', (request, _reply, done) => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
      done();
    });
    stub.post('/v1/oauth/token', () => doc.TOKEN_RESPONSE);
    stub.post('/v1/payment/qrcode/create', () => doc.CREATE_RESPONSE);
    stub.get('/v1/payment/billpayment/inquiry', () => doc.INQUIRY_RESPONSE);
    base = await stub.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => stub.close());

  const gateway = () =>
    createScbQrGateway({
      baseUrl: () => base,
      apiKey: 'l7f7b936ead92e4c5b87241cf9cca7565a',
      apiSecret: 'secret-of-the-app',
      billerId: doc.CREATE_REQUEST.ppId,
      ref3: doc.CREATE_REQUEST.ref3,
      // Before the documented token's expiresAt (2020-06-04), so it is used as cached.
      clock: new TestClock(Date.parse('2020-06-04T08:00:00Z')),
    });

  it('sends the documented token and create requests and reads the documented answers', async () => {
    const { payload } = await gateway().create({
      provider: 'KBANK',
      qrcodeId: '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f5a6',
      amount: 10_000n,
      currency: 'THB',
      expiresAt: new Date(),
      callbackUrl: '',
    });
    expect(payload).toBe(doc.CREATE_RESPONSE.data.qrRawData);
    const [token, create] = seen;
    expect(token?.url).toBe('/v1/oauth/token');
    expect(Object.keys(token?.body as object).sort()).toEqual(Object.keys(doc.TOKEN_REQUEST.body).sort());
    for (const header of ['content-type', 'accept-language', 'requestuid', 'resourceownerid'])
      expect(token?.headers[header], header).toBeTruthy();
    expect(create?.url).toBe('/v1/payment/qrcode/create');
    expect(create?.headers.authorization).toBe(`Bearer ${doc.TOKEN_RESPONSE.data.accessToken}`);
    expect(Object.keys(create?.body as object).sort()).toEqual(Object.keys(doc.CREATE_REQUEST).sort());
    expect(create?.body).toMatchObject({ qrType: 'PP', ppType: 'BILLERID', ppId: doc.CREATE_REQUEST.ppId, amount: '100.00', ref3: 'SCB' });
  });

  it('asks the documented inquiry and reads its answer: a payment for other references is none of ours', async () => {
    seen.length = 0;
    const created = new Date('2019-10-28T03:00:00Z');
    const found = await gateway().inquire({
      provider: 'KBANK',
      qrcodeId: '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f5a6',
      amount: 10_000n,
      createdAt: created,
      expiresAt: created,
    });
    expect(found).toBeUndefined();
    const inquiry = seen.find((s) => s.url.startsWith('/v1/payment/billpayment/inquiry'));
    const query = new URL(inquiry?.url ?? '', 'http://x').searchParams;
    expect([...query.keys()].sort()).toEqual(Object.keys(doc.INQUIRY_QUERY).sort());
    expect(query.get('eventCode')).toBe(doc.INQUIRY_QUERY.eventCode);
    expect(query.get('transactionDate')).toBe(doc.INQUIRY_QUERY.transactionDate);
  });
});
