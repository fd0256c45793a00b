import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LineMessaging } from '../../adapters/line/line-messaging.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { LineLang } from '../../db/tables/line.ts';
import { serialJob } from '../../jobs/periodic-job.ts';
import { createLineFeedRepository } from './line-feed-repository.ts';
import { createLineRepository, type NewNotice } from './line-repository.ts';
import { isNoticeKind, lineText, moneyParams } from './line-texts.ts';

/** Events are read again this far back: a transaction that committed late is still seen (the dedupe key keeps it to one notice). */
const OVERLAP_MS = 2 * 60_000;
const BATCH = 100;
/** A claimed notice is another node's to retry only after this long (a push takes at most 10 s). */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 12;

export type LineSettings = { operatorGroupId: string | undefined; operatorLang: LineLang };

/**
 * The feed pass: reads new events (deposits credited, withdrawals paid,
 * support's replies, and for operators four-eyes waits, held payouts,
 * unmatched deposits) and stores one notice per event and recipient in the
 * outbox. Every node may run it: a notice already stored is skipped.
 */
export function createLineFeedJob(deps: { db: Kysely<DB>; clock: Clock; settings: LineSettings }) {
  const lines = createLineRepository(deps.db);
  const feed = createLineFeedRepository(deps.db);

  async function timeFeed(name: string, read: (w: { from: Date; to: Date }) => Promise<NewNotice[]>): Promise<number> {
    const now = deps.clock.now();
    const cursor = await lines.cursor(name, { at: now, id: 0n });
    const notices = await read({ from: new Date(cursor.at.getTime() - OVERLAP_MS), to: now });
    const stored = await lines.enqueue(notices, now);
    await lines.advance(name, { at: now });
    return stored;
  }

  async function pass(): Promise<{ claimed: number }> {
    let claimed = 0;
    const now = deps.clock.now();
    // Deposits by ledger entry id: the ledger's own times are the database's, not the app's clock.
    const start = await lines.cursor('deposit', { at: now, id: await feed.maxEntryId() });
    for (let after = start.id > 500n ? start.id - 500n : 0n; ;) {
      const rows = await feed.deposits(after, BATCH);
      claimed += await lines.enqueue(
        rows.map((r) => ({
          dedupeKey: r.key,
          target: r.lineUserId,
          kind: 'deposit',
          lang: r.lang,
          params: moneyParams(r.amount, r.currency),
        })),
        now,
      );
      const last = rows.at(-1)?.entryId;
      if (last !== undefined) await lines.advance('deposit', { id: last });
      if (rows.length < BATCH || last === undefined) break;
      after = last;
    }
    claimed += await timeFeed('withdrawal', async (w) =>
      (await feed.withdrawalsPaid(w)).map((r) => ({
        dedupeKey: r.key,
        target: r.lineUserId,
        kind: 'withdrawal',
        lang: r.lang,
        params: moneyParams(r.amount, r.currency),
      })),
    );
    claimed += await timeFeed('chat', async (w) =>
      (await feed.chatReplies(w)).map((r) => ({ dedupeKey: r.key, target: r.lineUserId, kind: 'chat', lang: r.lang, params: {} })),
    );
    const group = deps.settings.operatorGroupId;
    if (group) {
      const ops = (kind: string, rows: { key: string; amount: bigint; currency: string }[]): NewNotice[] =>
        rows.map((r) => ({
          dedupeKey: `ops:${r.key}`,
          target: group,
          kind,
          lang: deps.settings.operatorLang,
          params: moneyParams(r.amount, r.currency),
        }));
      claimed += await timeFeed('ops-four-eyes', async (w) => ops('ops-four-eyes', await feed.fourEyesWaiting(w)));
      claimed += await timeFeed('ops-held', async (w) => ops('ops-held', await feed.payoutsHeld(w)));
      claimed += await timeFeed('ops-unmatched', async (w) => ops('ops-unmatched', await feed.unmatchedDeposits(w)));
    }
    return { claimed };
  }

  return serialJob(pass);
}

/**
 * The send pass: claims due notices (a lease, SKIP LOCKED: one node sends
 * each), pushes each with its own retry key, and marks it sent, due again
 * later (rate limit, LINE down, no answer: backing off up to an hour), or
 * failed (LINE refused it, or MAX_ATTEMPTS spent).
 */
export function createLineSendJob(deps: { db: Kysely<DB>; clock: Clock; line: LineMessaging; log: FastifyBaseLogger }) {
  const lines = createLineRepository(deps.db);

  async function pass(): Promise<{ claimed: number; sent: number; retried: number; failed: number }> {
    const summary = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    const due = await lines.claimDue(deps.clock.now(), BATCH, LEASE_MS);
    summary.claimed = due.length;
    for (const notice of due) {
      if (!isNoticeKind(notice.kind)) {
        await lines.markFailed(notice.id, `unknown kind ${notice.kind}`);
        summary.failed++;
        continue;
      }
      const text = lineText(notice.kind, notice.lang, JSON.parse(notice.params) as Record<string, string>);
      const outcome = await deps.line.push(notice.target, [text], notice.retry_key);
      if (outcome.kind === 'sent') {
        await lines.markSent(notice.id, deps.clock.now());
        summary.sent++;
      } else if (outcome.kind === 'refused' || notice.attempts >= MAX_ATTEMPTS) {
        deps.log.warn({ noticeId: notice.id, kind: notice.kind, error: outcome.error }, 'LINE notice not delivered');
        await lines.markFailed(notice.id, outcome.error);
        summary.failed++;
      } else {
        const backoff = outcome.retryAfterMs ?? Math.min(3_600_000, 10_000 * 2 ** (notice.attempts - 1));
        await lines.markRetry(notice.id, new Date(deps.clock.now().getTime() + backoff), outcome.error);
        summary.retried++;
      }
    }
    return summary;
  }

  return serialJob(pass);
}
export type LineSendJob = ReturnType<typeof createLineSendJob>;
export type LineFeedJob = ReturnType<typeof createLineFeedJob>;
