import type { GameCode } from '@jetton/contract/constants';
import type { z } from 'zod';
import {
  ZBalance,
  ZFinalTransferStatus,
  ZLaunchToken,
  ZProviderError,
  ZRoundsPage,
  ZTransferResult,
  ZTransferStatus,
} from './demo-api-schemas.ts';
import { ProviderError, type GameProvider, type GameRound, type TransferInput, type TransferOutcome } from './game-provider.ts';
import { providerRequest, type ProviderResponse } from './provider-http.ts';

export type DemoGameProviderOptions = {
  gameCode: GameCode;
  /** Where the server reaches the provider's API (loopback to /sandbox by default). */
  apiBaseUrl: () => string;
  /** Where the member's browser reaches the provider's pages ('' = same origin as the site). */
  playerBaseUrl: () => string;
  agentKey: string;
  launchMode: 'link' | 'form';
  timeoutMs?: number;
  /** Ends calls in flight when the app closes (provider-http.ts). */
  signal?: AbortSignal | undefined;
};

const DEFAULT_TIMEOUT_MS = 8_000;
/** roundHistory stops after this many pages; the caller's next pull goes on from the last round seen. */
const MAX_ROUND_PAGES = 20;

/** The GameProvider of the built-in demo provider, over real HTTP. */
export function createDemoGameProvider(options: DemoGameProviderOptions): GameProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const game = options.gameCode;
  const api = (path: string) => `${options.apiBaseUrl()}/sandbox/games/api/${game}${path}`;
  const headers = { 'x-agent-key': options.agentKey };
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    providerRequest(api(path), { method, headers, body, timeoutMs, signal: options.signal });

  async function transfer(direction: 'deposit' | 'withdraw', input: TransferInput): Promise<TransferOutcome> {
    let response: ProviderResponse;
    try {
      response = await call('POST', '/transfers', {
        transferId: input.transferId,
        username: input.username,
        direction,
        amount: input.amount.toString(),
      });
    } catch (error) {
      if (error instanceof ProviderError && error.kind !== 'rejected') return { status: 'UNKNOWN', reason: error.kind };
      throw error;
    }
    if (response.status === 200) {
      const parsed = ZTransferResult.safeParse(response.body);
      if (!parsed.success) return { status: 'UNKNOWN', reason: 'bad-response' };
      return parsed.data.status === 'SUCCESS'
        ? { status: 'SUCCESS', balance: parsed.data.balance === null ? null : BigInt(parsed.data.balance) }
        : { status: 'FAILED', reason: parsed.data.reason ?? 'FAILED' };
    }
    // A refusal before any work (bad input, bad key) is definite; a conflict on the id
    // or any 5xx may hide an applied transfer, so it is left to reconciliation.
    if (response.status >= 400 && response.status < 500 && response.status !== 409) {
      return { status: 'FAILED', reason: errorCode(response) ?? `HTTP_${response.status}` };
    }
    return { status: 'UNKNOWN', reason: response.status >= 500 ? 'unavailable' : 'bad-response' };
  }

  return {
    gameCode: game,

    async createPlayer(input) {
      const response = await call('POST', '/players', input);
      if (response.status === 201) return 'CREATED';
      if (response.status === 409 && errorCode(response) === 'PLAYER_EXISTS') return 'EXISTS';
      throw unexpected('createPlayer', response);
    },

    async getBalance(username) {
      const response = await call('GET', `/players/${encodeURIComponent(username)}/balance`);
      return BigInt(expectOk('getBalance', response, ZBalance).balance);
    },

    deposit: (input) => transfer('deposit', input),
    withdraw: (input) => transfer('withdraw', input),

    async getTransferStatus(transferId) {
      const response = await call('GET', `/transfers/${encodeURIComponent(transferId)}`);
      if (response.status === 404) {
        const parsed = ZTransferStatus.safeParse(response.body);
        if (parsed.success && parsed.data.status === 'NOT_FOUND') return 'NOT_FOUND';
      }
      return expectOk('getTransferStatus', response, ZTransferStatus).status;
    },

    async cancelTransfer(input) {
      const response = await call('POST', `/transfers/${encodeURIComponent(input.transferId)}/cancel`, {
        username: input.username,
        direction: input.direction,
        amount: input.amount.toString(),
      });
      return expectOk('cancelTransfer', response, ZFinalTransferStatus).status;
    },

    async resetPassword(username, password) {
      const response = await call('PUT', `/players/${encodeURIComponent(username)}/password`, { password });
      if (response.status !== 200) throw unexpected('resetPassword', response);
    },

    async launch({ username, password, platform }) {
      const page = `${options.playerBaseUrl()}/sandbox/games/${game}`;
      if (options.launchMode === 'form') {
        return { kind: 'form', action: `${page}/login`, method: 'POST', fields: { username, password, platform } };
      }
      const response = await call('POST', '/launch', { username, platform });
      const { token } = expectOk('launch', response, ZLaunchToken);
      return { kind: 'link', url: `${page}/launch?token=${encodeURIComponent(token)}` };
    },

    async roundHistory(since) {
      const rounds: GameRound[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_ROUND_PAGES; page++) {
        const query = new URLSearchParams({ since: since.toISOString(), ...(after ? { after } : {}) });
        const response = await call('GET', `/rounds?${query.toString()}`);
        const body = expectOk('roundHistory', response, ZRoundsPage);
        for (const r of body.rounds) {
          rounds.push({
            id: r.id,
            username: r.username,
            game: r.game,
            bet: BigInt(r.bet),
            payout: BigInt(r.payout),
            playedAt: new Date(r.playedAt),
          });
        }
        after = body.next;
        if (!after) break;
      }
      return rounds;
    },
  };
}

function errorCode(response: ProviderResponse): string | undefined {
  const parsed = ZProviderError.safeParse(response.body);
  return parsed.success ? parsed.data.error : undefined;
}

function expectOk<S extends z.ZodType>(what: string, response: ProviderResponse, schema: S): z.infer<S> {
  if (response.status !== 200) throw unexpected(what, response);
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) throw new ProviderError('bad-response', `${what}: answer does not match the provider's format`);
  return parsed.data;
}

function unexpected(what: string, response: ProviderResponse): ProviderError {
  const code = errorCode(response);
  const kind = response.status >= 500 ? 'unavailable' : 'rejected';
  return new ProviderError(kind, `${what}: HTTP ${response.status}${code ? ` ${code}` : ''}`, code);
}
