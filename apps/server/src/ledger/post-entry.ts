import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createLedgerRepository, type PostOptions } from './ledger-repository.ts';
import { InsufficientFunds, LedgerError, type AccountId, type EntryInput, type PostedEntry, type Posting } from './ledger-types.ts';

/**
 * Posts one journal entry (function ledger_post, one statement): the entry, its
 * postings and the cached balances are written together or not at all. Inside
 * the caller's transaction `db`, they commit with whatever else it does.
 *
 * - postings must name distinct accounts, be non-zero bigints and sum to zero
 *   (else LedgerError: a bug, not a member's fault);
 * - all accounts must exist and share one currency (else LedgerError);
 * - a member wallet never ends below zero: InsufficientFunds, and nothing of this
 *   entry is written, so the caller may still commit other work;
 * - a kind + reference posted before answers `{ id: first, created: false }`.
 */
export async function postEntry(db: Kysely<DB>, input: EntryInput, options?: PostOptions): Promise<PostedEntry> {
  return writeEntry(db, input, null, options);
}

/**
 * Reverses an entry with its exact opposite postings (a failed transfer, a
 * rejected withdrawal). An entry is reversed at most once: a second call
 * answers the first reversal with `created: false`. The reversal obeys the same
 * wallet rule: money already spent cannot be taken back (InsufficientFunds).
 */
export async function reverseEntry(db: Kysely<DB>, entryId: bigint, input: { kind: string; memo?: string }): Promise<PostedEntry> {
  const repo = createLedgerRepository(db);
  const original = await repo.findEntry(entryId);
  if (!original) throw new LedgerError(`entry ${entryId} does not exist`);
  if (original.reverses_entry_id !== null) throw new LedgerError(`entry ${entryId} is itself a reversal`);
  const postings = (await repo.entryPostings(entryId)).map((p) => ({ account: p.account, amount: -p.amount }));
  return writeEntry(db, { kind: input.kind, memo: input.memo ?? `reversal of ${entryId}`, postings }, entryId);
}

async function writeEntry(db: Kysely<DB>, input: EntryInput, reversesEntryId: bigint | null, options?: PostOptions): Promise<PostedEntry> {
  checkBalanced(input.postings);
  const { entryId, outcome } = await createLedgerRepository(db).post(
    { kind: input.kind, memo: input.memo, reference: input.reference, reversesEntryId },
    input.postings,
    options,
  );
  return postedEntry(entryId, outcome);
}

/** What a ledger_post outcome means to a caller: the entry, InsufficientFunds, or a bug. */
export function postedEntry(entryId: bigint | null, outcome: string): PostedEntry {
  switch (outcome) {
    case 'posted':
    case 'duplicate':
      if (entryId === null) throw new LedgerError(`ledger_post answered ${outcome} without an entry`);
      return { id: entryId, created: outcome === 'posted' };
    case 'short':
      throw new InsufficientFunds();
    case 'missing-account':
      throw new LedgerError('posting to an account that does not exist');
    case 'mixed-currency':
      throw new LedgerError('postings mix currencies');
    default:
      throw new LedgerError(`ledger_post answered ${outcome}`);
  }
}

/** Validates the postings before they reach SQL, for a clear error naming the bug. */
export function checkBalanced(postings: Posting[]): void {
  if (postings.length < 2) throw new LedgerError('an entry needs at least two postings');
  let sum = 0n;
  const seen = new Set<AccountId>();
  for (const p of postings) {
    // Runtime checks too: a JS number slipped in through a cast must never reach SQL.
    if (typeof p.amount !== 'bigint' || typeof p.account !== 'bigint') throw new LedgerError('amounts and account ids are bigint');
    if (p.amount === 0n) throw new LedgerError('a posting amount cannot be zero');
    if (seen.has(p.account)) throw new LedgerError(`account ${p.account} appears twice in one entry`);
    seen.add(p.account);
    sum += p.amount;
  }
  if (sum !== 0n) throw new LedgerError(`postings sum to ${sum}, not zero`);
}
