import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { DEMO_MEMBER } from './demo-member.ts';
import { createMemberRepository } from '../modules/account/member-repository.ts';
import { verifyPassword } from '../modules/auth/password-hash.ts';
import { createSessionRepository } from '../modules/auth/session-repository.ts';
import type { AuditWriter } from '../modules/admin/audit-log.ts';
import { createOperatorRepository } from '../modules/admin/operator-repository.ts';

export type DisabledSandboxAccounts = { operators: string[]; member: string | null };

/**
 * A database that was once started with SANDBOX=on holds accounts whose
 * credentials the README publishes: the five demo operators (passwords and one
 * TOTP secret) and the demo member. With the sandbox off they must open
 * nothing (docs/security.md, "Sandbox accounts"), so every start with
 * SANDBOX=off disables those still active, ends their sessions and records it
 * in the audit trail as the system (no operator). Idempotent: a later start,
 * or another node starting at the same time, finds nothing left to do. A
 * disabled account stays disabled if the sandbox is turned on again; an owner
 * may enable it.
 */
export async function disableSandboxAccounts(db: Kysely<DB>, now: Date, audit: AuditWriter): Promise<DisabledSandboxAccounts> {
  const operators = await db.transaction().execute(async (trx) => {
    const disabled = await createOperatorRepository(trx).disableDemoOperators(now);
    for (const op of disabled)
      await audit(trx, {
        operatorId: null,
        action: 'operator.sandbox-disable',
        before: { id: op.id, login: op.login, roles: op.roles, active: true },
        after: { active: false, reason: 'SANDBOX=off' },
        at: now,
      });
    return disabled.map((op) => op.login).sort();
  });
  return { operators, member: await disableDemoMember(db, now, audit) };
}

/**
 * The demo member is the member with the demo phone whose bank account is the
 * demo's or whose password is still the published one: a real member who
 * happens to hold that phone number, with their own bank account and password,
 * is left alone.
 */
async function disableDemoMember(db: Kysely<DB>, now: Date, audit: AuditWriter): Promise<string | null> {
  const member = await createMemberRepository(db).findByPhone(DEMO_MEMBER.username);
  if (member?.status !== 'active') return null;
  const demoBank = member.bank_code === DEMO_MEMBER.bankCode && member.bank_account_no === DEMO_MEMBER.bankAccountNo;
  if (!demoBank && !(await verifyPassword(DEMO_MEMBER.password, member.password_hash))) return null;
  const disabled = await db.transaction().execute(async (trx) => {
    if (!(await createMemberRepository(trx).deactivate(member.id, now))) return false;
    await createSessionRepository(trx).revokeAll(member.id, now);
    await audit(trx, {
      operatorId: null,
      action: 'member.sandbox-disable',
      memberId: member.id,
      before: { status: 'active' },
      after: { status: 'inactive', reason: 'SANDBOX=off' },
      at: now,
    });
    return true;
  });
  return disabled ? member.phone : null;
}
