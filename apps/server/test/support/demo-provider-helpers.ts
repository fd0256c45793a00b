import { randomUUID } from 'node:crypto';
import type { GameCode } from '@jetton/contract/constants';
import { createDemoGameProvider } from '../../src/adapters/games/demo-game-provider.ts';
import { demoAgentKey } from '../../src/adapters/party-keys.ts';
import type { TFaults } from '../../src/adapters/games/demo-api-schemas.ts';
import type { GameProvider } from '../../src/adapters/games/game-provider.ts';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { testConfig, type TestApp } from './test-app.ts';

/** The demo provider of a running test app, reached over real HTTP like production does. */
export function sandboxOf(t: TestApp) {
  const base = createSelfUrl(t.app, undefined);
  const agentKey = demoAgentKey(testConfig().secrets.tokenSecret);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  return {
    base,
    agentKey,
    provider(gameCode: GameCode, options: { timeoutMs?: number; launchMode?: 'link' | 'form'; agentKey?: string } = {}): GameProvider {
      return createDemoGameProvider({
        gameCode,
        apiBaseUrl: base,
        playerBaseUrl: base,
        agentKey: options.agentKey ?? agentKey,
        launchMode: options.launchMode ?? 'link',
        timeoutMs: options.timeoutMs ?? 2_000,
      });
    },
    setFaults: (faults: Partial<TFaults> & { game?: GameCode | null }) => post('/sandbox/games/faults', faults),
    resetFaults: () => post('/sandbox/games/faults/reset', {}),
  };
}

/** A provider-side player with some credit, as an activated member with a first transfer would have. */
export async function fundedPlayer(provider: GameProvider, credit: bigint, password = 'secret-pass-1') {
  const username = `jt${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await provider.createPlayer({ username, password, currency: 'THB' });
  if (credit > 0n) {
    const outcome = await provider.deposit({ transferId: randomUUID(), username, amount: credit });
    if (outcome.status !== 'SUCCESS') throw new Error(`funding failed: ${JSON.stringify(outcome)}`);
  }
  return { username, password };
}

/** Follows a launch or login into the game and returns the session cookie. */
export function sessionCookie(res: Response): string {
  const cookie = res.headers.get('set-cookie');
  if (!cookie) throw new Error(`no session cookie (status ${res.status})`);
  return cookie.split(';')[0] ?? '';
}
