import { sql, type Kysely, type Selectable } from 'kysely';
import type { Role } from '@jetton/contract/admin/permissions';
import type { DB } from '../../db/schema.ts';
import type { OperatorsTable } from '../../db/tables/operators.ts';

export type OperatorRow = Selectable<OperatorsTable>;

/** A live operator session with what the guard needs. */
export type SessionOperator = {
  sessionId: string;
  operatorId: string;
  login: string;
  name: string;
  roles: Role[];
  mustChangePassword: boolean;
  totpEnrolled: boolean;
};

export type NewOperator = {
  id: string;
  login: string;
  name: string;
  passwordHash: string;
  roles: Role[];
  mustChangePassword: boolean;
  totpSecretSealed?: string | null;
  totpEnrolledAt?: Date | null;
  totpExempt?: boolean;
  now: Date;
};

const operatorValues = (row: NewOperator) => ({
  id: row.id,
  login: row.login,
  name: row.name,
  password_hash: row.passwordHash,
  roles: sql<Role[]>`${sql.val(row.roles)}::text[]`,
  must_change_password: row.mustChangePassword,
  totp_secret_sealed: row.totpSecretSealed ?? null,
  totp_enrolled_at: row.totpEnrolledAt ?? null,
  totp_last_step: null,
  totp_exempt: row.totpExempt ?? false,
  created_at: row.now,
  updated_at: row.now,
});

