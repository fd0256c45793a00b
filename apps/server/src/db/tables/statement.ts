/**
 * The statement's own storage (migration 0015, docs/growth.md "The
 * statement"). Rows are written by the database's triggers, never by the app.
 */

/** Journal entry kinds whose wallet postings are statement lines: the longest matching prefix gives the type. */
export type StatementEntryKindsTable = {
  kind_prefix: string;
  statement_type: string;
};

/** How many lines a member has (the newest line's seq, and the statement's total). */
export type StatementHeadsTable = {
  member_id: string;
  lines: bigint;
};

export type StatementLinesTable = {
  member_id: string;
  /** 1 for the member's first line, dense, in the order lines were written. */
  seq: bigint;
  statement_type: string;
  /** 'transfer' | 'withdrawal' (source_id: the row's id) | 'entry' (entry_id: the journal entry). */
  source: string;
  source_id: string | null;
  entry_id: bigint | null;
  amount: bigint;
  created_at: Date;
};
