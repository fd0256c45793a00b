import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { LedgerError, type AccountId, type EntryInput, type PostedEntry, type Posting } from './ledger-types.ts';

/**
 * Posts one journal entry inside the CALLER's transaction (`trx`): the entry,
 * its postings and the cached balances commit or roll back together with
 * whatever else the caller does. Given the bare database, it opens its own.
 *
 * - postings must name distinct accounts, be non-zero bigints and sum to zero
 *   (else LedgerError: a bug, not a member's fault);
 * - all accounts must share one currency;
 * - a member wallet never ends below zero: MONEY_NOT_ENOUGH, and nothing of this
 *   entry is written, so the caller may still commit other work;
 * - a kind + reference posted before answers `{ id: first, created: false }`.
 */
export async function postEntry(trx: Kysely<DB>, input: EntryInput): Promise<PostedEntry> {
  return writeEntry(trx, input, null);
}

/**
 * Reverses an entry with its exact opposite postings (a failed transfer, a
 * rejected withdrawal). An entry is reversed at most once: a second call
 * answers the first reversal with `created: false`. The reversal obeys the same
 * wallet rule: money already spent cannot be taken back (MONEY_NOT_ENOUGH).
 */
export async function reverseEntry(trx: Kysely<DB>, entryId: bigint, input: { kind: string; memo?: string }): Promise<PostedEntry> {
  if (!trx.isTransaction) return trx.transaction().execute((t) => reverseEntry(t, entryId, input));
  const repo = createLedgerRepository(trx);
  const original = await repo.findEntry(entryId);
  if (!original) throw new LedgerError(`entry ${entryId} does not exist`);
  if (original.reverses_entry_id !== null) throw new LedgerError(`entry ${entryId} is itself a reversal`);
  const postings = (await repo.entryPostings(entryId)).map((p) => ({ account: p.account, amount: -p.amount }));
  return writeEntry(trx, { kind: input.kind, memo: input.memo ?? `reversal of ${entryId}`, postings }, entryId);
}

async function writeEntry(db: Kysely<DB>, input: EntryInput, reversesEntryId: bigint | null): Promise<PostedEntry> {
  // The row locks below only protect the balance check inside a transaction; a
  // caller that passes the bare database gets a transaction of its own.
  if (!db.isTransaction) return db.transaction().execute((trx) => writeEntry(trx, input, reversesEntryId));
  const trx = db;
  const deltas = checkBalanced(input.postings);
  const repo = createLedgerRepository(trx);
  const reference = input.reference ?? null;

  // The header goes first: a duplicate is detected before any balance moves.
  const entryId = await repo.insertEntry({ kind: input.kind, memo: input.memo ?? '', reference, reversesEntryId });
  if (entryId === undefined) {
    const existing = reversesEntryId !== null
      ? await repo.findEntryId({ reversesEntryId })
      : reference !== null ? await repo.findEntryId({ kind: input.kind, reference }) : undefined;
    if (existing === undefined) throw new LedgerError('entry conflicted but no earlier entry was found');
    return { id: existing, created: false };
  }

  const locked = await repo.lockAccounts([...deltas.keys()]);
  if (locked.length !== deltas.size) throw new LedgerError('posting to an account that does not exist');
  if (new Set(locked.map((a) => a.currency)).size !== 1) throw new LedgerError('postings mix currencies');

  const moved = await repo.applyDeltas(deltas);
  if (moved !== deltas.size) {
    // Nothing moved; drop the header so the caller's transaction stays clean.
    await repo.deleteEntry(entryId);
    throw new AppError('MONEY_NOT_ENOUGH');
  }
  await repo.insertPostings(entryId, input.postings);
  return { id: entryId, created: true };
}

/** Validates the postings and returns each account's delta in ascending account order. */
function checkBalanced(postings: Posting[]): Map<AccountId, bigint> {
  if (postings.length < 2) throw new LedgerError('an entry needs at least two postings');
  let sum = 0n;
  const deltas = new Map<AccountId, bigint>();
  for (const p of postings) {
    // Runtime checks too: a JS number slipped in through a cast must never reach SQL.
    if (typeof p.amount !== 'bigint' || typeof p.account !== 'bigint') throw new LedgerError('amounts and account ids are bigint');
    if (p.amount === 0n) throw new LedgerError('a posting amount cannot be zero');
    if (deltas.has(p.account)) throw new LedgerError(`account ${p.account} appears twice in one entry`);
    deltas.set(p.account, p.amount);
    sum += p.amount;
  }
  if (sum !== 0n) throw new LedgerError(`postings sum to ${sum}, not zero`);
  return new Map([...deltas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
