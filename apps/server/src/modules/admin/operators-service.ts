import type { Kysely } from 'kysely';
import type { Role } from '@jetton/contract/admin/permissions';
import type { TOperator, TOperatorCreate, TOperatorCredentials, TOperatorUpdate } from '@jetton/contract/admin/auth';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { SessionEnds } from '../auth/session-ends.ts';
import type { AuditWriter } from './audit-log.ts';
import type { OperatorRepository, OperatorRow, SessionOperator } from './operator-repository.ts';
import { temporaryPassword } from './operator-auth-service.ts';

export const operatorView = (row: OperatorRow): TOperator => ({
  id: row.id,
  login: row.login,
  name: row.name,
  roles: row.roles,
  active: row.active,
  totpEnrolled: row.totp_enrolled_at !== null,
  createdAt: row.created_at.toISOString(),
  lastLoginAt: row.last_login_at?.toISOString() ?? null,
});

/** What an audit row keeps of an operator (never a hash or a secret). */
const auditView = (row: OperatorRow) => ({ login: row.login, name: row.name, roles: row.roles, active: row.active });

/**
 * Owners manage operators (docs/operators.md, "Operators"): create with a
 * temporary password shown once, rename, change roles, disable (their
 * sessions end at once) and reset (new temporary password, TOTP enrolled
 * again). The last active owner can never be disabled or lose the role.
 */
export function createOperatorsService(deps: {
  db: Kysely<DB>;
  operators: OperatorRepository;
  clock: Clock;
  ends: SessionEnds;
  audit: AuditWriter;
}) {
  const { db, operators, clock, ends, audit } = deps;

  async function mustExist(id: string): Promise<OperatorRow> {
    const row = /^[0-9a-f-]{36}$/.test(id) ? await operators.byId(id) : undefined;
    if (!row) throw new AppError('NO_USER');
    return row;
  }

  return {
    async list(): Promise<TOperator[]> {
      return (await operators.list()).map(operatorView);
    },

    async create(actor: SessionOperator, input: TOperatorCreate, ip: string | null): Promise<TOperatorCredentials> {
      const now = clock.now();
      const password = temporaryPassword();
      const id = uuidV7(now);
      try {
        await operators.insert({
          id,
          login: input.login,
          name: input.name,
          passwordHash: await hashPassword(password),
          roles: [...new Set(input.roles)],
          mustChangePassword: true,
          now,
        });
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('EXISTING_USER');
        throw error;
      }
      const row = await mustExist(id);
      await audit(db, { operatorId: actor.operatorId, action: 'operator.create', after: { id, ...auditView(row) }, ip, at: now });
      return { operator: operatorView(row), temporaryPassword: password };
    },

    async update(actor: SessionOperator, id: string, input: TOperatorUpdate, ip: string | null): Promise<TOperator> {
      const before = await mustExist(id);
      // Disabling oneself would end one's own session mid-task: another owner does it.
      if (id === actor.operatorId && input.active === false) throw new AppError('FORBIDDEN');
      const roles = input.roles ? ([...new Set(input.roles)] as Role[]) : before.roles;
      const active = input.active ?? before.active;
      const losesOwner = before.active && before.roles.includes('owner') && (!active || !roles.includes('owner'));
      if (losesOwner && (await operators.otherActiveOwners(id)) === 0) throw new AppError('LAST_OWNER');
      const now = clock.now();
      await operators.update(id, { ...(input.name !== undefined && { name: input.name }), roles, active }, now);
      // Disabled: every session ends now (the guard also refuses an inactive operator's session).
      if (!active) {
        await operators.revokeAllSessions(id, now);
        ends.ended({ kind: 'operator', operatorId: id });
      }
      const after = await mustExist(id);
      await audit(db, {
        operatorId: actor.operatorId,
        action: 'operator.update',
        before: auditView(before),
        after: auditView(after),
        ip,
        at: now,
      });
      return operatorView(after);
    },

    async reset(actor: SessionOperator, id: string, ip: string | null): Promise<TOperatorCredentials> {
      const before = await mustExist(id);
      const now = clock.now();
      const password = temporaryPassword();
      await operators.update(
        id,
        {
          passwordHash: await hashPassword(password),
          mustChangePassword: true,
          totpSecretSealed: null,
          totpEnrolledAt: null,
          totpLastStep: null,
        },
        now,
      );
      await operators.replaceRecoveryCodes(id, []);
      await operators.revokeAllSessions(id, now);
      ends.ended({ kind: 'operator', operatorId: id });
      await audit(db, { operatorId: actor.operatorId, action: 'operator.reset', before: auditView(before), ip, at: now });
      return { operator: operatorView(await mustExist(id)), temporaryPassword: password };
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
