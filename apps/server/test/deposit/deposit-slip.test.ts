import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { generate } from 'promptparse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import type { TSlip } from '@jetton/contract/wallet';
import { renderSlipPng } from '../../src/adapters/bank/simulator/slip-image.ts';
import { call } from '../support/accounts-support.ts';
import {
  bankTransfer,
  coinsOf,
  depositMember,
  expectLedgerHealthy,
  SITE_ACCOUNT,
  setBankUnavailable,
  uploadSlip,
  walletBalance,
} from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;

describe.each(testEngines())('slip deposits through the sandbox bank (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // The tests run the verifier by hand.
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  async function uploadAndVerify(token: string, png: Buffer): Promise<TSlip> {
    const res = await uploadSlip(t, token, { bytes: png });
    expect(res.statusCode, res.body).toBe(201);
    const { slip } = res.json<{ slip: TSlip }>();
    expect(slip.status).toBe('processing');
    await t.app.services.slipVerifier.runOnce();
    return slipOf(token, slip.reference);
  }

  async function slipOf(token: string, reference: string): Promise<TSlip> {
    const res = await call(t, 'POST', ROUTES.statement.slip, { page: 1, limit: 100 }, { token });
    const found = res.json<{ slips: TSlip[] }>().slips.find((s) => s.reference === reference);
    if (!found) throw new Error(`slip ${reference} not listed`);
    return found;
  }

  it('credits a verified slip to the wallet with 1 coin per 100.00, once', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 250.5, sender: m.sender });
    const slip = await uploadAndVerify(m.token, png);
    expect(slip).toMatchObject({ status: 'success', amount: 250.5, note: null });
    expect(await walletBalance(t, m.id)).toBe(25_050n);
    expect(await coinsOf(t, m.id)).toBe(2);
    // The statement reads the ledger: the credit shows as a deposit.
    const statement = await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 10 }, { token: m.token });
    expect(statement.json<{ statements: { statementType: string; amount: number }[] }>().statements).toContainEqual(
      expect.objectContaining({ statementType: 'deposit', amount: 250.5 }),
    );
  });

  it('refuses the same slip sent again later: SLIP_REFNO_DUPLICATED, credited once', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 100, sender: m.sender });
    expect((await uploadAndVerify(m.token, png)).status).toBe('success');
    expect(await uploadAndVerify(m.token, png)).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED', amount: null });
    expect(await walletBalance(t, m.id)).toBe(10_000n);
  });

  it('credits the same slip uploaded twice concurrently exactly once', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 300, sender: m.sender });
    const uploads = await Promise.all([uploadSlip(t, m.token, { bytes: png }), uploadSlip(t, m.token, { bytes: png })]);
    for (const res of uploads) expect(res.statusCode, res.body).toBe(201);
    // Two verifiers racing over the queue, as two nodes would.
    await Promise.all([t.app.services.slipVerifier.runOnce(), t.app.services.slipVerifier.runOnce()]);
    const slips = await Promise.all(uploads.map((res) => slipOf(m.token, res.json<{ slip: TSlip }>().slip.reference)));
    expect(slips.map((s) => s.status).sort()).toEqual(['failed', 'success']);
    expect(slips.find((s) => s.status === 'failed')?.note).toBe('SLIP_REFNO_DUPLICATED');
    expect(await walletBalance(t, m.id)).toBe(30_000n);
    expect(await coinsOf(t, m.id)).toBe(3);
  });

  describe('a slip reference belongs to the member who was paid', () => {
    it('a stranger uploading the slip first (NOT_MATCH) does not stop the owner: credited once', async () => {
      const owner = await depositMember(t);
      const stranger = await depositMember(t);
      const { png } = await bankTransfer(t, { amount: 120, sender: owner.sender });
      expect(await uploadAndVerify(stranger.token, png)).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
      expect(await uploadAndVerify(stranger.token, png)).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
      expect(await uploadAndVerify(owner.token, png)).toMatchObject({ status: 'success', amount: 120 });
      expect(await walletBalance(t, owner.id)).toBe(12_000n);
      expect(await walletBalance(t, stranger.id)).toBe(0n);
      // The owner's second upload is refused; so is the stranger's, now that the reference is credited.
      expect(await uploadAndVerify(owner.token, png)).toMatchObject({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' });
      expect((await uploadAndVerify(stranger.token, png)).status).toBe('failed');
      expect(await walletBalance(t, owner.id)).toBe(12_000n);
      // The failed attempts stay on record with the reference, for the operators.
      const rows = await t.database.db
        .selectFrom('slips')
        .select(['member_id', 'status', 'note', 'trans_ref'])
        .where('member_id', '=', stranger.id)
        .execute();
      expect(rows.length).toBe(3);
      expect(new Set(rows.map((r) => r.trans_ref)).size).toBe(1);
    });

    it('the owner and a stranger racing over the same slip: the owner is credited once', async () => {
      const owner = await depositMember(t);
      const stranger = await depositMember(t);
      const { png } = await bankTransfer(t, { amount: 80, sender: owner.sender });
      const uploads = await Promise.all([
        uploadSlip(t, stranger.token, { bytes: png }),
        uploadSlip(t, owner.token, { bytes: png }),
        uploadSlip(t, owner.token, { bytes: png }),
      ]);
      for (const res of uploads) expect(res.statusCode, res.body).toBe(201);
      await Promise.all([t.app.services.slipVerifier.runOnce(), t.app.services.slipVerifier.runOnce()]);
      const [strangers, ...owners] = await Promise.all(
        uploads.map((res, i) => slipOf(i === 0 ? stranger.token : owner.token, res.json<{ slip: TSlip }>().slip.reference)),
      );
      // Refused either way: NOT_MATCH if decided before the owner's credit, SLIP_REFNO_DUPLICATED after it.
      expect(strangers?.status).toBe('failed');
      expect(['NOT_MATCH', 'SLIP_REFNO_DUPLICATED']).toContain(strangers?.note);
      expect(await walletBalance(t, stranger.id)).toBe(0n);
      expect(owners.map((s) => `${s.status}:${s.note ?? ''}`).sort()).toEqual(['failed:SLIP_REFNO_DUPLICATED', 'success:']);
      expect(await walletBalance(t, owner.id)).toBe(8_000n);
    });
  });

  it('fails an image without a readable slip QR: INVALID_SLIP', async () => {
    const m = await depositMember(t);
    const blank = PNG.sync.write(new PNG({ width: 200, height: 300, fill: true }));
    expect(await uploadAndVerify(m.token, blank)).toMatchObject({ status: 'failed', note: 'INVALID_SLIP' });
  });

  it('fails a well-formed slip the bank does not know: INVALID_SLIP', async () => {
    const m = await depositMember(t);
    const transRef = `20261121FAKE${randomUUID().slice(0, 8).toUpperCase()}`;
    const forged = renderSlipPng({
      bankName: 'SCB BANK',
      amount: '9,999.00',
      time: '2026-11-21 12:00:00',
      sender: m.sender,
      receiver: SITE_ACCOUNT,
      transRef,
      qrPayload: generate.slipVerify({ sendingBank: '014', transRef }),
    });
    expect(await uploadAndVerify(m.token, forged)).toMatchObject({ status: 'failed', note: 'INVALID_SLIP' });
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('fails a transfer to an account that is not the site’s: DEST_ACC_INVALID', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, {
      amount: 100,
      sender: m.sender,
      receiver: { bank: 'KBANK', account: '9998887776', name: 'SOMEONE ELSE' },
    });
    expect(await uploadAndVerify(m.token, png)).toMatchObject({ status: 'failed', note: 'DEST_ACC_INVALID' });
  });

  it('fails a transfer from another account than the member’s registered one: NOT_MATCH', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 100, sender: { ...m.sender, account: '1231231234' } });
    expect(await uploadAndVerify(m.token, png)).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
    const otherBank = await bankTransfer(t, { amount: 100, sender: { ...m.sender, bank: 'KTB' } });
    expect(await uploadAndVerify(m.token, otherBank.png)).toMatchObject({ status: 'failed', note: 'NOT_MATCH' });
  });

  it('fails a transfer made more than an hour before the upload: EXPIRED_SLIP', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 100, sender: m.sender, time: new Date(t.clock.now().getTime() - 61 * MINUTE) });
    expect(await uploadAndVerify(m.token, png)).toMatchObject({ status: 'failed', note: 'EXPIRED_SLIP' });
    const recent = await bankTransfer(t, { amount: 100, sender: m.sender, time: new Date(t.clock.now().getTime() - 59 * MINUTE) });
    expect((await uploadAndVerify(m.token, recent.png)).status).toBe('success');
  });

  it('retries while the bank cannot be asked, then gives up: UNKNOW_ERROR; the slip may be sent again', async () => {
    const m = await depositMember(t);
    const { png } = await bankTransfer(t, { amount: 100, sender: m.sender });
    await setBankUnavailable(t, true);
    try {
      const slip = await uploadAndVerify(m.token, png);
      expect(slip.status).toBe('processing');
      for (let attempt = 2; attempt <= 3; attempt++) {
        t.clock.advance(MINUTE);
        await t.app.services.slipVerifier.runOnce();
      }
      expect(await slipOf(m.token, slip.reference)).toMatchObject({ status: 'failed', note: 'UNKNOW_ERROR' });
    } finally {
      await setBankUnavailable(t, false);
    }
    expect(await uploadAndVerify(m.token, png)).toMatchObject({ status: 'success', amount: 100 });
  });
});
