import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { demoLaunchPaths, GAME_CATALOGUE, gameArtPath } from './game-catalogue.ts';
import { createGamesRepository } from './games-repository.ts';

/** First start: the catalogue's games that are not in the table yet, pointing at the demo provider. */
export async function seedGames(db: Kysely<DB>): Promise<void> {
  await createGamesRepository(db).seedMissing(
    GAME_CATALOGUE.map((g, index) => {
      const links = demoLaunchPaths(g.code);
      return {
        code: g.code,
        name: g.name,
        category: g.category,
        sort_order: index,
        logo: gameArtPath(g.code, 'logo'),
        background: gameArtPath(g.code, 'bg'),
        ft_wallet_slot: g.ftWalletSlot,
        web_url: links.web,
        android_url: links.android,
        ios_url: links.ios,
        launch_mode: g.launchMode,
        player_prefix: g.playerPrefix,
      };
    }),
  );
}
