import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { uuidV7 } from '../db/uuid-v7.ts';
import { hashPassword } from '../modules/auth/password-hash.ts';
import { createMemberRepository } from '../modules/account/member-repository.ts';

/** The demo member a first start creates; `npm start` prints these credentials. */
export const DEMO_MEMBER = {
  username: '0812345678',
  password: 'demo1234',
  name: 'SOMCHAI JAIDEE',
  bankCode: 'KBANK',
  bankAccountName: 'SOMCHAI JAIDEE',
  bankAccountNo: '1234567890',
  currency: 'THB',
} as const;

/** Creates the demo member unless the phone exists (idempotent; hashes only when needed). */
export async function seedDemoMember(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  const members = createMemberRepository(db);
  if (await members.phoneExists(DEMO_MEMBER.username)) return;
  await members.insertIfPhoneFree({
    id: uuidV7(now),
    name: DEMO_MEMBER.name,
    phone: DEMO_MEMBER.username,
    password_hash: await hashPassword(DEMO_MEMBER.password),
    currency: DEMO_MEMBER.currency,
    bank_code: DEMO_MEMBER.bankCode,
    bank_account_name: DEMO_MEMBER.bankAccountName,
    bank_account_no: DEMO_MEMBER.bankAccountNo,
    source_code: null,
    invited_by: null,
    created_at: now,
    updated_at: now,
  });
}
