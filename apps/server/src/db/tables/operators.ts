import type { ColumnType, Generated } from 'kysely';
import type { Role } from '@jetton/contract/admin/permissions';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

export type OperatorsTable = {
  id: string;
  login: string;
  name: string;
  password_hash: string;
  roles: ColumnType<Role[], Role[], Role[]>;
  active: Generated<boolean>;
  /** AES-256-GCM sealed base32 secret (see totp.ts); null until enrolment starts. */
  totp_secret_sealed: string | null;
  totp_enrolled_at: Date | null;
  /** The last accepted TOTP time step: a code is never accepted twice. */
  totp_last_step: ColumnType<string | null, number | null, number | null>;
  /** Demo operators only, and only honoured while the sandbox is on. */
  totp_exempt: Generated<boolean>;
  must_change_password: Generated<boolean>;
  last_login_at: Date | null;
  created_at: At;
  updated_at: At;
};

export type OperatorSessionsTable = {
  id: string;
  operator_id: string;
  ip: string | null;
  created_at: At;
  last_seen_at: At;
  expires_at: At;
  revoked_at: Date | null;
};

export type OperatorRecoveryCodesTable = {
  operator_id: string;
  code_hash: string;
  used_at: Date | null;
};

export type AuditLogTable = {
  seq: ColumnType<string, number | string, never>;
  at: At;
  operator_id: string | null;
  action: string;
  member_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ledger_entry_id: string | null;
  ip: string | null;
  prev_hash: string;
  hash: string;
  /** 1: the unkeyed sha256 chain of old (re-chained at start-up); 2: keyed (audit-chain.ts). */
  chain: number;
};
