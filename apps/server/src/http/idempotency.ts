import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS } from '@jetton/contract/site-time';
import type { Clock } from '../clock.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from './app-error.ts';
import { gathered } from '../db/gathered.ts';
import { createIdempotencyRepository, type KeyAnswer, type KeyClaim, type StoredIdempotency } from './idempotency-repository.ts';
import { requestFingerprint } from './request-fingerprint.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_DEFAULTS = {
  /** The first answer is replayed for 24 h (docs/money.md, "Idempotency"). */
  ttlMs: DAY_MS,
  /** How long a concurrent duplicate waits for the first request's answer before a provisional one (or 503). */
  waitMs: 10_000,
  pollMs: 50,
  /**
   * How long the claiming request is presumed alive: longer than any request
   * takes (a game-to-game transfer makes two provider calls of at most 8 s).
   * Past it, a re-send is answered from what the request left (docs/faults.md).
   */
  leaseMs: 30_000,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Answers that promise nothing was done (rate limited, retries exhausted,
 * service closed): the key is released so the member's retry with the same key
 * runs for real instead of replaying "try again" for a day.
 */
const RELEASING_STATUSES = new Set([429]);
const RELEASING_CODES = new Set(['gone']);
/**
 * "Please try again" after a lost database connection promises nothing either
 * way (money may have moved before the connection dropped): the answer is not
 * stored and the key is not released; its lease ends, so the re-send is
 * answered from what the request left behind (its resolver), at once.
 */
const UNKNOWN_OUTCOME_CODE = 'SERVICE_UNAVAILABLE';

/** Who the key belongs to: the member id once the auth guard exists. */
export type IdempotencyScope = (request: FastifyRequest) => string | Promise<string>;

/**
 * An answer made up from the database for a re-sent request whose first run
 * left no answer. `final`: what happened to the money is settled (answered at
 * once, whatever the first run is doing); otherwise it is provisional (202
 * PENDING: under way, outcome not known yet), answered once the first run is
 * presumed dead or has been waited for long enough.
 */
export type ResolvedAnswer = { status: number; body: unknown; final: boolean };

/**
 * Tells what became of a request whose key has no final answer, from what
 * that request wrote (e.g. the transfer it started under the key): an answer
 * (final, or provisional) or 'none' when it left nothing, so that after the
 * lease it may run again. Also asked about a stored provisional answer (a
 * 202): a final one replaces it once known. A route without a resolver keeps
 * "please try again" (503) for a key whose request left no answer.
 */
export type IdempotencyResolver = (
  request: FastifyRequest,
  found: { scope: string; key: string; leaseExpired: boolean },
) => Promise<ResolvedAnswer | 'none'>;

/** A stored answer that promised an outcome later (202 Accepted): a re-send asks the resolver for a final one. */
const PROVISIONAL_STATUS = 202;

