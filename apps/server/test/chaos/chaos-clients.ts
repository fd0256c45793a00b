import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export type ChaosMember = { id: string; token: string; games: string[] };

/** A money-moving request as sent, so it can be sent again with the same key and body. */
export type Sent = {
  key: string;
  memberId: string;
  token: string;
  path: string;
  body: Record<string, unknown>;
  status: number;
  message: string | undefined;
  phase: string;
};

/** Answers that say what happened to the money: moved (200), or not (422, 502). */
export const FINAL = new Set([200, 422, 502]);
/** How long a client waits for one answer before it gives up on it (a dropped request). */
const REQUEST_TIMEOUT_MS = 12_000;
/** Between two requests of one client: the clients keep the 2-core machine busy, not drowned. */
const THINK_MS = 20;
/** After no answer at all (the server is down), as a real app waits before it tries again. */
const BACKOFF_MS = 500;

type Answer = { status: number; json: unknown; message: string | undefined };

/** 0 stands for no answer at all: the connection dropped or the client timed out. */
async function send(origin: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown, key?: string): Promise<Answer> {
  try {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    const message = json && typeof json === 'object' ? (json as { message?: unknown }).message : undefined;
    return { status: res.status, json, message: typeof message === 'string' ? message : undefined };
  } catch {
    return { status: 0, json: undefined, message: undefined };
  }
}

/** 1.00 to 60.00: games hold little (20.00 at the start), so payouts often reach past what the ledger has confirmed. */
const amount = (): number => randomInt(100, 6_001) / 100;
const pick = <T>(items: T[]): T => items[randomInt(items.length)] as T;
const label = (res: Answer) => `${res.status || 'dropped'}${res.message ? ` ${res.message}` : ''}`;

/**
 * The fault run's clients: each loops over one member's money (`hotClients`
 * share the hot member, the others one member each), moving it between the
 * wallet and the games, game to game, and reading balances (refresh/slot is a
 * provider balance observation), until told to stop. Every money-moving
 * request carries a fresh Idempotency-Key and is kept; one that got no answer
 * or a "try again" is sent once more at once with its key, as an app would.
 */
export function createChaosClients(options: {
  origin: string;
  hot: ChaosMember;
  many: ChaosMember[];
  hotClients: number;
  manyClients: number;
  phase: () => string;
}) {
  const sent = new Map<string, Sent>();
  const outcomes = new Map<string, number>();
  const negativeReads: string[] = [];
  /** Any answer 409 IDEMPOTENCY_KEY_REUSED: every key here is sent with one body only, so there must be none. */
  const reused: string[] = [];
  let stopping = false;
  const count = (phase: string, what: string) => outcomes.set(`${phase}|${what}`, (outcomes.get(`${phase}|${what}`) ?? 0) + 1);

  function checkRead(what: string, json: unknown): void {
    const values: number[] = [];
    if (json && typeof json === 'object') {
      const o = json as { wallet?: { amount?: unknown }; slots?: { amount?: unknown }[] };
      if (typeof o.wallet?.amount === 'number') values.push(o.wallet.amount);
      for (const slot of o.slots ?? []) if (typeof slot.amount === 'number') values.push(slot.amount);
    }
    if (values.some((v) => v < 0)) negativeReads.push(`${what}: ${JSON.stringify(json)}`);
  }

  async function post(request: Sent, what: string): Promise<Answer> {
    const res = await send(options.origin, 'POST', request.path, request.token, request.body, request.key);
    if (res.message === 'IDEMPOTENCY_KEY_REUSED') reused.push(`${what} ${request.key} ${JSON.stringify(request.body)}`);
    return res;
  }

  /** One request; answers whether the server answered at all. */
  async function step(member: ChaosMember): Promise<boolean> {
    const phase = options.phase();
    const roll = randomInt(100);
    if (roll < 10) {
      const path = roll < 5 ? '/api/wallet/refresh/slot' : '/api/wallet';
      const res = await send(options.origin, 'GET', path, member.token);
      checkRead(path, res.json);
      count(phase, `read ${res.status || 'dropped'}`);
      return res.status !== 0;
    }
    const game = pick(member.games);
    const body =
      roll < 60
        ? { from: 'WALLET', to: game, amount: amount() }
        : roll < 93
          ? { from: game, to: 'WALLET', amount: amount() }
          : { from: game, to: pick(member.games.filter((g) => g !== game)), amount: amount() };
    const request: Sent = {
      key: randomUUID(),
      memberId: member.id,
      token: member.token,
      path: '/api/wallet/transfer',
      body,
      status: 0,
      message: undefined,
      phase,
    };
    sent.set(request.key, request);
    let res = await post(request, 'sent');
    count(phase, `transfer ${label(res)}`);
    if (res.status === 0 || res.status === 503 || res.status === 429) {
      // The member taps again: the same key and body, a moment later.
      await sleep(res.status === 0 ? BACKOFF_MS : THINK_MS);
      res = await post(request, 'sent again at once');
      count(phase, `transfer again ${label(res)}`);
    }
    request.status = res.status;
    request.message = res.message;
    return res.status !== 0;
  }

  async function loop(member: ChaosMember): Promise<void> {
    while (!stopping) await sleep((await step(member)) ? THINK_MS : BACKOFF_MS);
  }

  let running: Promise<void[]> | undefined;
  return {
    outcomes,
    negativeReads,
    reused,
    sent,
    start(): void {
      const loops = [
        ...Array.from({ length: options.hotClients }, () => loop(options.hot)),
        ...Array.from({ length: options.manyClients }, (_, i) => loop(options.many[i % options.many.length] as ChaosMember)),
      ];
      running = Promise.all(loops);
    },
    async stop(): Promise<void> {
      stopping = true;
      await running;
    },

    /**
     * Sends each of `requests` again, same key and body, until it gets a
     * final answer (200, 422, 502), or `limitMs` passes. Answers how each
     * ended (its last answer) and those still without a final one.
     */
    async resend(
      requests: Sent[],
      limitMs: number,
    ): Promise<{ answered: Map<string, number>; final: Map<string, Answer>; unanswered: Sent[] }> {
      const answered = new Map<string, number>();
      const final = new Map<string, Answer>();
      const deadline = Date.now() + limitMs;
      const unanswered: Sent[] = [];
      const lanes = 4;
      await Promise.all(
        Array.from({ length: lanes }, async (_, lane) => {
          for (let i = lane; i < requests.length; i += lanes) {
            const request = requests[i] as Sent;
            for (;;) {
              const res = await post(request, 're-sent');
              answered.set(label(res), (answered.get(label(res)) ?? 0) + 1);
              if (FINAL.has(res.status)) {
                final.set(request.key, res);
                break;
              }
              if (Date.now() > deadline) {
                unanswered.push({ ...request, status: res.status, message: res.message });
                break;
              }
              await sleep(1_000);
            }
          }
        }),
      );
      return { answered, final, unanswered };
    },
  };
}

export type ChaosClients = ReturnType<typeof createChaosClients>;
