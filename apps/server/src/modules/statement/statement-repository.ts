import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type StatementRow = {
  /** 'transfer' | 'withdrawal' | 'entry': which table holds the line's live details. */
  source: string;
  /** The contract's statementType, fixed when the line was written. */
  statement_type: string;
  /** transfer: to_game | from_game; entry: the journal entry kind; withdrawal: null. */
  kind: string | null;
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
  /** bonus.* entry: the member bonus's origin and code (member_bonuses, by the entry's reference: the bonus id). */
  bonus_origin: string | null;
  bonus_code: string | null;
  created_at: Date;
};

export type StatementPage = { total: number; rows: StatementRow[] };

/**
 * A member's statement from statement_lines (migration 0015, docs/growth.md
 * "The statement"): lines are numbered 1..total per member in the order they
 * were written, so page p of size L is the primary-key range
 * seq in (total - p*L, total - (p-1)*L], newest first, and `total` is the
 * member's statement_heads row. Each line's live parts (a transfer's or a
 * withdrawal's status, a deposit's channel) are read by primary key from its
 * source row: about L rows read whatever the member's history, deep pages
 * included. Kysely stays here.
 */
export function createStatementRepository(db: Kysely<DB>) {
  return {
    /** One statement: the total and the page come from one snapshot. */
    async page(memberId: string, offset: number, limit: number): Promise<StatementPage> {
      // Each source row is looked up by primary key in a LATERAL subquery with LIMIT 1: the LIMIT keeps
      // the planner from flattening it into a join, which for a member with many lines (a most common
      // value in the statistics) it would run as a hash join over a sequential scan of the whole table.
      const { rows } = await sql<StatementRow & { total: bigint; seq: bigint | null }>`
        select h.total, l.seq, l.source, l.statement_type, l.amount, l.created_at,
               coalesce(t.direction, e.kind) as kind, t.game_code,
               case l.source
                 when 'transfer' then t.status
                 -- One line per withdrawal: SUCCESS when paid, FAILED when refused or rejected, in progress otherwise.
                 when 'withdrawal' then case w.status when 'success' then 'SUCCESS' when 'failed' then 'FAILED' when 'rejected' then 'FAILED' else 'processing' end
                 else 'SUCCESS'
               end as status,
               q.provider as qr_provider, q.provider_ref as qr_reference, e.reference, w.bank_code, w.bank_account_no,
               b.origin as bonus_origin, b.code as bonus_code
        from (select coalesce((select lines from statement_heads where member_id = ${memberId}), 0) as total) h
        left join lateral (
          select * from statement_lines l
          where l.member_id = ${memberId} and l.seq <= h.total - ${offset} and l.seq > h.total - ${offset + limit}
          order by l.seq desc limit ${limit}
        ) l on true
        left join lateral (
          select t.direction, t.game_code, t.status from transfers t where l.source = 'transfer' and t.id = l.source_id limit 1
        ) t on true
        left join lateral (
          select w.status, w.bank_code, w.bank_account_no from withdrawals w where l.source = 'withdrawal' and w.id = l.source_id limit 1
        ) w on true
        left join lateral (
          select e.kind, e.reference from journal_entries e where l.source = 'entry' and e.id = l.entry_id limit 1
        ) e on true
        -- A QR credit's reference is the QR id (qr-service); the case keeps other kinds' references out of the uuid cast.
        left join lateral (
          select q.provider, q.provider_ref from qr_codes q where q.id = (case when e.kind = 'deposit.qr' then e.reference::uuid end) limit 1
        ) q on true
        left join lateral (
          select b.origin, b.code from member_bonuses b
          where b.id = (case when e.kind in ('bonus.grant', 'bonus.finish') then e.reference::uuid end) limit 1
        ) b on true
        order by l.seq desc`.execute(db);
      const total = Number(rows[0]?.total ?? 0n);
      return { total, rows: rows.filter((r) => r.seq !== null) };
    },
  };
}

export type StatementRepository = ReturnType<typeof createStatementRepository>;
