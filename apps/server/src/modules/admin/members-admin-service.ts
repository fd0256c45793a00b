import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TBlacklistAdd, TBlacklistEntry, TMemberBankEdit, TMemberDetail, TMemberSummary } from '@jetton/contract/admin/members';
import { fromMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { BankBlacklist } from '../account/bank-blacklist-repository.ts';
import type { MemberRepository } from '../account/member-repository.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { AuditWriter } from './audit-log.ts';
import { createMemberAdminRepository, type MemberAdminRepository } from './member-admin-repository.ts';
import type { SessionOperator } from './operator-repository.ts';

export type MembersAdminDeps = {
  db: Kysely<DB>;
  repo: MemberAdminRepository;
  members: MemberRepository;
  auth: AuthService;
  blacklist: BankBlacklist;
  sms: SmsSender;
  lookups: LookupService;
  clock: Clock;
  audit: AuditWriter;
};

type MemberRow = NonNullable<Awaited<ReturnType<MemberAdminRepository['byId']>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const summary = (m: MemberRow): TMemberSummary => ({
  id: m.id,
  memberNo: String(m.member_no),
  name: m.name,
  phone: m.phone,
  status: m.status,
  currency: m.currency,
  bankCode: m.bank_code,
  bankAccountName: m.bank_account_name,
  bankAccountNo: m.bank_account_no,
  createdAt: m.created_at.toISOString(),
});
const bankOf = (m: MemberRow) => ({ bankCode: m.bank_code, bankAccountName: m.bank_account_name, bankAccountNo: m.bank_account_no });

/** A temporary member password: 8 characters, no look-alikes, typed by hand from an SMS. */
function temporaryMemberPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < 8; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/**
 * Members in the back office (docs/operators.md, "Members"): search, the
 * member page, suspend and reactivate (sessions end at once), a password
 * reset by SMS, bank details with a reason, and the bank-account blacklist.
 * Every change is audited with its before and after.
 */
export function createMembersAdminService(deps: MembersAdminDeps) {
  const { db, repo, members, auth, blacklist, sms, lookups, clock, audit } = deps;

  async function mustExist(id: string): Promise<MemberRow> {
    const m = UUID.test(id) ? await repo.byId(id) : undefined;
    if (!m) throw new AppError('NO_USER');
    return m;
  }

  return {
    async search(q: string, limit: number): Promise<TMemberSummary[]> {
      return (await repo.search(q, limit)).map(summary);
    },

    async detail(id: string): Promise<TMemberDetail> {
      const m = await mustExist(id);
      const [inviter, invitees, balance, games, slips, withdrawals, qr, manual, sessions, listed] = await Promise.all([
        m.invited_by ? repo.byId(m.invited_by) : undefined,
        repo.inviteesOf(id),
        repo.walletBalance(id),
        repo.games(id),
        repo.slips(id),
        repo.withdrawals(id),
        repo.qrDeposits(id),
        repo.manualDeposits(id),
        repo.sessions(id),
        blacklist.isBlacklisted(m.bank_code, m.bank_account_no),
      ]);
      const deposits = [
        ...qr.map((d) => ({
          id: d.id,
          channel: 'qr' as const,
          provider: d.provider,
          status: d.status,
          amount: fromMinor(d.amount),
          createdAt: d.created_at.toISOString(),
        })),
        ...manual.map((d) => ({
          id: d.id,
          channel: 'manual' as const,
          provider: null,
          status: d.status,
          amount: fromMinor(d.amount),
          createdAt: d.created_at.toISOString(),
        })),
      ].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      return {
        member: { ...summary(m), coin: m.coin, mustChangePassword: m.must_change_password, bankBlacklisted: listed },
        registration: {
          registeredAt: m.created_at.toISOString(),
          sourceCode: m.source_code,
          invitedBy: inviter ? { id: inviter.id, memberNo: String(inviter.member_no), name: inviter.name } : null,
          invitees,
        },
        wallet: { balance: fromMinor(balance) },
        games: games.map((g) => ({
          code: g.code,
          name: g.name ?? g.code.replace(/^game:/, ''),
          username: g.username,
          status: g.status,
          balance: fromMinor(g.balance),
        })),
        slips: slips.map((s) => ({
          id: s.id,
          status: s.status,
          note: s.note,
          amount: s.amount === null ? null : fromMinor(s.amount),
          transRef: s.trans_ref,
          createdAt: s.created_at.toISOString(),
        })),
        withdrawals: withdrawals.map((w) => ({
          id: w.id,
          status: w.status,
          amount: fromMinor(w.amount),
          bankAccountNo: w.bank_account_no,
          note: w.note,
          createdAt: w.created_at.toISOString(),
        })),
        deposits,
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: s.created_at.toISOString(),
          expiresAt: s.expires_at.toISOString(),
          revokedAt: s.revoked_at?.toISOString() ?? null,
        })),
      };
    },

    /** Suspended: INACTIVE_USER at login, and every token stops now (the guard also checks the status). */
    async setSuspended(op: SessionOperator, id: string, suspended: boolean, reason: string, ip: string | null): Promise<TMemberSummary> {
      const m = await mustExist(id);
      const now = clock.now();
      await members.setStatus(id, suspended ? 'inactive' : 'active', now);
      if (suspended) await auth.revokeAll(id);
      await audit(db, {
        operatorId: op.operatorId,
        action: suspended ? 'member.suspend' : 'member.reactivate',
        memberId: id,
        before: { status: m.status },
        after: { status: suspended ? 'inactive' : 'active', reason },
        ip,
        at: now,
      });
      return summary(await mustExist(id));
    },

    /** A temporary password by SMS; the member changes it at next login. Sessions end. */
    async resetPassword(op: SessionOperator, id: string, reason: string, ip: string | null): Promise<{ smsSent: boolean }> {
      const m = await mustExist(id);
      const password = temporaryMemberPassword();
      const now = clock.now();
      await members.updatePasswordHash(id, await hashPassword(password), now);
      await members.setMustChangePassword(id, true, now);
      await auth.revokeAll(id);
      let smsSent = true;
      try {
        await sms.send(m.phone, `Jetton: your temporary password is ${password}. Log in and set a new one.`);
      } catch {
        smsSent = false;
      }
      await audit(db, {
        operatorId: op.operatorId,
        action: 'member.reset-password',
        memberId: id,
        after: { reason, smsSent },
        ip,
        at: now,
      });
      return { smsSent };
    },

    async editBank(op: SessionOperator, id: string, input: TMemberBankEdit, ip: string | null): Promise<TMemberSummary> {
      const m = await mustExist(id);
      if (!(await lookups.get('banks')).some((b) => b.code === input.bankCode)) throw new AppError('INVALID_BANK');
      if (await blacklist.isBlacklisted(input.bankCode, input.bankAccountNo)) throw new AppError('INVALID_BANK');
      const owner = await members.bankAccountOwner(input.bankCode, input.bankAccountNo);
      if (owner && owner !== id) throw new AppError('EXISTING_BANK');
      const now = clock.now();
      const fields = { bank_code: input.bankCode, bank_account_name: input.bankAccountName, bank_account_no: input.bankAccountNo };
      try {
        await db.transaction().execute(async (trx) => {
          await createMemberAdminRepository(trx).updateBank(id, fields, now);
          await audit(trx, {
            operatorId: op.operatorId,
            action: 'member.edit-bank',
            memberId: id,
            before: bankOf(m),
            after: {
              bankCode: input.bankCode,
              bankAccountName: input.bankAccountName,
              bankAccountNo: input.bankAccountNo,
              reason: input.reason,
            },
            ip,
            at: now,
          });
        });
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('EXISTING_BANK');
        throw error;
      }
      return summary(await mustExist(id));
    },

    async blacklistList(): Promise<TBlacklistEntry[]> {
      return (await blacklist.list()).map((e) => ({
        id: e.id,
        bankCode: e.bank_code,
        bankAccountNo: e.bank_account_no,
        reason: e.reason,
        createdBy: e.created_by,
        createdAt: e.created_at.toISOString(),
      }));
    },

    async blacklistAdd(op: SessionOperator, input: TBlacklistAdd, ip: string | null): Promise<TBlacklistEntry> {
      const now = clock.now();
      const id = uuidV7(now);
      const entry = {
        id,
        bankCode: input.bankCode ?? null,
        bankAccountNo: input.bankAccountNo,
        reason: input.reason,
        createdBy: op.operatorId,
        now,
      };
      if (!(await blacklist.add(entry))) throw new AppError('EXISTING_BANK');
      await audit(db, {
        operatorId: op.operatorId,
        action: 'blacklist.add',
        after: { bankCode: entry.bankCode, bankAccountNo: entry.bankAccountNo, reason: entry.reason },
        ip,
        at: now,
      });
      return {
        id,
        bankCode: entry.bankCode,
        bankAccountNo: entry.bankAccountNo,
        reason: entry.reason,
        createdBy: op.operatorId,
        createdAt: now.toISOString(),
      };
    },

    async blacklistRemove(op: SessionOperator, id: string, ip: string | null): Promise<void> {
      const entry = UUID.test(id) ? await blacklist.byId(id) : undefined;
      if (!entry || !(await blacklist.remove(id))) throw new AppError('NO_DATA');
      await audit(db, {
        operatorId: op.operatorId,
        action: 'blacklist.remove',
        before: { bankCode: entry.bank_code, bankAccountNo: entry.bank_account_no, reason: entry.reason },
        ip,
        at: clock.now(),
      });
    },
  };
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>;
