import { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatHistoryResponse, TChatSendResponse, TChatUploadResponse } from '@jetton/contract/chat';
import { ROUTES } from '@jetton/contract/routes';
import { CHAT_RULES_KEY } from '../../src/modules/chat/chat-rules.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { expectError, nextIp, setLookup } from '../support/accounts-support.ts';
import { chatCall, claimOf, headersOf, newGuest, newMember, sendText, upload, type Caller } from '../support/chat-support.ts';
import { multipart } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const png = () => PNG.sync.write(new PNG({ width: 8, height: 8 }));
const mp4 = () => {
  const b = Buffer.alloc(2048);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'latin1');
  return b;
};
const history = async (t: TestApp, caller: Caller, body: Record<string, unknown> = {}) => {
  const res = await chatCall(t, 'POST', ROUTES.chat.history, caller, { ...claimOf(caller), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TChatHistoryResponse>();
};

describe.each(testEngines())('chat over HTTP (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  describe('identity', () => {
    it('hands a new visitor a signed guest id, gives the same guest back for its token, and none to a member', async () => {
      const guest = await newGuest(t);
      expect(guest.guestId).toMatch(/^g-[0-9a-f]{32}$/);
      const again = await chatCall(t, 'GET', ROUTES.chat.config, guest);
      expect(again.json()).toEqual({ PREFIX: 'jetton-chat-', userId: null, guest: { guestId: guest.guestId, token: guest.token } });
      const member = await newMember(t);
      expect((await chatCall(t, 'GET', ROUTES.chat.config, member)).json()).toEqual({
        PREFIX: 'jetton-chat-',
        userId: member.userId,
        guest: null,
      });
      expectError(await chatCall(t, 'GET', ROUTES.chat.config, { ...member, token: 'forged.token' }), 401, 'invalid-token');
    });

    it('refuses a call with no identity (UNAUTHORIZED) or a forged guest token', async () => {
      const guest = await newGuest(t);
      expectError(
        await chatCall(t, 'POST', ROUTES.chat.sendMessage, undefined, {
          guestId: guest.guestId,
          message: { message_type: 'text', payload: 'hi' },
        }),
        401,
        'UNAUTHORIZED',
      );
      // The same id with a signature of our own making, and a real token with its id swapped.
      const forged = { ...guest, token: `${guest.guestId}.${'A'.repeat(43)}` };
      expectError(await sendText(t, forged, 'hi'), 401, 'UNAUTHORIZED');
      const other = await newGuest(t);
      const swapped = { ...guest, token: `${other.guestId}.${guest.token.split('.')[1]}` };
      expectError(await sendText(t, swapped, 'hi'), 401, 'UNAUTHORIZED');
      expectError(await chatCall(t, 'POST', ROUTES.chat.history, undefined, { guestId: guest.guestId }), 401, 'UNAUTHORIZED');
    });

    it("refuses a caller who names another guest's or a member's conversation, over every call", async () => {
      const a = await newGuest(t);
      const b = await newGuest(t);
      const member = await newMember(t);
      expect((await sendText(t, b, 'secret of b')).statusCode).toBe(200);
      expect((await sendText(t, member, 'secret of the member')).statusCode).toBe(200);
      for (const claim of [{ guestId: b.guestId }, { userId: member.userId }, { guestId: a.guestId, userId: member.userId }]) {
        expectError(await chatCall(t, 'POST', ROUTES.chat.history, a, claim), 403, 'INVALID_USER_1');
        expectError(await chatCall(t, 'PUT', ROUTES.chat.readCustomer, a, claim), 403, 'INVALID_USER_1');
        expectError(
          await chatCall(t, 'POST', ROUTES.chat.sendMessage, a, { ...claim, message: { message_type: 'text', payload: 'x' } }),
          403,
          'INVALID_USER_1',
        );
      }
      expectError(await chatCall(t, 'POST', ROUTES.chat.history, member, { guestId: b.guestId }), 403, 'INVALID_USER_1');
      // Each sees only their own.
      expect((await history(t, a)).conversations).toEqual([]);
      expect((await history(t, b)).conversations.map((c) => c.message.payload)).toEqual(['secret of b']);
    });
  });

  describe('send-message', () => {
    it('stores a message and answers its created time; the package carries the proven ids and names', async () => {
      const member = await newMember(t);
      const res = await sendText(t, member, 'สวัสดี', { name: 'FORGED NAME', sender: 'customer', deviceToken: 'device-1', session_id: 's1' });
      expect(res.statusCode, res.body).toBe(200);
      const sent = res.json<TChatSendResponse>();
      expect(sent.createdAt).toBe(t.clock.now().toISOString());
      expect(sent.seq).toBe(1);
      const [entry] = (await history(t, member)).conversations;
      expect(entry).toMatchObject({
        sender: 'customer',
        userId: member.userId,
        guestId: null,
        name: 'TEST MEMBER',
        deviceToken: 'device-1',
        session_id: 's1',
        seq: 1,
      });
      expect(entry?.message).toEqual({ message_type: 'text', payload: 'สวัสดี' });
    });

    it('takes 2000 characters; refuses 2001, blank and empty text, and types only agents send', async () => {
      const guest = await newGuest(t);
      expect((await sendText(t, guest, 'x'.repeat(2000))).statusCode).toBe(200);
      expectError(await sendText(t, guest, 'x'.repeat(2001)), 400, 'KEY_INVALID');
      expectError(await sendText(t, guest, '   \n\t '), 400, 'CHAT_MESSAGE_BLANK');
      expectError(await sendText(t, guest, ''), 400, 'KEY_MISSING');
      expectError(
        await chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, { ...claimOf(guest), message: { message_type: 'text' } }),
        400,
        'KEY_MISSING',
      );
      const buttons = {
        message_type: 'buttons',
        payload: 'Pick',
        payloads: [{ type: 'web', title: 'Win', payload: 'https://evil.example' }],
      };
      expectError(await chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, { ...claimOf(guest), message: buttons }), 400, 'KEY_INVALID');
      expectError(
        await chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, {
          ...claimOf(guest),
          message: { message_type: 'teleport', payload: 'x' },
        }),
        400,
        'KEY_INVALID',
      );
      const postback = await chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, {
        ...claimOf(guest),
        message: { message_type: 'postback', payload: 'DEPOSIT_HELP' },
      });
      expect(postback.statusCode).toBe(200);
    });

    it('refuses text with nothing visible in it (CHAT_MESSAGE_BLANK) and stores none of it; visible text among invisibles is kept as sent', async () => {
      const guest = await newGuest(t);
      const blanks = [
        '\u200b',
        '\u200b\u200c\u200d\u2060',
        '\u3164',
        '\u3164\u3164 \u3164',
        '\u2800\u2800',
        '\ufeff',
        '\u115f\u1160',
        '\uffa0',
        '\u00ad',
        '\u3000\u00a0',
      ];
      for (const blank of blanks) {
        expectError(await sendText(t, guest, blank), 400, 'CHAT_MESSAGE_BLANK');
        expectError(
          await chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, {
            ...claimOf(guest),
            message: { message_type: 'postback', payload: blank },
          }),
          400,
          'CHAT_MESSAGE_BLANK',
        );
      }
      expect((await history(t, guest)).total).toBe(0);
      expect((await sendText(t, guest, '\u200bhello\u200b')).statusCode).toBe(200);
      expect((await history(t, guest)).conversations.map((c) => c.message.payload)).toEqual(['\u200bhello\u200b']);
    });

    it('refuses mistyped fields with the house 400, as every route does', async () => {
      const guest = await newGuest(t);
      const send = (extra: Record<string, unknown>) => sendText(t, guest, 'typed', extra);
      // The package's server-owned fields are ignored, but only when they have their type.
      for (const sender of [null, 1, {}, [], 'other', 'agent']) expectError(await send({ sender }), 400, 'KEY_INVALID');
      for (const extra of [
        { createdAt: 'yesterday' },
        { name: 5 },
        { username: {} },
        { deviceToken: 7 },
        { clientId: 'x' },
        { guestId: 42 },
      ])
        expectError(await send(extra), 400, 'KEY_INVALID');
      // Every chat call names its caller: an empty body is refused, as on every other route.
      expectError(
        await chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, { message: { message_type: 'text', payload: 'x' } }),
        400,
        'KEY_MISSING',
      );
      expectError(await chatCall(t, 'POST', ROUTES.chat.history, guest, {}), 400, 'KEY_MISSING');
      expectError(await chatCall(t, 'PUT', ROUTES.chat.readCustomer, guest, {}), 400, 'KEY_MISSING');
      expectError(await chatCall(t, 'PUT', ROUTES.chat.readCustomer, guest, { userId: null, guestId: null }), 400, 'KEY_MISSING');
      expectError(await chatCall(t, 'POST', ROUTES.chat.history, guest, { guestId: 7 }), 400, 'KEY_INVALID');
      expectError(await chatCall(t, 'POST', ROUTES.chat.history, guest, { ...claimOf(guest), afterSeq: 'x' }), 400, 'KEY_INVALID');
      expectError(await chatCall(t, 'POST', ROUTES.chat.history, guest, { ...claimOf(guest), beforeSeq: -1 }), 400, 'KEY_INVALID');
      expect((await history(t, guest)).total).toBe(0);
    });

    it('lands a resent message once (same clientId)', async () => {
      const guest = await newGuest(t);
      const first = (await sendText(t, guest, 'once', { clientId: 'resend-0001' })).json<TChatSendResponse>();
      const again = (await sendText(t, guest, 'once', { clientId: 'resend-0001' })).json<TChatSendResponse>();
      expect(again).toEqual(first);
      expect((await history(t, guest)).total).toBe(1);
    });
  });

  describe('history and read marks', () => {
    it('pages 10 at a time from the newest, by skip or beforeSeq, and backfills after a seq', async () => {
      const guest = await newGuest(t);
      for (let i = 1; i <= 23; i++) expect((await sendText(t, guest, `m${i}`)).statusCode).toBe(200);
      const page1 = await history(t, guest, { limit: 10, skip: 0 });
      expect(page1.conversations.map((c) => c.seq)).toEqual([14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
      expect({ total: page1.total, hasMore: page1.hasMore }).toEqual({ total: 23, hasMore: true });
      expect((await history(t, guest, { limit: 10, skip: 10 })).conversations.map((c) => c.seq)).toEqual([
        4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
      ]);
      const last = await history(t, guest, { limit: 10, beforeSeq: 4 });
      expect(last.conversations.map((c) => c.seq)).toEqual([1, 2, 3]);
      expect(last.hasMore).toBe(false);
      const missed = await history(t, guest, { limit: 10, afterSeq: 20 });
      expect(missed.conversations.map((c) => c.message.payload)).toEqual(['m21', 'm22', 'm23']);
      expectError(await chatCall(t, 'POST', ROUTES.chat.history, guest, { ...claimOf(guest), limit: 101 }), 400, 'KEY_INVALID');
    });

    it('read-customer answers the read mark', async () => {
      const guest = await newGuest(t);
      expect((await chatCall(t, 'PUT', ROUTES.chat.readCustomer, guest, claimOf(guest))).json()).toEqual({ readSeq: 0 });
      await sendText(t, guest, 'one');
      await sendText(t, guest, 'two');
      expect((await chatCall(t, 'PUT', ROUTES.chat.readCustomer, guest, claimOf(guest))).json()).toEqual({ readSeq: 2 });
    });
  });

  describe('media', () => {
    it('stores an image and a video by their bytes and serves them with nosniff and their own type', async () => {
      const guest = await newGuest(t);
      const image = await upload(t, guest, 'image', { bytes: png(), filename: 'photo.png', type: 'image/png' });
      expect(image.statusCode, image.body).toBe(200);
      const { path, fileType } = image.json<TChatUploadResponse>();
      expect(fileType).toBe('image');
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.rawPayload.equals(png())).toBe(true);
      // Named .txt with a text type: still stored as what its bytes are.
      const video = await upload(t, guest, 'video', { bytes: mp4(), filename: 'clip.txt', type: 'text/html' });
      expect(video.statusCode, video.body).toBe(200);
      const videoPath = video.json<TChatUploadResponse>().path;
      expect((await t.app.inject({ method: 'GET', url: videoPath })).headers['content-type']).toBe('video/mp4');
      // Phones' players fetch video in ranges.
      const part = await t.app.inject({ method: 'GET', url: videoPath, headers: { range: 'bytes=4-11' } });
      expect([part.statusCode, part.headers['content-range'], part.body]).toEqual([206, 'bytes 4-11/2048', 'ftypisom']);
      const sent = await chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, {
        ...claimOf(guest),
        message: { message_type: 'media', payloads: [{ url: path, filePath: path, fileType: 'image', message: 'my slip' }] },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    });

    it('refuses HTML, SVG, a video on the image call and an image on the video call: CHAT_FILE_INVALID', async () => {
      const guest = await newGuest(t);
      const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
      expectError(await upload(t, guest, 'image', { bytes: html, filename: 'a.png', type: 'image/png' }), 415, 'CHAT_FILE_INVALID');
      expectError(
        await upload(t, guest, 'image', { bytes: Buffer.from('<svg onload="alert(1)"/>'), filename: 'a.gif', type: 'image/gif' }),
        415,
        'CHAT_FILE_INVALID',
      );
      expectError(await upload(t, guest, 'image', { bytes: mp4(), filename: 'a.mp4', type: 'video/mp4' }), 415, 'CHAT_FILE_INVALID');
      expectError(await upload(t, guest, 'video', { bytes: png(), filename: 'a.png', type: 'image/png' }), 415, 'CHAT_FILE_INVALID');
      expectError(await upload(t, undefined, 'image', { bytes: png(), filename: 'a.png', type: 'image/png' }), 401, 'UNAUTHORIZED');
    });

    it('refuses an image over 10 MB and a video over 20 MB (413), declared or streamed', async () => {
      const guest = await newGuest(t);
      const big = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
      expectError(await upload(t, guest, 'image', { bytes: big, filename: 'big.png', type: 'image/png' }), 413, 'PAYLOAD_TOO_LARGE');
      const bigVideo = Buffer.concat([mp4(), Buffer.alloc(20 * 1024 * 1024)]);
      expectError(await upload(t, guest, 'video', { bytes: bigVideo, filename: 'big.mp4', type: 'video/mp4' }), 413, 'PAYLOAD_TOO_LARGE');
      // No content-length: reading stops at the limit.
      const body = multipart({ bytes: big, filename: 'big.png', type: 'image/png' });
      const res = await t.app.inject({
        method: 'POST',
        url: ROUTES.chat.uploadImage,
        headers: { ...headersOf(guest), 'content-type': body.contentType },
        payload: Readable.from([body.payload.subarray(0, 1 << 20), body.payload.subarray(1 << 20)]),
      });
      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    });

    it("refuses a media message pointing at another conversation's upload or at an outside link", async () => {
      const a = await newGuest(t);
      const b = await newGuest(t);
      const { path } = (await upload(t, b, 'image', { bytes: png(), filename: 'b.png', type: 'image/png' })).json<TChatUploadResponse>();
      const media = (url: string) => ({
        ...claimOf(a),
        message: { message_type: 'media', payloads: [{ url, filePath: url, fileType: 'image' }] },
      });
      expectError(await chatCall(t, 'POST', ROUTES.chat.sendMessage, a, media(path)), 400, 'KEY_INVALID');
      expectError(await chatCall(t, 'POST', ROUTES.chat.sendMessage, a, media('https://evil.example/x.png')), 400, 'KEY_INVALID');
    });

    it('answers 404 for an unknown media key and for anything not shaped like one', async () => {
      expectError(await t.app.inject({ method: 'GET', url: `/api/chat/media/${'0'.repeat(32)}` }), 404, 'NO_DATA');
      expect((await t.app.inject({ method: 'GET', url: '/api/chat/media/..%2F..%2Fsecrets.json' })).statusCode).toBe(400);
    });
  });

  describe('limits and service state', () => {
    it('limits messages and uploads per IP (429 REQUEST_LIMIT)', async () => {
      const settings = createSettingsRepository(t.database.db);
      await settings.set(CHAT_RULES_KEY, { messagesPerIp: { max: 3, windowMs: 60_000 }, uploadsPerIp: { max: 2, windowMs: 60_000 } });
      t.clock.advance(10_000); // past the rules cache
      try {
        const guest = await newGuest(t);
        const ip = nextIp();
        const send = () =>
          chatCall(t, 'POST', ROUTES.chat.sendMessage, guest, { ...claimOf(guest), message: { message_type: 'text', payload: 'x' } }, ip);
        for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
        expectError(await send(), 429, 'REQUEST_LIMIT');
        // Another address is not held up.
        expect((await sendText(t, guest, 'from elsewhere')).statusCode).toBe(200);
        const file = { bytes: png(), filename: 'a.png', type: 'image/png' };
        for (let i = 0; i < 2; i++) expect((await upload(t, guest, 'image', file, ip)).statusCode).toBe(200);
        expectError(await upload(t, guest, 'image', file, ip), 429, 'REQUEST_LIMIT');
      } finally {
        await settings.set(CHAT_RULES_KEY, {});
        t.clock.advance(10_000);
      }
    });

    it('answers gone while the service is closed', async () => {
      const guest = await newGuest(t);
      await setLookup(t, 'active', { status: 'gone' });
      try {
        expectError(await sendText(t, guest, 'hello?'), 503, 'gone');
      } finally {
        await setLookup(t, 'active', { status: 'active' });
      }
    });
  });
});
