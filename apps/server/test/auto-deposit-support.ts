import { randomUUID } from 'node:crypto';
import type { IncomingLine } from '../src/modules/auto-deposit/incoming-pipeline.ts';
import { SITE_ACCOUNT } from './deposit-support.ts';
import type { TestApp } from './test-app.ts';

/** The whole number shown but for its last `visible` digits, as banks mask it ("xxxxxx1234"). */
export const masked = (accountNo: string, visible = 4): string => 'x'.repeat(accountNo.length - visible) + accountNo.slice(-visible);

/** An AUTO statement line into the seeded site account (overrides win). */
export function statementLine(overrides: Partial<IncomingLine> = {}): IncomingLine {
  return {
    source: 'AUTO',
    siteBank: SITE_ACCOUNT.bank,
    siteAccount: SITE_ACCOUNT.account,
    bankRef: `T${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    amount: 50_000n,
    occurredAt: new Date(),
    senderBank: 'SCB',
    senderDigits: null,
    senderName: null,
    raw: null,
    ...overrides,
  };
}

export async function incomingLines(t: TestApp, bankRef: string) {
  return t.database.db.selectFrom('incoming_deposits').selectAll().where('bank_ref', '=', bankRef).execute();
}

export async function creditsFor(t: TestApp, reference: string): Promise<number> {
  const rows = await t.database.db.selectFrom('journal_entries').select('id').where('reference', '=', reference).execute();
  return rows.length;
}
