import type { ColumnType, Generated } from 'kysely';
import type { FourEyesReason } from './money-desk.ts';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

export type SlipStatus = 'processing' | 'success' | 'failed';

export type SlipsTable = {
  id: string;
  member_id: string;
  storage_key: string;
  content_type: string;
  status: Generated<SlipStatus>;
  note: string | null;
  amount: bigint | null;
  trans_ref: string | null;
  sending_bank: string | null;
  attempts: Generated<number>;
  claimed_until: Date | null;
  created_at: At;
  updated_at: At;
};

export type QrStatus = 'open' | 'paid' | 'cancelled' | 'expired';

export type QrCodesTable = {
  id: string;
  member_id: string;
  provider: string;
  currency: 'THB' | 'LAK';
  amount: bigint;
  payload: string;
  status: QrStatus;
  created_at: At;
  expires_at: At;
  closed_at: Date | null;
  /** The gateway's payment reference from its paid callback (0011-qr-provider-ref); null until paid. */
  provider_ref: string | null;
};

export type GiftLinksTable = {
  voucher_hash: string;
  member_id: string;
  status: 'processing' | 'success';
  amount: bigint | null;
  created_at: At;
  updated_at: At;
};

export type DepositNoticesTable = {
  id: string;
  member_id: string;
  currency: 'THB' | 'LAK';
  amount: bigint;
  status: SlipStatus;
  created_at: At;
  decided_at: Date | null;
  /** Migration 0038: the operator who credited it or proposed crediting it, and when (their day's total). */
  proposed_by: string | null;
  proposed_at: Date | null;
  decided_by: string | null;
  four_eyes_reason: FourEyesReason | null;
};
