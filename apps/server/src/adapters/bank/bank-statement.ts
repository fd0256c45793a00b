/** One incoming transfer on the site account's statement. */
export type StatementLine = {
  /** The bank's transaction reference. */
  transRef: string;
  amount: bigint;
  time: Date;
  sender: { bank: string; account: string; name: string };
};

/**
 * The bank's statement of one of the site's accounts (docs/auto-deposit.md,
 * "AUTO"): incoming transfers after `cursor` (the empty cursor: from the
 * start), oldest first, and the cursor to resume from. A cursor is the bank's
 * own opaque text; a line may come again after a cursor (the pipeline stores
 * each reference once).
 */
export type BankStatement = {
  listIncoming(account: { bank: string; account: string }, cursor: string): Promise<{ lines: StatementLine[]; cursor: string }>;
};

export class StatementUnavailableError extends Error {
  override name = 'StatementUnavailableError';
}
