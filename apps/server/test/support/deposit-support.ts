import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';
import { accountBalance } from '../../src/ledger/accounts.ts';
import { memberWallet } from '../../src/ledger/account-codes.ts';
import { createMember, login, nextIp, type TestMember } from './accounts-support.ts';
import type { TestApp } from './test-app.ts';

/** The seeded THB deposit account of the site (demo content). */
export const SITE_ACCOUNT = { bank: 'KBANK', account: '0123456789', name: 'JETTON DEMO' } as const;

export type Party = { bank: string; account: string; name: string };

/** A member with a token and their registered bank account as a transfer sender. */
export async function depositMember(t: TestApp, bankCode = 'SCB'): Promise<TestMember & { token: string; sender: Party }> {
  const member = await createMember(t, { bankCode });
  const token = await login(t, member.phone, member.password);
  return { ...member, token, sender: { bank: bankCode, account: member.bankAccountNo, name: 'TEST MEMBER' } };
}

async function sandbox(t: TestApp, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${createSelfUrl(t.app, undefined)()}${path}`, init);
}

/** A transfer at the sandbox bank, over HTTP; answers the reference and the slip PNG. */
export async function bankTransfer(
  t: TestApp,
  input: { amount: number; sender: Party; receiver?: Party; time?: Date },
): Promise<{ transRef: string; qrPayload: string; png: Buffer }> {
  const res = await sandbox(t, '/sandbox/bank/transfers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: input.amount,
      sender: input.sender,
      receiver: input.receiver ?? SITE_ACCOUNT,
      time: input.time?.toISOString(),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { transRef: string; qrPayload: string; slipUrl: string };
  const slip = await sandbox(t, body.slipUrl);
  expect(slip.headers.get('content-type')).toBe('image/png');
  return { transRef: body.transRef, qrPayload: body.qrPayload, png: Buffer.from(await slip.arrayBuffer()) };
}

export async function setBankUnavailable(t: TestApp, unavailable: boolean): Promise<void> {
  const res = await sandbox(t, '/sandbox/bank/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ unavailable }),
  });
  expect(res.status).toBe(200);
}

/** A multipart body with one file part (or only a text field when `file` is undefined). */
export function multipart(file: { bytes: Buffer; filename: string; type: string } | undefined): { payload: Buffer; contentType: string } {
  const boundary = `----jetton${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file here\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadSlip(
  t: TestApp,
  token: string,
  file: { bytes: Buffer; filename?: string; type?: string } | undefined,
): Promise<LightMyRequestResponse> {
  const body = multipart(file ? { bytes: file.bytes, filename: file.filename ?? 'slip.png', type: file.type ?? 'image/png' } : undefined);
  return t.app.inject({
    method: 'POST',
    url: ROUTES.wallet.slip,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, 'x-forwarded-for': nextIp() },
    payload: body.payload,
  });
}

export async function walletBalance(t: TestApp, memberId: string): Promise<bigint> {
  return accountBalance(t.database.db, memberWallet(memberId, 'THB'));
}

export async function coinsOf(t: TestApp, memberId: string): Promise<number> {
  const row = await t.database.db.selectFrom('members').select('coin').where('id', '=', memberId).executeTakeFirstOrThrow();
  return row.coin;
}

export async function expectLedgerHealthy(t: TestApp): Promise<void> {
  expect(await checkInvariants(t.database.db)).toEqual([]);
}
