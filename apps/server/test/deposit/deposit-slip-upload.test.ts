import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import type { TSlip } from '@jetton/contract/wallet';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { call, expectError, nextIp } from '../support/accounts-support.ts';
import { bankTransfer, depositMember, expectLedgerHealthy, multipart, uploadSlip } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const png = (width = 40, height = 40) => PNG.sync.write(new PNG({ width, height }));

describe.each(testEngines())('slip upload, history and image (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  it('needs a member token (401) and a file (SLIP_NO_FILE)', async () => {
    const noToken = multipart({ bytes: png(), filename: 'slip.png', type: 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: ROUTES.wallet.slip,
      headers: { 'content-type': noToken.contentType },
      payload: noToken.payload,
    });
    expectError(res, 401, 'invalid-token');
    const m = await depositMember(t);
    expectError(await uploadSlip(t, m.token, undefined), 400, 'SLIP_NO_FILE');
    expectError(await call(t, 'POST', ROUTES.wallet.slip, { file: 'nope' }, { token: m.token }), 400, 'SLIP_NO_FILE');
  });

  it('refuses an HTML page named slip.png and a polyglot PNG: SLIP_INVALID_FILE', async () => {
    const m = await depositMember(t);
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    expectError(await uploadSlip(t, m.token, { bytes: html, filename: 'slip.png', type: 'image/png' }), 415, 'SLIP_INVALID_FILE');
    const image = png();
    const polyglot = Buffer.concat([image.subarray(0, 33), Buffer.from('<html><script>alert(1)</script></html>'), image.subarray(33)]);
    expectError(await uploadSlip(t, m.token, { bytes: polyglot }), 415, 'SLIP_INVALID_FILE');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expectError(await uploadSlip(t, m.token, { bytes: gif, filename: 'slip.gif', type: 'image/gif' }), 415, 'SLIP_INVALID_FILE');
    const listed = await call(t, 'POST', ROUTES.statement.slip, { page: 1, limit: 10 }, { token: m.token });
    expect(listed.json()).toEqual({ slips: [] });
  });

  it('refuses oversized pixel dimensions read from the header', async () => {
    const m = await depositMember(t);
    // A header claiming 9000 x 9000: the decoder would need 324 MB.
    const huge = png(1, 1);
    huge.writeUInt32BE(9000, 16);
    huge.writeUInt32BE(9000, 20);
    const { crc32 } = await import('node:zlib');
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expectError(await uploadSlip(t, m.token, { bytes: huge }), 415, 'SLIP_INVALID_FILE');
  });

  it('refuses an 11 MB upload with 413, whether or not the size was declared up front', async () => {
    const m = await depositMember(t);
    const big = Buffer.concat([png(), Buffer.alloc(11 * 1024 * 1024)]);
    expectError(await uploadSlip(t, m.token, { bytes: big }), 413, 'PAYLOAD_TOO_LARGE');
    // Chunked (no content-length): the multipart limit stops reading at 10 MB.
    const body = multipart({ bytes: big, filename: 'slip.png', type: 'image/png' });
    const { Readable } = await import('node:stream');
    const res = await t.app.inject({
      method: 'POST',
      url: ROUTES.wallet.slip,
      headers: { authorization: `Bearer ${m.token}`, 'content-type': body.contentType, 'x-forwarded-for': nextIp() },
      payload: Readable.from([body.payload.subarray(0, 1 << 20), body.payload.subarray(1 << 20)]),
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a fifth upload while four slips are processing: SLIP_UPLOAD_FAIL', async () => {
    const m = await depositMember(t);
    for (let i = 0; i < 4; i++) expect((await uploadSlip(t, m.token, { bytes: png(40 + i) })).statusCode).toBe(201);
    expectError(await uploadSlip(t, m.token, { bytes: png() }), 422, 'SLIP_UPLOAD_FAIL');
  });

  it('lists slips newest first and hands the owner a short-lived link; others get NO_DATA', async () => {
    const m = await depositMember(t);
    const other = await depositMember(t);
    const first = (await uploadSlip(t, m.token, { bytes: png(41) })).json<{ slip: TSlip }>().slip;
    t.clock.advance(1_000);
    const { png: slipPng } = await bankTransfer(t, { amount: 100, sender: m.sender });
    const second = (await uploadSlip(t, m.token, { bytes: slipPng })).json<{ slip: TSlip }>().slip;
    const page = await call(t, 'POST', ROUTES.statement.slip, { page: 1, limit: 10 }, { token: m.token });
    expect(page.json<{ slips: TSlip[] }>().slips.map((s) => s.reference)).toEqual([second.reference, first.reference]);
    const paged = await call(t, 'POST', ROUTES.statement.slip, { page: 2, limit: 1 }, { token: m.token });
    expect(paged.json<{ slips: TSlip[] }>().slips.map((s) => s.reference)).toEqual([first.reference]);
    expectError(await call(t, 'POST', ROUTES.statement.slip, { page: 0, limit: 10 }, { token: m.token }), 400, 'KEY_INVALID');

    const path = `/api/statement/slip/reference/${second.reference}`;
    expectError(await call(t, 'GET', path, undefined, { token: other.token }), 404, 'NO_DATA');
    expectError(await call(t, 'GET', '/api/statement/slip/reference/not-a-slip', undefined, { token: m.token }), 404, 'NO_DATA');
    const { url } = (await call(t, 'GET', path, undefined, { token: m.token })).json<{ url: string }>();
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="slip-[0-9a-f-]+\.png"$/);
    expect(image.rawPayload.equals(slipPng)).toBe(true);

    const forged = url.replace(/sig=[^&]+/, 'sig=AAAA');
    expectError(await t.app.inject({ method: 'GET', url: forged }), 404, 'NO_DATA');
    t.clock.advance(6 * 60_000);
    expectError(await t.app.inject({ method: 'GET', url }), 404, 'NO_DATA');
  });

  it('closes slip upload during the daily window (operator setting) with SLIP_UPLOAD_CLOSED, and opens it again after', async () => {
    const m = await depositMember(t);
    await createSettingsRepository(t.database.db).set('rules.deposit', { slipClosedFrom: '00:00', slipClosedTo: '23:59' });
    t.clock.advance(10_000); // past the rules cache
    // Its own code, so the member is told the window and not to try again at once.
    expectError(await uploadSlip(t, m.token, { bytes: png() }), 422, 'SLIP_UPLOAD_CLOSED');
    await createSettingsRepository(t.database.db).set('rules.deposit', {});
    t.clock.advance(10_000);
    expect((await uploadSlip(t, m.token, { bytes: png() })).statusCode).toBe(201);
  });

  it('sets the window through the operator stand-in; its GET answers what this node applies, after the settings cache', async () => {
    const m = await depositMember(t);
    const window = (body?: unknown) =>
      t.app.inject({ method: body ? 'PUT' : 'GET', url: '/sandbox/ops/slip-window', ...(body ? { payload: body } : {}) });
    expect((await window()).json()).toEqual({ from: '23:50', to: '00:10' });
    expect((await window({ from: '00:00', to: '23:59' })).statusCode).toBe(200);
    t.clock.advance(10_000);
    expect((await window()).json()).toEqual({ from: '00:00', to: '23:59' });
    expectError(await uploadSlip(t, m.token, { bytes: png() }), 422, 'SLIP_UPLOAD_CLOSED');
    // Equal ends: no window at all, at any hour.
    await window({ from: '00:00', to: '00:00' });
    t.clock.advance(10_000);
    expect((await uploadSlip(t, m.token, { bytes: png() })).statusCode).toBe(201);
    expect((await window({ from: '24:00', to: '00:10' })).statusCode).toBe(400);
    expect((await window()).json()).toEqual({ from: '00:00', to: '00:00' });
    await createSettingsRepository(t.database.db).set('rules.deposit', {});
    t.clock.advance(10_000);
  });
});