/** Kysely stays here (docs/engineering.md, "House rules"): operators, their sessions and recovery codes. */
export function createOperatorRepository(db: Kysely<DB>) {
  return {
    byLogin: (login: string) => db.selectFrom('operators').selectAll().where('login', '=', login).executeTakeFirst(),
    byId: (id: string) => db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst(),
    list: () => db.selectFrom('operators').selectAll().orderBy('created_at', 'asc').execute(),
    count: async () =>
      Number(
        (
          await db
            .selectFrom('operators')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    async insert(row: NewOperator): Promise<void> {
      await db.insertInto('operators').values(operatorValues(row)).execute();
    },
    /** Start-up's insert (several nodes at once): true when this call created the operator, false when the login was taken. */
    async insertIfLoginFree(row: NewOperator): Promise<boolean> {
      const result = await db
        .insertInto('operators')
        .values(operatorValues(row))
        .onConflict((oc) => oc.column('login').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    /** Whether any operator other than the sandbox's demo ones exists (an owner was made). */
    async anyReal(): Promise<boolean> {
      return (await db.selectFrom('operators').select('id').where('totp_exempt', '=', false).limit(1).executeTakeFirst()) !== undefined;
    },
    /**
     * Disables the sandbox's demo operators that are still active and ends their sessions; answers
     * the ones this call disabled (none when another node got there first). Pass a transaction.
     */
    async disableDemoOperators(now: Date): Promise<{ id: string; login: string; roles: Role[] }[]> {
      const disabled = await db
        .updateTable('operators')
        .set({ active: false, updated_at: now })
        .where('totp_exempt', '=', true)
        .where('active', '=', true)
        .returning(['id', 'login', 'roles'])
        .execute();
      if (disabled.length > 0)
        await db
          .updateTable('operator_sessions')
          .set({ revoked_at: now })
          .where(
            'operator_id',
            'in',
            disabled.map((op) => op.id),
          )
          .where('revoked_at', 'is', null)
          .execute();
      return disabled;
    },
    async update(
      id: string,
      patch: Partial<{
        name: string;
        roles: Role[];
        active: boolean;
        passwordHash: string;
        mustChangePassword: boolean;
        totpSecretSealed: string | null;
        totpEnrolledAt: Date | null;
        totpLastStep: number | null;
        lastLoginAt: Date;
      }>,
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('operators')
        .set({
          updated_at: now,
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.roles !== undefined && { roles: sql<Role[]>`${sql.val(patch.roles)}::text[]` }),
          ...(patch.active !== undefined && { active: patch.active }),
          ...(patch.passwordHash !== undefined && { password_hash: patch.passwordHash }),
          ...(patch.mustChangePassword !== undefined && { must_change_password: patch.mustChangePassword }),
          ...(patch.totpSecretSealed !== undefined && { totp_secret_sealed: patch.totpSecretSealed }),
          ...(patch.totpEnrolledAt !== undefined && { totp_enrolled_at: patch.totpEnrolledAt }),
          ...(patch.totpLastStep !== undefined && { totp_last_step: patch.totpLastStep }),
          ...(patch.lastLoginAt !== undefined && { last_login_at: patch.lastLoginAt }),
        })
        .where('id', '=', id)
        .execute();
    },
    /**
     * Records a code's time step only when it is newer than the stored one, so
     * two requests racing with the same code cannot both pass. True when recorded.
     */
    async claimTotpStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Active owners other than `exceptId` (the last owner can never be disabled or demoted). */
    async otherActiveOwners(exceptId: string): Promise<number> {
      const row = await db
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('active', '=', true)
        .where('id', '<>', exceptId)
        .where(sql<boolean>`'owner' = any(roles)`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // Sessions
    async createSession(s: { id: string; operatorId: string; ip: string | null; now: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('operator_sessions')
        .values({ id: s.id, operator_id: s.operatorId, ip: s.ip, created_at: s.now, last_seen_at: s.now, expires_at: s.expiresAt })
        .execute();
    },
    /** The session, if unrevoked, unexpired, seen within the idle timeout, and its operator active. */
    async findLiveSession(sessionId: string, now: Date, idleSince: Date): Promise<(SessionOperator & { lastSeenAt: Date }) | undefined> {
      const row = await db
        .selectFrom('operator_sessions as s')
        .innerJoin('operators as o', 'o.id', 's.operator_id')
        .select([
          's.id as sessionId',
          's.last_seen_at as lastSeenAt',
          'o.id as operatorId',
          'o.login',
          'o.name',
          'o.roles',
          'o.must_change_password as mustChangePassword',
          'o.totp_enrolled_at as totpEnrolledAt',
        ])
        .where('s.id', '=', sessionId)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.last_seen_at', '>', idleSince)
        .where('o.active', '=', true)
        .executeTakeFirst();
      if (!row) return undefined;
      const { totpEnrolledAt, ...rest } = row;
      return { ...rest, totpEnrolled: totpEnrolledAt !== null };
    },
    /** Of `ids`, the live sessions by the rule of findLiveSession, with their operator's roles; nothing is touched. */
    async liveSessions(
      ids: readonly string[],
      now: Date,
      idleSince: Date,
    ): Promise<{ sessionId: string; roles: Role[]; mustChangePassword: boolean }[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('operator_sessions as s')
        .innerJoin('operators as o', 'o.id', 's.operator_id')
        .select(['s.id as sessionId', 'o.roles', 'o.must_change_password as mustChangePassword'])
        .where('s.id', 'in', [...ids])
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.last_seen_at', '>', idleSince)
        .where('o.active', '=', true)
        .execute();
    },
    async touchSession(sessionId: string, now: Date): Promise<void> {
      await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
    },
    async revokeSession(sessionId: string, now: Date): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllSessions(operatorId: string, now: Date, exceptSessionId?: string): Promise<void> {
      let q = db
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) q = q.where('id', '<>', exceptSessionId);
      await q.execute();
    },

    // Recovery codes
    async replaceRecoveryCodes(operatorId: string, hashes: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
        if (hashes.length > 0)
          await trx
            .insertInto('operator_recovery_codes')
            .values(hashes.map((code_hash) => ({ operator_id: operatorId, code_hash, used_at: null })))
            .execute();
      });
    },
    /** Marks an unused code used; true when this call used it (single use, even under a race). */
    async useRecoveryCode(operatorId: string, hash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('operator_recovery_codes')
        .set({ used_at: now })
        .where('operator_id', '=', operatorId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
