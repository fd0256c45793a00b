import type { Kysely } from 'kysely';
import { isConnectionLoss } from '../db/connection-loss.ts';
import type { DB } from '../db/schema.ts';
import { createLedgerRepository, type BatchEntry, type PostOptions } from './ledger-repository.ts';
import type { EntryInput, PostedEntry } from './ledger-types.ts';
import { retryingConflicts } from './money-transaction.ts';
import { checkBalanced, postedEntry } from './post-entry.ts';

export type PostQueueOptions = {
  /** Batches committing at once (each on its own connection). One by default: a second batch on the same accounts would only wait for the first one's locks, and gather fewer entries. */
  lanes?: number;
  /** Entries per batch at most. */
  maxBatch?: number;
};

type Job = { entry: BatchEntry; resolve: (posted: PostedEntry) => void; reject: (error: unknown) => void };

/**
 * Group commit for standalone entries (docs/money.md, "Posting in batches"):
 * `post` answers as postEntry does, but the entries that arrive while a batch
 * is committing wait for the next one, which posts them all in ONE transaction
 * (function ledger_post_batch). No timer: a lone entry goes at once, and under
 * load a batch is whatever gathered during the previous commit. Each entry keeps
 * its own outcome (posted, duplicate, InsufficientFunds, a LedgerError for a
 * caller's bug) and a refused one never holds the others back.
 *
 * Only for entries that are a transaction of their own: an entry that must
 * commit with the caller's other writes goes through postEntry in that
 * transaction. If a batch fails for any other reason than a conflict (retried
 * whole, as a single post is), its entries are posted again one by one, so
 * each caller gets its own answer; a lost connection is every caller's error,
 * as it is for postEntry.
 */
export function createPostQueue(db: Kysely<DB>, options: PostQueueOptions = {}) {
  const lanes = options.lanes ?? 1;
  const maxBatch = options.maxBatch ?? 200;
  const repo = createLedgerRepository(db);
  const waiting: Job[] = [];
  let running = 0;

  function settle(job: Job, entryId: bigint | null, outcome: string): void {
    try {
      job.resolve(postedEntry(entryId, outcome));
    } catch (error) {
      job.reject(error);
    }
  }

  async function post(jobs: Job[]): Promise<void> {
    try {
      const outcomes = await retryingConflicts(() => repo.postBatch(jobs.map((j) => j.entry)));
      jobs.forEach((job, i) => settle(job, outcomes[i]?.entryId ?? null, outcomes[i]?.outcome ?? 'no-answer'));
    } catch (error) {
      if (jobs.length === 1 || isConnectionLoss(error)) {
        for (const job of jobs) job.reject(error);
        return;
      }
      for (const job of jobs) await post([job]);
    }
  }

  function pump(): void {
    while (running < lanes && waiting.length > 0) {
      running += 1;
      void post(waiting.splice(0, maxBatch)).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return {
    /** One entry, committed on its own or with the others waiting beside it. */
    post(input: EntryInput, postOptions: Pick<PostOptions, 'floorKinds'> = {}): Promise<PostedEntry> {
      checkBalanced(input.postings);
      return new Promise((resolve, reject) => {
        waiting.push({ entry: { ...input, floorKinds: postOptions.floorKinds }, resolve, reject });
        pump();
      });
    },
  };
}

export type PostQueue = ReturnType<typeof createPostQueue>;
