import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export type ChaosMember = { id: string; token: string; games: string[] };

/** A money-moving request as sent, so it can be sent again with the same key and body. */
type Sent = { key: string; token: string; path: string; body: Record<string, unknown>; status: number; phase: string };

/** Answers that say what happened to the money (the transfer contract's statuses). */
const DEFINITE = new Set([200, 202, 422, 502]);
/** How long a client waits for one answer before it gives up on it (a dropped request). */
const REQUEST_TIMEOUT_MS = 12_000;
/** Between two requests of one client: 16 clients keep the 2-core machine busy, not drowned. */
const THINK_MS = 20;
/** After no answer at all (the server is down), as a real app waits before it tries again. */
const BACKOFF_MS = 500;

/** 0 stands for no answer at all: the connection dropped or the client timed out. */
async function send(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
  key?: string,
): Promise<{ status: number; json: unknown }> {
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
    return { status: res.status, json };
  } catch {
    return { status: 0, json: undefined };
  }
}

/** 1.00 to 60.00: games hold little (20.00 at the start), so payouts often reach past what the ledger has confirmed. */
const amount = (): number => randomInt(100, 6_001) / 100;
const pick = <T>(items: T[]): T => items[randomInt(items.length)] as T;

/**
 * The fault run's clients: each loops over one member's money (several share
 * the hot member, the rest one member each), moving it between the wallet and
 * the games, game to game, and reading balances (refresh/slot is a provider
 * balance observation), until told to stop. Every money-moving request carries
 * a fresh Idempotency-Key and is kept for the re-send check.
 */
export function createChaosClients(options: {
  origin: string;
  members: ChaosMember[];
  clients: number;
  hotClients: number;
  phase: () => string;
}) {
  const sent: Sent[] = [];
  const outcomes = new Map<string, number>();
  const negativeReads: string[] = [];
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

  /** One request; answers whether the server answered at all. */
  async function step(member: ChaosMember): Promise<boolean> {
    const phase = options.phase();
    const roll = randomInt(100);
    if (roll < 5) {
      const res = await send(options.origin, 'GET', '/api/wallet/refresh/slot', member.token);
      checkRead('refresh/slot', res.json);
      count(phase, `read ${res.status || 'dropped'}`);
      return res.status !== 0;
    }
    if (roll < 10) {
      const res = await send(options.origin, 'GET', '/api/wallet', member.token);
      checkRead('wallet', res.json);
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
    const key = randomUUID();
    const res = await send(options.origin, 'POST', '/api/wallet/transfer', member.token, body, key);
    sent.push({ key, token: member.token, path: '/api/wallet/transfer', body, status: res.status, phase });
    const message = res.json && typeof res.json === 'object' ? (res.json as { message?: unknown }).message : undefined;
    count(phase, `transfer ${res.status || 'dropped'}${typeof message === 'string' ? ` ${message}` : ''}`);
    return res.status !== 0;
  }

  async function loop(member: ChaosMember): Promise<void> {
    while (!stopping) await sleep((await step(member)) ? THINK_MS : BACKOFF_MS);
  }

  let running: Promise<void[]> | undefined;
  return {
    outcomes,
    negativeReads,
    sent,
    start(): void {
      const { members, clients, hotClients } = options;
      running = Promise.all(
        Array.from({ length: clients }, (_, i) =>
          loop(i < hotClients ? (members[0] as ChaosMember) : (members[1 + ((i - hotClients) % (members.length - 1))] as ChaosMember)),
        ),
      );
    },
    async stop(): Promise<void> {
      stopping = true;
      await running;
    },

    /**
     * Sends every request that got no definite answer again, same key and body,
     * until it gets one (a key whose request died waits out its lease), or
     * `limitMs` passes. Answers how many there were, and those still without.
     */
    async resend(limitMs: number): Promise<{ failed: number; answered: Map<number, number>; unanswered: Sent[] }> {
      const failed = sent.filter((s) => !DEFINITE.has(s.status));
      const answered = new Map<number, number>();
      const deadline = Date.now() + limitMs;
      const unanswered: Sent[] = [];
      await Promise.all(
        Array.from({ length: 4 }, async (_, lane) => {
          for (let i = lane; i < failed.length; i += 4) {
            const request = failed[i] as Sent;
            for (;;) {
              const res = await send(options.origin, 'POST', request.path, request.token, request.body, request.key);
              if (DEFINITE.has(res.status)) {
                answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
                break;
              }
              if (Date.now() > deadline) {
                unanswered.push({ ...request, status: res.status });
                break;
              }
              await sleep(1_000);
            }
          }
        }),
      );
      return { failed: failed.length, answered, unanswered };
    },
  };
}

export type ChaosClients = ReturnType<typeof createChaosClients>;
