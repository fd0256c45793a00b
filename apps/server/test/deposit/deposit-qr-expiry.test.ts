import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QrProvider } from '@jetton/contract/constants';
import type { TQrState } from '@jetton/contract/wallet';
import { ZStatementResponse } from '@jetton/contract/wallet';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import type { QrGateway } from '../../src/adapters/qr-gateway/qr-gateway.ts';
import * as m0011 from '../../src/db/migrations/0011-qr-provider-ref.ts';
import { createQrExpiryJob } from '../../src/modules/deposit/qr-expiry-job.ts';
import { createDepositRules, DEPOSIT_RULES_KEY, type DepositRules } from '../../src/modules/deposit/deposit-rules.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { call } from '../support/accounts-support.ts';
import { depositMember, expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const QR_LIFETIME_MS = 600_000;
const GRACE_MS = 300_000;

describe.each(testEngines())('QR expiry job and the QR payment reference (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  const db = () => t.database.db;
  const row = (id: string) => db().selectFrom('qr_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function create(token: string, provider: QrProvider, amount: number): Promise<{ id: string; payload: string }> {
    const res = await call(t, 'POST', `/api/qrcode/${provider}`, { amount }, { token });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<TQrState>().qrcodeId ?? '';
    return { id, payload: (await row(id)).payload };
  }

  async function payAtGateway(
    payload: string,
    force = false,
  ): Promise<{ status: number; body: { message?: string; callbackStatus?: number } }> {
    const res = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/pay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload, force }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; callbackStatus?: number } };
  }

  /** Operator settings; the rules are cached 5 s of the app's clock, so the clock moves past that. */
  async function setDepositRules(rules: Partial<DepositRules>): Promise<void> {
    await createSettingsRepository(db()).set(DEPOSIT_RULES_KEY, rules);
    t.clock.advance(6_000);
  }

  it('stores the provider’s payment reference on the paid QR, and the statement reads it (also after the migration backfill from the memo)', async () => {
    const m = await depositMember(t);
    const qr = await create(m.token, 'WW', 150);
    expect((await row(qr.id)).provider_ref).toBeNull();
    expect((await payAtGateway(qr.payload)).status).toBe(200);
    const paid = await row(qr.id);
    expect(paid.status).toBe('paid');
    expect(paid.provider_ref).toMatch(/^[A-Z0-9]{16}$/);
    const memo = await db()
      .selectFrom('journal_entries')
      .select('memo')
      .where('kind', '=', 'deposit.qr')
      .where('reference', '=', qr.id)
      .executeTakeFirstOrThrow();
    expect(memo.memo).toBe(`WW ${paid.provider_ref}`);

    const channel = async () => {
      const res = await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 10 }, { token: m.token });
      expect(res.statusCode, res.body).toBe(200);
      return ZStatementResponse.parse(res.json()).statements.map((s) => s.channel);
    };
    expect(await channel()).toEqual([{ kind: 'qr', provider: 'WW', reference: paid.provider_ref }]);

    // A database from before 0011: the column comes back filled from the ledger memo.
    const untyped = db() as unknown as Kysely<unknown>;
    await m0011.down(untyped);
    await m0011.up(untyped);
    expect((await row(qr.id)).provider_ref).toBe(paid.provider_ref);
    expect(await channel()).toEqual([{ kind: 'qr', provider: 'WW', reference: paid.provider_ref }]);
    // An old row without one: no reference, nothing else guessed.
    await db().updateTable('qr_codes').set({ provider_ref: null }).where('id', '=', qr.id).execute();
    expect(await channel()).toEqual([{ kind: 'qr', provider: 'WW', reference: null }]);
  });

  it('marks QRs expired once past their expiry and the grace, in batches, cancels them at the gateway, and a late paid callback never credits', async () => {
    await setDepositRules({ qrExpiryBatch: 2 });
    const m = await depositMember(t);
    const due = [await create(m.token, 'KBANK', 10), await create(m.token, 'PAYTIMZ', 20), await create(m.token, 'ZPAY', 30)];
    t.clock.advance(60_000);
    const fresh = await create(m.token, 'WW', 200);

    // Past expiry but inside the grace: left open (a late callback for an in-time payment may still come).
    t.clock.advance(QR_LIFETIME_MS - 60_000 + 1_000);
    await t.app.services.qrExpiryJob.runOnce();
    for (const qr of due) expect((await row(qr.id)).status).toBe('open');

    t.clock.advance(GRACE_MS);
    const summary = await t.app.services.qrExpiryJob.runOnce();
    expect(summary.claimed).toBeGreaterThanOrEqual(3); // three in batches of 2
    expect(summary.cancelFailed).toBe(0);
    for (const qr of due) expect(await row(qr.id)).toMatchObject({ status: 'expired', closed_at: t.clock.now(), provider_ref: null });
    expect((await row(fresh.id)).status).toBe('open'); // expired 60 s later: still in its grace
    expect((await t.app.services.qrExpiryJob.runOnce()).claimed).toBe(0);

    // The gateway was told: it refuses the payment as cancelled; a gateway that pays anyway gets 409, nothing credited.
    expect(await payAtGateway(due[0]?.payload ?? '')).toMatchObject({ status: 409, body: { message: 'This QR is cancelled.' } });
    expect((await payAtGateway(due[1]?.payload ?? '', true)).body.callbackStatus).toBe(409);
    expect(await walletBalance(t, m.id)).toBe(0n);
    expect((await row(due[1]?.id ?? '')).status).toBe('expired');
    // And the member can open a new QR with that provider.
    expect((await create(m.token, 'KBANK', 10)).id).not.toBe(due[0]?.id);
    await setDepositRules({});
  });

  it('still marks an expired QR when the gateway cancel fails', async () => {
    const m = await depositMember(t);
    const qr = await create(m.token, 'PAYONEX', 100);
    t.clock.advance(QR_LIFETIME_MS + GRACE_MS + 1_000);
    const cancels: string[] = [];
    const failing: QrGateway = {
      create: () => Promise.reject(new Error('not used')),
      cancel: (input) => {
        cancels.push(input.qrcodeId);
        return Promise.reject(new Error('gateway down'));
      },
    };
    const rules = createDepositRules({ settings: createSettingsRepository(db()), clock: t.clock, onInvalid: () => undefined });
    const warnings: unknown[] = [];
    const log = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Parameters<typeof createQrExpiryJob>[0]['log'];
    const job = createQrExpiryJob({ db: db(), clock: t.clock, rules, gateway: failing, log });
    const summary = await job.runOnce();
    expect(cancels).toContain(qr.id);
    expect(summary.cancelFailed).toBe(summary.claimed);
    expect(warnings.length).toBe(summary.claimed);
    expect((await row(qr.id)).status).toBe('expired');
    expect((await payAtGateway(qr.payload, true)).body.callbackStatus).toBe(409);
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it.runIf(engine === 'postgres')('skips a QR locked by a payment in progress', async () => {
    const m = await depositMember(t);
    const [locked, free] = [await create(m.token, 'KBANK', 10), await create(m.token, 'WW', 200)];
    t.clock.advance(QR_LIFETIME_MS + GRACE_MS + 1_000);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('qr_codes').select('id').where('id', '=', locked.id).forUpdate().execute();
        await t.app.services.qrExpiryJob.runOnce();
        expect((await row(free.id)).status).toBe('expired');
      });
    expect((await row(locked.id)).status).toBe('open');
    await t.app.services.qrExpiryJob.runOnce();
    expect((await row(locked.id)).status).toBe('expired');
  });
});
