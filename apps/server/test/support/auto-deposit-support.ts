import { randomUUID } from 'node:crypto';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TDepositLookup } from '@jetton/contract/lookup';
import { ROUTES } from '@jetton/contract/routes';
import { SITE_TIME_ZONE } from '@jetton/contract/site-time';
import {
  FORWARDER_SIGNATURE_HEADER,
  FORWARDER_TIMESTAMP_HEADER,
  signForwarded,
  SMS_WEBHOOK_PATH,
} from '../../src/adapters/sms-forwarder/forwarder-signature.ts';
import { setLookup } from './accounts-support.ts';
import type { AdminClient } from './admin-support.ts';
import type { IncomingLine } from '../../src/modules/auto-deposit/incoming-pipeline.ts';
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

/** An SMS-mode KTB site account added to the deposit lookup (the seeded ones are AUTO). */
export const SMS_ACCOUNT = { bank: 'KTB', account: '1112223334' } as const;

export async function addSmsAccount(t: TestApp): Promise<void> {
  const current = (await t.app.inject({ method: 'GET', url: ROUTES.lookup.deposit })).json<TDepositLookup>();
  if (current.banks.some((b) => b.bankAccountNo === SMS_ACCOUNT.account)) return;
  await setLookup(t, 'deposit', {
    ...current,
    banks: [
      ...current.banks,
      {
        bank: { nameTH: 'ธนาคารกรุงไทย', nameLA: 'ທະນາຄານກຸງໄທ', nameEN: 'Krungthai Bank' },
        bankCode: SMS_ACCOUNT.bank,
        bankType: 'DEPOSIT',
        bankAccountName: 'JETTON SMS',
        bankAccountNo: SMS_ACCOUNT.account,
        currency: 'THB',
        mode: 'SMS',
      },
    ],
  });
}

/** A KTB credit SMS as the bank prints it, from a member’s SCB account (its last 8 digits shown). */
export function ktbCreditSms(input: { amount: string; senderAccount: string; at: Date; balance?: string }): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: SITE_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(input.at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const beYear = String(Number(part('year')) + 543).slice(-2);
  const digits = `XX${input.senderAccount.slice(2)}`;
  return `บช X22233X: เงินเข้า ${input.amount} บ. จาก SCB ${digits} นาย ทดสอบ ร ใช้ได้ ${input.balance ?? '9,999.00'} บ. ${part('day')}/${part('month')}/${beYear} ${part('hour')}:${part('minute')}`;
}

/** A forwarder device registered through the back office; answers its id and secret. */
export async function registerForwarder(t: TestApp, admin: AdminClient): Promise<{ id: string; secret: string; webhookPath: string }> {
  const res = await admin.call(
    ADMIN_ROUTES.smsForwarders.create,
    {},
    { name: 'Phone 1', siteBank: SMS_ACCOUNT.bank, siteAccount: SMS_ACCOUNT.account },
  );
  if (res.statusCode !== 201) throw new Error(`forwarder not registered: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; secret: string; webhookPath: string }>();
}

/** Posts a forwarded SMS, signed as the app does (overrides forge it). */
export function forwardSms(
  t: TestApp,
  device: { id: string; secret: string },
  body: object | string,
  options: { timestamp?: number; signature?: string | null; secret?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(options.timestamp ?? t.clock.now().getTime());
  const signature = options.signature === undefined ? signForwarded(options.secret ?? device.secret, timestamp, raw) : options.signature;
  return t.app.inject({
    method: 'POST',
    url: SMS_WEBHOOK_PATH.replace(':id', device.id),
    headers: {
      'content-type': 'application/json',
      [FORWARDER_TIMESTAMP_HEADER]: timestamp,
      ...(signature === null ? {} : { [FORWARDER_SIGNATURE_HEADER]: signature }),
    },
    payload: raw,
  });
}
