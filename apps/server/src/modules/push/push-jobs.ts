import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { serialJob } from '../../jobs/periodic-job.ts';
import { isNoticeKind, lineText, moneyParams } from '../line/line-texts.ts';
import { createPushFeedRepository, type SubscriberEvent } from './push-feed-repository.ts';
import { createPushRepository, type NewPushNotice } from './push-repository.ts';
import type { PushSender } from './push-sender.ts';

/** Events are read again this far back: a transaction that committed late is still seen (the dedupe key keeps it to one notice). */
const OVERLAP_MS = 2 * 60_000;
const BATCH = 100;
/** A claimed notice is another node's to retry only after this long (a push takes at most 10 s). */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 12;
/** Where a tap on each notice opens the site. */
const OPENS: Record<string, string> = {
  deposit: '/user/home',
  withdrawal: '/user/statement',
  chat: '/user/contact',
  'bonus-ending': '/user/bonus',
};
/** How long before a bonus ends its member hears of it. */
const BONUS_NOTICE_MS = 24 * 3_600_000;

const toNotice =
  (kind: string) =>
  (e: SubscriberEvent): NewPushNotice => ({
    dedupeKey: e.key,
    subscriptionId: e.subscriptionId,
    kind,
    params: {
      ...(e.amount === undefined || e.currency === undefined ? {} : moneyParams(e.amount, e.currency)),
      ...(e.code === undefined ? {} : { code: e.code }),
    },
  });

/**
 * The feed pass (docs/member-web.md, "Push notices"): deposits credited, withdrawals paid, support's
 * replies and bonuses about to end become one stored notice per subscription that wants them. Every
 * node may run it.
 */
export function createPushFeedJob(deps: { db: Kysely<DB>; clock: Clock }) {
  const push = createPushRepository(deps.db);
  const feed = createPushFeedRepository(deps.db);

  async function pass(): Promise<{ claimed: number }> {
    const now = deps.clock.now();
    let claimed = 0;
    // Deposits by ledger entry id: the ledger's own times are the database's, not the app's clock.
    const start = await push.cursor('deposit', { at: now, id: await feed.maxEntryId() });
    for (let after = start.id > 500n ? start.id - 500n : 0n; ;) {
      const rows = await feed.deposits(after, BATCH);
      claimed += await push.enqueue(rows.map(toNotice('deposit')), now);
      const last = rows.at(-1)?.entryId;
      if (last !== undefined) await push.advance('deposit', { id: last });
      if (rows.length < BATCH || last === undefined) break;
      after = last;
    }
    const windows = {
      withdrawal: (w: { from: Date; to: Date }) => feed.withdrawalsPaid(w),
      chat: (w: { from: Date; to: Date }) => feed.chatReplies(w),
    };
    for (const [name, read] of Object.entries(windows)) {
      const cursor = await push.cursor(name, { at: now, id: 0n });
      const events = await read({ from: new Date(cursor.at.getTime() - OVERLAP_MS), to: now });
      claimed += await push.enqueue(events.map(toNotice(name)), now);
      await push.advance(name, { at: now });
    }
    claimed += await push.enqueue((await feed.bonusesEnding(now, BONUS_NOTICE_MS)).map(toNotice('bonus-ending')), now);
    return { claimed };
  }

  return serialJob(pass);
}

/**
 * The send pass: claims due notices (SKIP LOCKED: one node sends each), encrypts each for its browser in
 * its language, and marks it sent, due again later (rate limit, the service down), or failed; a browser
 * the push service no longer knows loses its subscription.
 */
export function createPushSendJob(deps: { db: Kysely<DB>; clock: Clock; send: PushSender; log: FastifyBaseLogger }) {
  const push = createPushRepository(deps.db);

  async function pass(): Promise<{ claimed: number; sent: number; retried: number; failed: number }> {
    const summary = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    const due = await push.claimDue(deps.clock.now(), BATCH, LEASE_MS);
    summary.claimed = due.length;
    for (const notice of due) {
      if (!isNoticeKind(notice.kind)) {
        await push.markFailed(notice.id, `unknown kind ${notice.kind}`);
        summary.failed++;
        continue;
      }
      const body = lineText(notice.kind, notice.lang, JSON.parse(notice.params) as Record<string, string>);
      const payload = JSON.stringify({ title: 'Jetton', body, url: OPENS[notice.kind] ?? '/user/home', tag: notice.kind });
      const outcome = await deps.send(notice, payload);
      if (outcome.kind === 'sent') {
        await push.markSent(notice.id, deps.clock.now());
        summary.sent++;
      } else if (outcome.kind === 'gone') {
        await push.drop(notice.subscription_id);
        summary.failed++;
      } else if (outcome.kind === 'refused' || notice.attempts >= MAX_ATTEMPTS) {
        deps.log.warn({ noticeId: notice.id, kind: notice.kind, error: outcome.error }, 'push notice not delivered');
        await push.markFailed(notice.id, outcome.error);
        summary.failed++;
      } else {
        const backoff = outcome.retryAfterMs ?? Math.min(3_600_000, 10_000 * 2 ** (notice.attempts - 1));
        await push.markRetry(notice.id, new Date(deps.clock.now().getTime() + backoff), outcome.error);
        summary.retried++;
      }
    }
    return summary;
  }

  return serialJob(pass);
}

export type PushFeedJob = ReturnType<typeof createPushFeedJob>;
export type PushSendJob = ReturnType<typeof createPushSendJob>;
