import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from './app-error.ts';
import { createIdempotencyRepository, type StoredIdempotency } from './idempotency-repository.ts';
import { requestFingerprint } from './request-fingerprint.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_DEFAULTS = {
  /** The first answer is replayed for 24 h (docs/money.md, "Idempotency"). */
  ttlMs: 24 * 60 * 60 * 1000,
  /** How long a concurrent duplicate waits for the first request's answer before 409. */
  waitMs: 10_000,
  pollMs: 50,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Statuses that promise nothing was done (rate limited, retries exhausted,
 * service closed): the key is released so the member's retry with the same key
 * runs for real instead of replaying "try again" for a day.
 */
const RELEASING_STATUSES = new Set([429, 503]);

/** Who the key belongs to: the member id once the auth guard exists. */
export type IdempotencyScope = (request: FastifyRequest) => string | Promise<string>;

type Claim = { scope: string; key: string };

/**
 * Idempotency-Key for money-moving POSTs (docs/money.md, "Idempotency"). A route opts
 * in with one line (the auth guard runs first, in onRequest):
 *
 *   app.post(path, { onRequest: app.requireMember, schema, ...idempotency.route((r) => memberOf(r).memberId) }, handler)
 *
 * route() supplies the route's preHandler and onSend: do not set those two
 * next to it (a later key in the object literal would silently replace them).
 *
 * - the key is claimed (INSERT ... ON CONFLICT DO NOTHING) before the handler
 *   runs, so of concurrent duplicates exactly one does the work;
 * - a duplicate arriving while the first is still running waits for its answer
 *   (polling up to `waitMs`), then replays it; if the first is still running
 *   after that, 409 IDEMPOTENCY_KEY_REUSED;
 * - same key + same request within `ttlMs` -> the stored status and body again,
 *   header `Idempotent-Replayed: true`; same key + another request -> 409;
 * - every answer the handler gives is stored, errors included (a replayed
 *   MONEY_NOT_ENOUGH is what the first call said), except 429/503.
 *
 * The scope function runs in preHandler, after the auth guard and body validation.
 */
export function createIdempotency(deps: { db: Kysely<DB>; clock: Clock; ttlMs?: number; waitMs?: number; pollMs?: number }) {
  const repo = createIdempotencyRepository(deps.db);
  const ttlMs = deps.ttlMs ?? IDEMPOTENCY_DEFAULTS.ttlMs;
  const waitMs = deps.waitMs ?? IDEMPOTENCY_DEFAULTS.waitMs;
  const pollMs = deps.pollMs ?? IDEMPOTENCY_DEFAULTS.pollMs;
  const claims = new WeakMap<FastifyRequest, Claim>();

  /** 'claimed' when this request is to do the work; otherwise the first request's stored answer. */
  async function claimOrWait(request: FastifyRequest, claim: Claim, hash: string): Promise<'claimed' | StoredIdempotency> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = deps.clock.now();
      if (await repo.claim(claim.scope, claim.key, hash, now)) return 'claimed';
      const stored = await repo.find(claim.scope, claim.key);
      if (!stored) continue; // released between our insert and read: try the insert again
      if (stored.created_at.getTime() <= now.getTime() - ttlMs) {
        if (await repo.takeOver(claim.scope, claim.key, stored.created_at, hash, now)) return 'claimed';
        continue;
      }
      if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (stored.state === 'done') return stored;
      if (Date.now() >= deadline) {
        request.log.warn({ key: claim.key }, 'idempotent duplicate gave up waiting for the first request');
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      await sleep(pollMs);
    }
  }

  return {
    /** Route options that make a POST idempotent; `required: false` lets requests without a key through unguarded. */
    route(scope: IdempotencyScope, options: { required?: boolean } = {}): { preHandler: preHandlerAsyncHookHandler; onSend: onSendAsyncHookHandler } {
      const required = options.required ?? true;
      return {
        async preHandler(request, reply) {
          const header = request.headers[IDEMPOTENCY_HEADER];
          if (header === undefined) {
            if (required) throw new AppError('KEY_MISSING');
            return;
          }
          if (typeof header !== 'string' || !UUID.test(header)) throw new AppError('KEY_INVALID');
          const claim = { scope: await scope(request), key: header.toLowerCase() };
          const hash = requestFingerprint(request.method, request.url, request.body);
          const outcome = await claimOrWait(request, claim, hash);
          if (outcome !== 'claimed') return replay(reply, outcome);
          claims.set(request, claim);
        },
        async onSend(request, reply, payload) {
          const claim = claims.get(request);
          if (!claim) return payload;
          claims.delete(request);
          const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
          if (body === undefined || RELEASING_STATUSES.has(reply.statusCode)) {
            await repo.release(claim.scope, claim.key);
            return payload;
          }
          const type = reply.getHeader('content-type');
          await repo.complete(claim.scope, claim.key, { status: reply.statusCode, type: typeof type === 'string' ? type : null, body });
          return payload;
        },
      };
    },

    /** Deletes up to `limit` keys older than the replay window and answers how many (modules/cleanup/cleanup-job.ts loops). */
    purgeExpired(limit: number): Promise<number> {
      return repo.purgeCreatedBefore(new Date(deps.clock.now().getTime() - ttlMs), limit);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

function replay(reply: FastifyReply, stored: StoredIdempotency): FastifyReply {
  reply.code(stored.response_status ?? 200).header(REPLAYED_HEADER, 'true');
  if (stored.response_type) reply.type(stored.response_type);
  return reply.send(stored.response_body ?? '');
}
