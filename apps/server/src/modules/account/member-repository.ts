import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MembersTable, MemberStatus } from '../../db/tables/accounts.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';

export type Member = Selectable<MembersTable>;
export type NewMember = Omit<
  Member,
  'member_no' | 'status' | 'coin' | 'bank_changed_at' | 'must_change_password' | 'break_kind' | 'break_ends_at' | 'reality_check_minutes'
>;
export type BankAccountFields = { bank_code: string; bank_account_name: string; bank_account_no: string };

/** Which uniqueness rule an insert or update broke. */
export type MemberConflict = 'phone' | 'bank';
const CONFLICTS: Record<string, MemberConflict> = {
  members_phone_key: 'phone',
  members_bank_account_key: 'bank',
};

function conflictOf(error: unknown): MemberConflict {
  const constraint = uniqueViolation(error);
  const conflict = constraint === undefined ? undefined : CONFLICTS[constraint];
  if (!conflict) throw error;
  return conflict;
}

/** Kysely stays here (docs/engineering.md, "House rules"): the members table. */
export function createMemberRepository(db: Kysely<DB>) {
  return {
    findById(id: string): Promise<Member | undefined> {
      return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByPhone(phone: string): Promise<Member | undefined> {
      return db.selectFrom('members').selectAll().where('phone', '=', phone).executeTakeFirst();
    },
    async phoneExists(phone: string): Promise<boolean> {
      const row = await db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
      return row !== undefined;
    },
    async idByMemberNo(memberNo: bigint): Promise<string | undefined> {
      const row = await db.selectFrom('members').select('id').where('member_no', '=', memberNo).executeTakeFirst();
      return row?.id;
    },
    /** The member holding this bank account, if any (EXISTING_BANK). */
    async bankAccountOwner(bankCode: string, bankAccountNo: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('bank_code', '=', bankCode)
        .where('bank_account_no', '=', bankAccountNo)
        .executeTakeFirst();
      return row?.id;
    },
    async insert(member: NewMember): Promise<{ ok: true; memberNo: bigint } | { ok: false; conflict: MemberConflict }> {
      try {
        const row = await db.insertInto('members').values(member).returning('member_no').executeTakeFirstOrThrow();
        return { ok: true, memberNo: row.member_no };
      } catch (error) {
        return { ok: false, conflict: conflictOf(error) };
      }
    },
    /** Inserts unless the phone is taken (seeding); true when a row was added. */
    async insertIfPhoneFree(member: NewMember): Promise<boolean> {
      const result = await db
        .insertInto('members')
        .values(member)
        .onConflict((oc) => oc.constraint('members_phone_key').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async updateProfile(
      id: string,
      fields: { name: string; bank_changed_at?: Date } & BankAccountFields,
      now: Date,
    ): Promise<{ ok: true } | { ok: false; conflict: MemberConflict }> {
      try {
        await db
          .updateTable('members')
          .set({ ...fields, updated_at: now })
          .where('id', '=', id)
          .execute();
        return { ok: true };
      } catch (error) {
        return { ok: false, conflict: conflictOf(error) };
      }
    },
    async updateBankAccountName(id: string, bankAccountName: string, now: Date): Promise<void> {
      await db.updateTable('members').set({ bank_account_name: bankAccountName, updated_at: now }).where('id', '=', id).execute();
    },
    async updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
      await db.updateTable('members').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },
    async setMustChangePassword(id: string, value: boolean, now: Date): Promise<void> {
      await db.updateTable('members').set({ must_change_password: value, updated_at: now }).where('id', '=', id).execute();
    },
    async setStatus(id: string, status: MemberStatus, now: Date): Promise<void> {
      await db.updateTable('members').set({ status, updated_at: now }).where('id', '=', id).execute();
    },
    /** Active -> inactive; true when this call changed it (idempotent under a race). */
    async deactivate(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('members')
        .set({ status: 'inactive', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
