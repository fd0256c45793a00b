import type { ColumnType, Generated } from 'kysely';
import type { FourEyesReason } from './money-desk.ts';

type At = ColumnType<Date, Date, Date>;

export type IncomingSource = 'AUTO' | 'SMS';
/**
 * credited: matched and credited; unmatched / unparsed: in the money desk's queue; proposed: an
 * operator's assignment waiting for a second operator; duplicate: the same transfer already seen
 * from the other source; returned: an operator marked it to be sent back.
 */
export type IncomingStatus = 'credited' | 'unmatched' | 'unparsed' | 'duplicate' | 'returned' | 'proposed';

export type IncomingDepositsTable = {
  id: string;
  source: IncomingSource;
  site_bank: string;
  site_account: string;
  bank_ref: string;
  currency: 'THB' | 'LAK';
  amount: bigint | null;
  occurred_at: Date | null;
  sender_bank: string | null;
  sender_digits: string | null;
  sender_name: string | null;
  raw: string | null;
  status: IncomingStatus;
  reason: string | null;
  /** JSON text: the candidate members ({ id, phone, name, bankAccountNo }) shown to the operator. */
  candidates: Generated<string>;
  member_id: string | null;
  entry_id: bigint | null;
  duplicate_of: string | null;
  received_at: At;
  decided_at: Date | null;
  decided_by: string | null;
  proposed_by: string | null;
  proposed_at: Date | null;
  proposed_member_id: string | null;
  four_eyes_reason: FourEyesReason | null;
};

export type SmsForwardersTable = {
  id: string;
  name: string;
  site_bank: string;
  site_account: string;
  /** SHA-256 of the secret: identifies it without holding it. */
  secret_hash: string;
  /** The secret sealed with a key derived from the token secret (the server must recompute HMACs). */
  secret_box: string;
  created_by: string | null;
  created_at: At;
  revoked_at: Date | null;
};

export type SmsForwarderNoncesTable = { forwarder_id: string; signature: string; seen_at: At };

export type StatementCursorsTable = {
  site_bank: string;
  site_account: string;
  cursor: Generated<string>;
  polled_at: Date | null;
  lease_holder: string | null;
  lease_until: Date | null;
};
