import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smsReference } from '../../src/modules/auto-deposit/incoming-pipeline.ts';
import { createMember } from '../support/accounts-support.ts';
import { creditsFor, incomingLines, masked, statementLine } from '../support/auto-deposit-support.ts';
import { coinsOf, expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('automatic deposits: one pipeline for every incoming line (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());
  const ingest = (line: Parameters<TestApp['app']['services']['autoDeposit']['pipeline']['ingest']>[0]) =>
    t.app.services.autoDeposit.pipeline.ingest(line);

  it('credits the one member whose registered account the line shows, once, with coins, as a bank transfer', async () => {
    const m = await createMember(t, { bankAccountName: 'SOMCHAI JAIDEE' });
    const line = statementLine({ senderDigits: masked(m.bankAccountNo), senderName: 'MR. SOMCHAI J', occurredAt: t.clock.now() });
    const first = await ingest(line);
    expect(first).toMatchObject({ created: true, line: { status: 'credited', member_id: m.id } });
    const again = await ingest(line);
    expect(again).toMatchObject({ created: false, line: { id: first.line.id, status: 'credited' } });
    expect(await walletBalance(t, m.id)).toBe(50_000n);
    expect(await coinsOf(t, m.id)).toBe(5);
    const entry = await t.database.db
      .selectFrom('journal_entries')
      .select(['kind'])
      .where('reference', '=', line.bankRef ?? '')
      .executeTakeFirstOrThrow();
    expect(entry.kind).toBe('deposit.slip');
  });

  it('stores and credits once when the same line reaches the pipeline many times at once (two nodes, retries)', async () => {
    const m = await createMember(t);
    const line = statementLine({ senderDigits: masked(m.bankAccountNo, 6), amount: 12_345n, occurredAt: t.clock.now() });
    const results = await Promise.all(Array.from({ length: 6 }, () => ingest(line)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.line.id)).size).toBe(1);
    expect(await incomingLines(t, line.bankRef ?? '')).toHaveLength(1);
    expect(await creditsFor(t, line.bankRef ?? '')).toBe(1);
    expect(await walletBalance(t, m.id)).toBe(12_345n);
  });

  it('credits once when the statement line and the SMS of the same transfer both arrive, in either order', async () => {
    for (const smsFirst of [false, true]) {
      const m = await createMember(t);
      const at = t.clock.now();
      const auto = statementLine({ senderDigits: m.bankAccountNo, amount: 77_700n, occurredAt: at });
      const raw = `${smsFirst ? 'a' : 'b'} SMS ${m.bankAccountNo.slice(-4)} 777.00`;
      const sms = { ...auto, source: 'SMS' as const, bankRef: null, senderDigits: masked(m.bankAccountNo), raw };
      const order = smsFirst ? [sms, auto] : [auto, sms];
      const [one, two] = [await ingest(order[0]!), await ingest(order[1]!)];
      expect(one.line, String(smsFirst)).toMatchObject({ status: 'credited' });
      expect(two.line).toMatchObject({ status: 'duplicate', duplicate_of: one.line.id });
      expect(await walletBalance(t, m.id)).toBe(77_700n);
      expect(smsReference(raw)).toMatch(/^sms:[0-9a-f]{32}$/);
    }
  });

  it('queues what it cannot credit alone, with the reason and the candidates', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    // Only the digits both share show: two candidates.
    const shared = a.bankAccountNo.slice(0, 6);
    expect(b.bankAccountNo.startsWith(shared)).toBe(true);
    const ambiguous = await ingest(statementLine({ senderDigits: `${shared}xxxx` }));
    expect(ambiguous.line).toMatchObject({ status: 'unmatched', reason: 'AMBIGUOUS' });
    const ids = (JSON.parse(ambiguous.line.candidates) as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));

    const nobody = await ingest(statementLine({ senderDigits: 'xxxxxx0000', senderBank: 'GSB' }));
    expect(nobody.line).toMatchObject({ status: 'unmatched', reason: 'NO_MEMBER' });
    const hidden = await ingest(statementLine({ senderDigits: 'xxxxxxxx12' }));
    expect(hidden.line).toMatchObject({ status: 'unmatched', reason: 'SENDER_UNKNOWN' });
    const big = await ingest(statementLine({ senderDigits: a.bankAccountNo, amount: 99_000_000n }));
    expect(big.line).toMatchObject({ status: 'unmatched', reason: 'AMOUNT_OUT_OF_RULES' });
    const wrongName = await ingest(statementLine({ senderDigits: a.bankAccountNo, senderName: 'MS. SOMSRI' }));
    expect(wrongName.line).toMatchObject({ status: 'unmatched', reason: 'NAME_MISMATCH' });

    await t.database.db
      .insertInto('bank_blacklist')
      .values({
        id: crypto.randomUUID(),
        bank_code: 'SCB',
        bank_account_no: b.bankAccountNo,
        reason: 'test',
        created_by: null,
        created_at: t.clock.now(),
      })
      .execute();
    const listed = await ingest(statementLine({ senderDigits: b.bankAccountNo }));
    expect(listed.line).toMatchObject({ status: 'unmatched', reason: 'BLACKLISTED' });

    const c = await createMember(t);
    await t.database.db.updateTable('members').set({ bank_changed_at: t.clock.now() }).where('id', '=', c.id).execute();
    const changed = await ingest(statementLine({ senderDigits: c.bankAccountNo }));
    expect(changed.line).toMatchObject({ status: 'unmatched', reason: 'BANK_CHANGED' });

    const unread = await ingest({ ...statementLine(), source: 'SMS', bankRef: null, amount: null, raw: 'garbled text' });
    expect(unread.line).toMatchObject({ status: 'unparsed', reason: 'UNPARSED', raw: 'garbled text' });
    for (const m of [a, b, c]) expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('refuses a line for an account that is not a watched site account', async () => {
    await expect(ingest(statementLine({ siteAccount: '9999999999' }))).rejects.toMatchObject({ code: 'KEY_INVALID' });
  });
});