type Claim = { scope: string; key: string; leaseUntil: Date };

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
 *   after that, the resolver's provisional answer (202 PENDING) or 503
 *   SERVICE_UNAVAILABLE ("please try again"), never IDEMPOTENCY_KEY_REUSED;
 * - same key + same request within `ttlMs` -> the stored status and body again,
 *   header `Idempotent-Replayed: true` (a stored 202 is replaced by the
 *   resolver's final answer once there is one); same key + another request -> 409;
 * - every answer the handler gives is stored, errors included (a replayed
 *   MONEY_NOT_ENOUGH is what the first call said), except 429 and `gone`
 *   (released) and SERVICE_UNAVAILABLE (kept, its lease ended);
 * - the claim holds a lease (`leaseMs`): a request whose node died is not
 *   waited for past it, and with a `resolve` option the re-send is answered
 *   from what the first run left (docs/faults.md, "Keys").
 *
 * The scope function runs in preHandler, after the auth guard and body validation.
 */
export function createIdempotency(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ttlMs?: number;
  waitMs?: number;
  pollMs?: number;
  leaseMs?: number;
}) {
  const repo = createIdempotencyRepository(deps.db);
  // Concurrent requests' claims and answers go to the database together (db/gathered.ts).
  const claimKey = gathered((claims: KeyClaim[]) => repo.claimMany(claims));
  const storeAnswer = gathered(async (answers: KeyAnswer[]) => {
    await repo.completeMany(answers);
    return answers.map(() => undefined);
  });
  const ttlMs = deps.ttlMs ?? IDEMPOTENCY_DEFAULTS.ttlMs;
  const waitMs = deps.waitMs ?? IDEMPOTENCY_DEFAULTS.waitMs;
  const pollMs = deps.pollMs ?? IDEMPOTENCY_DEFAULTS.pollMs;
  const leaseMs = deps.leaseMs ?? IDEMPOTENCY_DEFAULTS.leaseMs;
  const claims = new WeakMap<FastifyRequest, Claim>();

  type Outcome = { claimed: Date } | { stored: StoredIdempotency } | { resolved: ResolvedAnswer };

  /**
   * Claimed (this request does the work, under a lease), the first request's
   * stored answer, or one resolved from its traces. A request with the same
   * key and body is never told IDEMPOTENCY_KEY_REUSED: while the first run may
   * still be at work it waits for its answer; past `waitMs` it gets the
   * provisional answer (202 PENDING), or, when the first run has left nothing
   * yet, 503 "please try again" (nothing was done by this request).
   */
  async function claimOrWait(
    request: FastifyRequest,
    claim: Omit<Claim, 'leaseUntil'>,
    hash: string,
    resolve?: IdempotencyResolver,
  ): Promise<Outcome> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = deps.clock.now();
      const leaseUntil = new Date(now.getTime() + leaseMs);
      if (await claimKey({ ...claim, requestHash: hash, now, leaseUntil })) return { claimed: leaseUntil };
      const stored = await repo.find(claim.scope, claim.key);
      if (!stored) continue; // released between our insert and read: try the insert again
      if (stored.created_at.getTime() <= now.getTime() - ttlMs) {
        if (await repo.takeOver(claim.scope, claim.key, stored, hash, now, leaseUntil)) return { claimed: leaseUntil };
        continue;
      }
      if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (stored.state === 'done') {
        if (resolve && stored.response_status === PROVISIONAL_STATUS) {
          // "Pending" was the first answer; the outcome may be known by now.
          const found = await resolve(request, { ...claim, leaseExpired: true });
          if (typeof found === 'object' && found.final) return { resolved: found };
        }
        return { stored };
      }
      const leaseEnd = stored.lease_until ?? new Date(stored.created_at.getTime() + leaseMs);
      const leaseExpired = leaseEnd.getTime() <= now.getTime();
      const waited = Date.now() >= deadline;
      const found = resolve ? await resolve(request, { ...claim, leaseExpired }) : undefined;
      if (typeof found === 'object' && (found.final || leaseExpired || waited)) return { resolved: found };
      // The first run died before it changed anything: this one runs instead.
      if (found === 'none' && leaseExpired && (await repo.takeOver(claim.scope, claim.key, stored, hash, now, leaseUntil))) {
        request.log.warn({ key: claim.key }, 'idempotency key taken over after its lease expired: the first request left nothing');
        return { claimed: leaseUntil };
      }
      // Without a resolver nothing tells what a dead request did: "try again" at once, never a guess.
      if (waited || (!resolve && leaseExpired)) {
        request.log.warn({ key: claim.key, leaseExpired }, 'idempotent duplicate: the first request has no answer yet');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      await sleep(pollMs);
    }
  }

  return {
    /**
     * Route options that make a POST idempotent; `required: false` lets requests
     * without a key through unguarded; `resolve` answers a re-send whose first
     * run died (see IdempotencyResolver).
     */
    route(
      scope: IdempotencyScope,
      options: { required?: boolean; resolve?: IdempotencyResolver } = {},
    ): { preHandler: preHandlerAsyncHookHandler; onSend: onSendAsyncHookHandler } {
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
          const outcome = await claimOrWait(request, claim, hash, options.resolve);
          if ('stored' in outcome) return replay(reply, outcome.stored);
          if ('resolved' in outcome) return reply.code(outcome.resolved.status).header(REPLAYED_HEADER, 'true').send(outcome.resolved.body);
          claims.set(request, { ...claim, leaseUntil: outcome.claimed });
        },
        async onSend(request, reply, payload) {
          const claim = claims.get(request);
          if (!claim) return payload;
          claims.delete(request);
          const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
          const code = errorCode(body);
          if (code === UNKNOWN_OUTCOME_CODE) {
            // Best effort: the database may well be down still; then the lease runs out by itself.
            await repo.endLease(claim.scope, claim.key, claim.leaseUntil, deps.clock.now()).catch(() => undefined);
            return payload;
          }
          try {
            if (body === undefined || RELEASING_STATUSES.has(reply.statusCode) || (code !== undefined && RELEASING_CODES.has(code))) {
              await repo.release(claim.scope, claim.key, claim.leaseUntil);
            } else {
              const type = reply.getHeader('content-type');
              await storeAnswer({
                ...claim,
                response: { status: reply.statusCode, type: typeof type === 'string' ? type : null, body },
              });
            }
          } catch (error) {
            // The answer is true and goes out; the key stays claimed until its lease ends, and a re-send is
            // answered from what the request did (its resolver) instead of this answer (docs/faults.md).
            request.log.warn({ err: error, key: claim.key }, 'idempotent answer not stored: the database was unreachable');
          }
          return payload;
        },
      };
    },

    /** The key this request claimed (set from its preHandler on), for a handler that records it beside what it does. */
    keyOf(request: FastifyRequest): string | undefined {
      return claims.get(request)?.key;
    },

    /** Deletes up to `limit` keys older than the replay window and answers how many (modules/cleanup/cleanup-job.ts loops). */
    purgeExpired(limit: number): Promise<number> {
      return repo.purgeCreatedBefore(new Date(deps.clock.now().getTime() - ttlMs), limit);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * At the start of a node on the embedded engine: only one process ever holds
 * its data folder, so a key still processing belongs to a request that died
 * with the previous process. Its lease ends now, and a re-send is answered
 * from what that request did at once instead of after the lease. (On
 * PostgreSQL other nodes may be alive: their keys keep their leases.)
 */
export function endLeasesOfDeadProcess(db: Kysely<DB>, now: Date): Promise<number> {
  return createIdempotencyRepository(db).endEveryLease(now);
}

/** The error code of an answer body `{ "message": CODE }`, if it is one. */
function errorCode(body: string | undefined): string | undefined {
  if (body === undefined || !body.startsWith('{"message":')) return undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

function replay(reply: FastifyReply, stored: StoredIdempotency): FastifyReply {
  reply.code(stored.response_status ?? 200).header(REPLAYED_HEADER, 'true');
  if (stored.response_type) reply.type(stored.response_type);
  return reply.send(stored.response_body ?? '');
}
