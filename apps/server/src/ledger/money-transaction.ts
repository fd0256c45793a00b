import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import { isConnectionLoss } from '../db/connection-loss.ts';
import { isStalePlan } from '../db/stale-plan.ts';
import type { DB } from '../db/schema.ts';
import { ConflictsExhausted } from './ledger-types.ts';

/** serialization_failure, deadlock_detected: the transaction did nothing and may simply run again. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

export type MoneyTransactionOptions = {
  /** Attempts in all, the first included. */
  attempts?: number;
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** Base of the jittered backoff between attempts. */
  backoffMs?: number;
};

/** Attempts after a lost connection: one more, on a fresh connection; a second loss is the caller's 503. */
const CONNECTION_LOSS_RETRIES = 1;

/**
 * A conflict, or a prepared statement refused because its table changed under
 * it (a migration by another node): either way the transaction did nothing,
 * and the next run prepares the statement afresh.
 */
export function isRetryableDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) || isStalePlan(error);
}

/**
 * Runs `fn` in one database transaction, running it again (a bounded number of
 * times, with jitter) when PostgreSQL reports a serialization failure or a
 * deadlock. `fn` must therefore do nothing outside the database (no provider
 * calls): it may run more than once, and only its last run commits.
 *
 * When every attempt loses it throws ConflictsExhausted, which the HTTP layer
 * answers as "try again" (REQUEST_LIMIT, 429) rather than a 5xx: nothing was
 * written, and with the Idempotency-Key the retry is safe.
 *
 * PGlite has one connection: calling this (or any query on `db`) from inside
 * `fn` would wait for itself forever. Use the `trx` handed to `fn`.
 */
export async function withMoneyTransaction<T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
  options: MoneyTransactionOptions = {},
): Promise<T> {
  for (let lost = 0; ; lost++) {
    // Set once `fn` has returned: from then on the failure may be the COMMIT, whose outcome is unknown.
    let committing = false;
    try {
      return await retryingConflicts(() => {
        committing = false;
        const builder = db.transaction();
        return (options.isolation ? builder.setIsolationLevel(options.isolation) : builder).execute(async (trx) => {
          const result = await fn(trx);
          committing = true;
          return result;
        });
      }, options);
    } catch (error) {
      // A connection lost before COMMIT was sent: PostgreSQL rolled the transaction back, so it runs again.
      if (committing || lost >= CONNECTION_LOSS_RETRIES || !isConnectionLoss(error)) throw error;
    }
  }
}

/**
 * Runs `run` (one statement, or a whole transaction) again when PostgreSQL
 * reports a serialization failure or a deadlock: such an attempt wrote nothing.
 * A single-statement movement (ledger_post joined with its own row) uses this
 * directly, without BEGIN/COMMIT round trips.
 */
export async function retryingConflicts<T>(
  run: () => Promise<T>,
  options: Pick<MoneyTransactionOptions, 'attempts' | 'backoffMs'> & {
    /**
     * `run` may safely run again even if its first run committed (a ledger
     * post under a unique kind + reference, an update conditional on the old
     * status): then a lost connection is retried once too, since whether the
     * first run committed is unknown.
     */
    idempotent?: boolean;
  } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  const backoffMs = options.backoffMs ?? 10;
  let lost = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (options.idempotent && lost < CONNECTION_LOSS_RETRIES && isConnectionLoss(error)) {
        lost++;
        continue;
      }
      if (!isRetryableDatabaseError(error)) throw error;
      if (attempt >= attempts) {
        throw new ConflictsExhausted('every attempt lost to a conflict', { cause: error });
      }
      await sleep(backoffMs * attempt * (0.5 + Math.random()));
    }
  }
}
