import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type StatementRow = {
  source: 'transfer' | 'entry' | 'withdrawal';
  id: string;
  /** transfer: to_game | from_game; entry: the journal entry kind. */
  kind: string;
  game_code: string | null;
  status: string;
  amount: bigint;
  /** deposit.qr entry: the QR's provider and the provider's payment reference (qr_codes, by the entry's reference: the QR id). */
  qr_provider: string | null;
  qr_reference: string | null;
  /** entry: the ledger reference (deposit.slip: the bank's transaction reference). */
  reference: string | null;
  /** withdrawal: the member's bank account the money goes to. */
  bank_code: string | null;
  bank_account_no: string | null;
  created_at: Date;
};

/**
 * Journal entry kinds on a member's wallet that the statement shows (kind
 * prefix -> statement type). Transfers are not here: they come from the
 * transfers table, with their status. Later features post these kinds.
 */
export const STATEMENT_ENTRY_KINDS = ['deposit.%', 'bonus.%', 'withdraw.%'] as const;

/**
 * The withdrawal module's own entries on the wallet (hold and its return):
 * the withdrawals table shows each withdrawal once, with its status, instead.
 */
const WITHDRAWAL_ROW_KINDS = ['withdraw.hold', 'withdraw.return'] as const;

/**
 * A member's statement lines, newest first, from three indexed sources: the
 * transfers (transfers_member_created), the withdrawals
 * (withdrawals_member_created_idx) and the postings on the member's wallet
 * (postings_account_id) whose entry kind the statement shows. Kysely stays here.
 */
export function createStatementRepository(db: Kysely<DB>) {
  const walletPostings = (memberId: string) => sql`
    select 'entry' as source, e.id::text as id, e.kind, null::text as game_code, 'SUCCESS' as status,
           p.amount, q.provider as qr_provider, q.provider_ref as qr_reference, e.reference,
           null::text as bank_code, null::text as bank_account_no, e.created_at
    from ledger_accounts a
    join postings p on p.account_id = a.id
    join journal_entries e on e.id = p.entry_id
    -- A QR credit's reference is the QR id (qr-service); the case keeps other kinds' references out of the uuid cast.
    left join qr_codes q on q.id = (case when e.kind = 'deposit.qr' then e.reference::uuid end)
    where a.owner_id = ${memberId} and a.kind = 'wallet'
      and (${sql.join(STATEMENT_ENTRY_KINDS.map((k) => sql`e.kind like ${k}`), sql` or `)})
      and e.kind not in (${sql.join(WITHDRAWAL_ROW_KINDS)})`;
  // One line per withdrawal: SUCCESS when paid, FAILED when refused or rejected, in progress otherwise.
  const withdrawals = (memberId: string) => sql`
    select 'withdrawal' as source, w.id::text as id, 'withdraw.request' as kind, null::text as game_code,
           case w.status when 'success' then 'SUCCESS' when 'failed' then 'FAILED' when 'rejected' then 'FAILED' else 'processing' end as status,
           -w.amount as amount, null::text as qr_provider, null::text as qr_reference, null::text as reference,
           w.bank_code, w.bank_account_no, w.created_at
    from withdrawals w
    where w.member_id = ${memberId}`;
  const transfers = (memberId: string) => sql`
    select 'transfer' as source, t.id::text as id, t.direction as kind, t.game_code, t.status,
           case when t.direction = 'to_game' then -t.amount else t.amount end as amount,
           null::text as qr_provider, null::text as qr_reference, null::text as reference,
           null::text as bank_code, null::text as bank_account_no, t.created_at
    from transfers t
    where t.member_id = ${memberId}`;

  return {
    async page(memberId: string, offset: number, limit: number): Promise<StatementRow[]> {
      const result = await sql<StatementRow>`
        ${transfers(memberId)}
        union all
        ${walletPostings(memberId)}
        union all
        ${withdrawals(memberId)}
        order by created_at desc, id desc
        limit ${limit} offset ${offset}`.execute(db);
      return result.rows;
    },

    async count(memberId: string): Promise<number> {
      const result = await sql<{ total: number }>`
        select ((select count(*) from (${transfers(memberId)}) t) + (select count(*) from (${walletPostings(memberId)}) w)
        + (select count(*) from withdrawals where member_id = ${memberId}))::int as total`.execute(db);
      return result.rows[0]?.total ?? 0;
    },
  };
}

export type StatementRepository = ReturnType<typeof createStatementRepository>;
