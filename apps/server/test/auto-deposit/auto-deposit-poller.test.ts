import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpBankStatement } from '../../src/adapters/bank/http-bank-statement.ts';
import { BANK_API_PATH, bankApiKey } from '../../src/adapters/party-keys.ts';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { createAutoDepositRules } from '../../src/modules/auto-deposit/auto-deposit-rules.ts';
import { createStatementPoller } from '../../src/modules/auto-deposit/statement-poller.ts';
import { createLookupService } from '../../src/modules/lookup/lookup-service.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { createMember, login } from '../support/accounts-support.ts';
import { creditsFor, incomingLines } from '../support/auto-deposit-support.ts';
import { bankTransfer, expectLedgerHealthy, SITE_ACCOUNT, uploadSlip, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('AUTO: the site account statement poller (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  const faults = (body: object) =>
    fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/bank/statement-faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const member = async () => {
    const m = await createMember(t);
    return { ...m, sender: { bank: m.bankCode, account: m.bankAccountNo, name: 'TEST MEMBER' } };
  };
  /** A second node's poller over the same database (its own lease name). */
  const otherNode = () => {
    const settings = createSettingsRepository(t.database.db);
    const onInvalid = () => undefined;
    return createStatementPoller({
      db: t.database.db,
      clock: t.clock,
      lookups: createLookupService({ settings, clock: t.clock, log: t.app.log }),
      rules: createAutoDepositRules({ settings, clock: t.clock, onInvalid }),
      statement: createHttpBankStatement({
        baseUrl: () => `${createSelfUrl(t.app, undefined)()}${BANK_API_PATH}`,
        apiKey: bankApiKey(testConfig().secrets.tokenSecret),
      }),
      pipeline: t.app.services.autoDeposit.pipeline,
      nodeId: 'other-node',
    });
  };

  it('credits a transfer from the member’s registered account once; the cursor survives in the database', async () => {
    const m = await member();
    const { transRef } = await bankTransfer(t, { amount: 321, sender: m.sender, time: t.clock.now() });
    expect(await t.app.services.autoDeposit.poller.runOnce()).toMatchObject({ claimed: 1 });
    expect(await walletBalance(t, m.id)).toBe(32_100n);
    expect(await t.app.services.autoDeposit.poller.runOnce()).toMatchObject({ claimed: 0 });
    const cursor = await t.database.db
      .selectFrom('statement_cursors')
      .selectAll()
      .where('site_account', '=', SITE_ACCOUNT.account)
      .executeTakeFirstOrThrow();
    expect(Number(cursor.cursor)).toBeGreaterThan(0);
    expect(await creditsFor(t, transRef)).toBe(1);
  });

  it('one node polls an account at a time; the other takes over once the lease is given up', async () => {
    const m = await member();
    await bankTransfer(t, { amount: 11, sender: m.sender, time: t.clock.now() });
    const other = otherNode();
    await t.app.services.autoDeposit.poller.runOnce(); // holds the lease now
    const m2 = await member();
    await bankTransfer(t, { amount: 12, sender: m2.sender, time: t.clock.now() });
    expect(await other.runOnce()).toMatchObject({ claimed: 0 });
    expect(await walletBalance(t, m2.id)).toBe(0n);
    await t.app.services.autoDeposit.poller.release();
    expect(await other.runOnce()).toMatchObject({ claimed: 1 });
    expect(await walletBalance(t, m2.id)).toBe(1_200n);
    await other.release();
  });

  it('duplicated, out-of-order and late statement lines credit once each', async () => {
    const a = await member();
    const b = await member();
    expect((await faults({ hold: true })).status).toBe(200);
    await bankTransfer(t, { amount: 5, sender: a.sender, time: t.clock.now() });
    await bankTransfer(t, { amount: 6, sender: b.sender, time: t.clock.now() });
    expect(await t.app.services.autoDeposit.poller.runOnce()).toMatchObject({ claimed: 0 });
    await faults({ hold: false, duplicate: true, reverse: true });
    await Promise.all([t.app.services.autoDeposit.poller.runOnce(), otherNode().runOnce()]);
    await t.app.services.autoDeposit.poller.runOnce();
    await faults({ duplicate: false, reverse: false });
    expect(await walletBalance(t, a.id)).toBe(500n);
    expect(await walletBalance(t, b.id)).toBe(600n);
  });

  it('a slip of a transfer credited automatically is a success, and the money is credited once', async () => {
    const m = await member();
    const session = await login(t, m.phone, m.password);
    const { png, transRef } = await bankTransfer(t, { amount: 77, sender: m.sender, time: t.clock.now() });
    await t.app.services.autoDeposit.poller.runOnce();
    expect((await uploadSlip(t, session, { bytes: png })).statusCode).toBe(201);
    await t.app.services.slipVerifier.runOnce();
    const slip = await t.database.db.selectFrom('slips').select(['status', 'note']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(slip).toMatchObject({ status: 'success' });
    expect(await walletBalance(t, m.id)).toBe(7_700n);
    expect(await incomingLines(t, transRef)).toHaveLength(1);
  });
});
