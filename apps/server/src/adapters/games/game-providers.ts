import { GAME_CODES, type GameCode } from '@jetton/contract/constants';
import { createDemoGameProvider, type DemoGameProviderOptions } from './demo-game-provider.ts';
import type { GameProvider } from './game-provider.ts';

export type GameProviders = ReadonlyMap<GameCode, GameProvider>;

const isGameCode = (code: string): code is GameCode => (GAME_CODES as readonly string[]).includes(code);

/**
 * One adapter per catalogue game, all served by the built-in demo provider.
 * A real provider's adapter replaces an entry here; callers only see GameProvider.
 */
export function createDemoGameProviders(
  games: readonly { code: string; launch_mode: 'link' | 'form' }[],
  options: Omit<DemoGameProviderOptions, 'gameCode' | 'launchMode'>,
): GameProviders {
  const providers = new Map<GameCode, GameProvider>();
  for (const game of games) {
    if (isGameCode(game.code)) providers.set(game.code, createDemoGameProvider({ ...options, gameCode: game.code, launchMode: game.launch_mode }));
  }
  return providers;
}
