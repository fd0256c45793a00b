import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import type { MemberStatus } from '../../src/db/tables/accounts.ts';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { createMemberRepository } from '../../src/modules/account/member-repository.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import type { TestApp } from './test-app.ts';

/** Helpers for the accounts tests: calls through the real routes, members made quickly. */

let ipCounter = 0;
/** A fresh client IP per call (sent as X-Forwarded-For), so per-IP limits only bite where a test means them to. */
export const nextIp = (): string => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let phoneCounter = 0;
/** A phone number no other test uses (the demo member is 0812345678). */
export const nextPhone = (): string => `09${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(5, '0')}`;

let bankCounter = 0;
export const nextBankNo = (): string => `77${String(process.pid % 10000).padStart(4, '0')}${String(++bankCounter).padStart(4, '0')}`;

type CallOptions = { token?: string; ip?: string; headers?: Record<string, string> };

export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? nextIp(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request: InjectOptions = { method, url, headers };
  if (body !== undefined) request.payload = body as InjectOptions['payload'];
  return t.app.inject(request);
}

/** Every error answer is exactly `{ message: CODE }` with its status: no stack, no extra fields. */
export function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({ status, body: { message: code } });
}

export async function login(t: TestApp, username: string, password: string): Promise<string> {
  const res = await call(t, 'POST', ROUTES.account.login, { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

/** The newest code the SMS simulator holds for a phone, read over HTTP like a person reads the outbox. */
export async function readOtpCode(t: TestApp, phone: string): Promise<{ code: string; ref: string }> {
  const base = createSelfUrl(t.app, undefined)();
  const res = await fetch(`${base}/sandbox/sms/messages?phone=${encodeURIComponent(phone)}`);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  const match = /code (\d{6}) \(ref ([A-Z]{4})\)/.exec(messages[0]?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no code in the outbox for ${phone}`);
  return { code: match[1], ref: match[2] };
}

/** Switches a lookup through the sandbox operator route (the cache is cleared at once). */
export async function setLookup(t: TestApp, name: string, value: unknown): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: `/sandbox/ops/settings/${name}`, payload: value as InjectOptions['payload'] });
  expect(res.statusCode, res.body).toBe(200);
}

export const PASSWORD = 'pass-1234';
let sharedHash: Promise<string> | undefined;

export type TestMember = { id: string; phone: string; password: string; bankCode: string; bankAccountNo: string };

/** A member straight in the database, sharing one precomputed hash (scrypt costs ~0.3 s each). */
export async function createMember(
  t: TestApp,
  fields: { bankCode?: string; bankAccountName?: string; status?: MemberStatus } = {},
): Promise<TestMember> {
  sharedHash ??= hashPassword(PASSWORD);
  const now = t.clock.now();
  const member: TestMember = {
    id: uuidV7(now),
    phone: nextPhone(),
    password: PASSWORD,
    bankCode: fields.bankCode ?? 'SCB',
    bankAccountNo: nextBankNo(),
  };
  const result = await createMemberRepository(t.database.db).insert({
    id: member.id,
    name: 'TEST MEMBER',
    phone: member.phone,
    password_hash: await sharedHash,
    currency: 'THB',
    bank_code: member.bankCode,
    bank_account_name: fields.bankAccountName ?? 'TEST MEMBER',
    bank_account_no: member.bankAccountNo,
    source_code: null,
    invited_by: null,
    created_at: now,
    updated_at: now,
  });
  expect(result.ok).toBe(true);
  if (fields.status) await createMemberRepository(t.database.db).setStatus(member.id, fields.status, now);
  return member;
}
