import type { GameCode } from '@jetton/contract/constants';
import { GAME_CODES } from '@jetton/contract/constants';
import { createDemoGameProvider } from '../../adapters/games/demo-game-provider.ts';
import type { GameProvider } from '../../adapters/games/game-provider.ts';

export type ProviderOptions = { launchMode: 'link' | 'form'; timeoutMs: number };

/**
 * The provider of each game code. Every catalogue game runs on the built-in demo
 * provider for now; a real provider's adapter is chosen here by code. Instances
 * are cheap closures, cached per code, launch mode and timeout, so an operator's
 * new timeout (rules.wallet) applies to the next call.
 */
export function createGameProviders(deps: {
  apiBaseUrl: () => string;
  playerBaseUrl: () => string;
  agentKey: string;
  /** The app's close signal: calls in flight end when it closes. */
  signal?: AbortSignal;
}) {
  const cache = new Map<string, GameProvider>();
  return {
    get(code: string, options: ProviderOptions): GameProvider {
      if (!isGameCode(code)) throw new Error(`no provider for game ${code}`);
      const key = `${code}|${options.launchMode}|${options.timeoutMs}`;
      let provider = cache.get(key);
      if (!provider) {
        provider = createDemoGameProvider({ gameCode: code, ...deps, launchMode: options.launchMode, timeoutMs: options.timeoutMs });
        cache.set(key, provider);
      }
      return provider;
    },
  };
}

export type GameProviders = ReturnType<typeof createGameProviders>;

export function isGameCode(code: string): code is GameCode {
  return (GAME_CODES as readonly string[]).includes(code);
}
