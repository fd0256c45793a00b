import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatUploadResponse } from '@jetton/contract/chat';
import type { TSlip } from '@jetton/contract/wallet';
import { buildApp, type App } from '../../src/app.ts';
import type { StorageConfig } from '../../src/config.ts';
import { call } from '../support/accounts-support.ts';
import { newMember, upload } from '../support/chat-support.ts';
import { depositMember, uploadSlip } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

/**
 * Two nodes of one site (one database, each its own DATA_DIR, as on two machines): what a member
 * uploads through node A, a slip or a chat photo, is read through node B. With the shared S3
 * store it is there; with each node on its own disk (the control) it is not, which is why a
 * cluster refuses to start on local disk (docs/operations.md, "Uploads").
 */
const photo = (width: number) => {
  const png = new PNG({ width, height: 30 });
  png.data.fill(0x7f);
  return PNG.sync.write(png);
};

let root: string;
let s3: S3TestServer;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'jetton-uploads-nodes-'));
  s3 = await startS3TestServer({ dir: path.join(root, 's3') });
});
afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

describe.each(testEngines())('uploads through node A, read through node B (%s database)', (engine) => {
  async function twoNodes(storage: StorageConfig): Promise<{ a: TestApp; b: TestApp; close: () => Promise<void> }> {
    const a = await startTestApp(engine, { storage, dataDir: await mkdtemp(path.join(root, 'node-a-')) }, { startJobs: false });
    const nodeB: App = await buildApp({
      config: testConfig({ storage, dataDir: await mkdtemp(path.join(root, 'node-b-')) }),
      db: a.database.db,
      engine: a.database.engine,
      clock: a.clock,
      logger: false,
      startJobs: false,
    });
    await nodeB.listen({ host: '127.0.0.1', port: 0 });
    return {
      a,
      b: { ...a, app: nodeB },
      close: async () => {
        await nodeB.close();
        await a.close();
      },
    };
  }

  /** Uploads a slip and a chat photo through A; answers what B serves for each. */
  async function uploadOnAReadOnB(a: TestApp, b: TestApp) {
    const slipBytes = photo(41);
    const member = await depositMember(a);
    const uploaded = await uploadSlip(a, member.token, { bytes: slipBytes });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { reference } = uploaded.json<{ slip: TSlip }>().slip;
    const link = await call(b, 'GET', `/api/statement/slip/reference/${reference}`, undefined, { token: member.token });
    expect(link.statusCode, link.body).toBe(200);
    const slip = await b.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });

    const chatBytes = photo(57);
    const caller = await newMember(a);
    const sent = await upload(a, caller, 'image', { bytes: chatBytes, filename: 'photo.png', type: 'image/png' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mediaPath = sent.json<TChatUploadResponse>().path;
    const media = await b.app.inject({ method: 'GET', url: mediaPath });
    const ranged = await b.app.inject({ method: 'GET', url: mediaPath, headers: { range: 'bytes=8-23' } });
    return { slip, slipBytes, media, ranged, chatBytes };
  }

  it('with the shared S3 store: node B serves the slip and the photo, whole and by byte range', async () => {
    const nodes = await twoNodes(await s3.bucket());
    try {
      const { slip, slipBytes, media, ranged, chatBytes } = await uploadOnAReadOnB(nodes.a, nodes.b);
      expect(slip.statusCode, slip.body).toBe(200);
      expect(slip.headers['content-type']).toBe('image/png');
      expect(slip.rawPayload.equals(slipBytes)).toBe(true);
      expect(media.statusCode, media.body).toBe(200);
      expect(media.headers['content-type']).toBe('image/png');
      expect(Number(media.headers['content-length'])).toBe(chatBytes.length);
      expect(media.rawPayload.equals(chatBytes)).toBe(true);
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 8-23/${chatBytes.length}`);
      expect(ranged.rawPayload.equals(chatBytes.subarray(8, 24))).toBe(true);
    } finally {
      await nodes.close();
    }
  }, 300_000);

  it('control, each node on its own disk: node B has neither (the reason a cluster refuses local disk)', async () => {
    const nodes = await twoNodes({ kind: 'local' });
    try {
      const { slip, media } = await uploadOnAReadOnB(nodes.a, nodes.b);
      expect(slip.statusCode).toBe(404);
      expect(media.statusCode).toBe(404);
    } finally {
      await nodes.close();
    }
  }, 300_000);
});
