import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The audit chain's bytes and keys (docs/operators.md, "Audit trail", which gives
 * the same recipe with openssl and jq). A row's hash is
 *
 *   HMAC-SHA256(chainKey, prev_hash + "\n" + canonicalJson([seq, at, operator_id,
 *               action, member_id, before, after, ledger_entry_id, ip]))
 *
 * in lowercase hex, `at` as an ISO-8601 UTC string with milliseconds. The key is
 * derived from the token secret, which the database never holds: whoever can
 * write to audit_log cannot compute the hash of a row they changed. Rows of chain
 * 1 (written before the key existed) used plain SHA-256 of the same bytes.
 */

/** The hash of the first row's "previous row". */
export const GENESIS_HASH = '0'.repeat(64);
/** The derivation labels: HMAC-SHA256(token secret, label) is the key, one per use. */
export const AUDIT_CHAIN_LABEL = 'jetton audit-chain';
export const AUDIT_CHECKPOINT_LABEL = 'jetton audit-checkpoint';
/** The chain number new rows carry (audit_log.chain). */
export const KEYED_CHAIN = 2;

export type AuditKeys = { chain: Buffer; checkpoint: Buffer };

export function deriveAuditKeys(tokenSecret: string): AuditKeys {
  const derive = (label: string) => createHmac('sha256', tokenSecret).update(label).digest();
  return { chain: derive(AUDIT_CHAIN_LABEL), checkpoint: derive(AUDIT_CHECKPOINT_LABEL) };
}

/** JSON with object keys sorted at every depth, no spaces: jsonb reorders keys, the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** What a row's hash covers, as the database hands it back. */
export type HashedFields = {
  seq: number;
  at: Date;
  operatorId: string | null;
  action: string;
  memberId: string | null;
  before: unknown;
  after: unknown;
  ledgerEntryId: string | null;
  ip: string | null;
};

/** The exact bytes hashed for a row (as UTF-8). */
export function rowMessage(prevHash: string, row: HashedFields): string {
  const body = canonicalJson([
    row.seq,
    row.at.toISOString(),
    row.operatorId,
    row.action,
    row.memberId,
    row.before ?? null,
    row.after ?? null,
    row.ledgerEntryId,
    row.ip,
  ]);
  return `${prevHash}\n${body}`;
}

/** Chain 2: the keyed hash. */
export function keyedRowHash(key: Buffer, prevHash: string, row: HashedFields): string {
  return createHmac('sha256', key).update(rowMessage(prevHash, row)).digest('hex');
}

/** Chain 1: the unkeyed hash rows had before the key (kept to check them before they are re-chained). */
export function plainRowHash(prevHash: string, row: HashedFields): string {
  return createHash('sha256').update(rowMessage(prevHash, row)).digest('hex');
}

/** The chain's head at a moment, signed: an operator keeps it outside the database. */
export type AuditCheckpoint = { seq: number; hash: string; at: string; signature: string };

/** The signed bytes: `jetton audit-checkpoint\n<seq>\n<hash>\n<at>`. */
export const checkpointMessage = (c: Omit<AuditCheckpoint, 'signature'>): string =>
  `${AUDIT_CHECKPOINT_LABEL}\n${c.seq}\n${c.hash}\n${c.at}`;

export function signCheckpoint(keys: AuditKeys, head: { seq: number; hash: string }, at: Date): AuditCheckpoint {
  const unsigned = { seq: head.seq, hash: head.hash, at: at.toISOString() };
  return { ...unsigned, signature: createHmac('sha256', keys.checkpoint).update(checkpointMessage(unsigned)).digest('hex') };
}

/** Whether the checkpoint was signed with this token secret's key (and is well-formed). */
export function checkpointSignatureOk(keys: AuditKeys, checkpoint: unknown): checkpoint is AuditCheckpoint {
  if (typeof checkpoint !== 'object' || checkpoint === null) return false;
  const c = checkpoint as Record<string, unknown>;
  if (!Number.isSafeInteger(c.seq) || (c.seq as number) < 0) return false;
  if (typeof c.hash !== 'string' || !/^[0-9a-f]{64}$/.test(c.hash)) return false;
  if (typeof c.at !== 'string' || typeof c.signature !== 'string' || !/^[0-9a-f]{64}$/.test(c.signature)) return false;
  const mac = createHmac('sha256', keys.checkpoint)
    .update(checkpointMessage({ seq: c.seq as number, hash: c.hash, at: c.at }))
    .digest();
  return timingSafeEqual(mac, Buffer.from(c.signature, 'hex'));
}
