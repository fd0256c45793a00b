import { GAME_CATEGORIES, GAME_CODES } from '@jetton/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGamesRepository } from '../../src/modules/games/games-repository.ts';
import { seedGames } from '../../src/modules/games/seed-games.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('game catalogue (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('seeds every catalogue game code once, in the three categories, with demo launch links', async () => {
    const games = await createGamesRepository(t.database.db).listEnabled();
    expect(games.map((g) => g.code).sort()).toEqual([...GAME_CODES].sort());
    expect(new Set(games.map((g) => g.category))).toEqual(new Set(GAME_CATEGORIES));
    expect(games.find((g) => g.code === 'huayhd')?.category).toBe('lotto');
    expect(
      games
        .filter((g) => g.category === 'sport')
        .map((g) => g.code)
        .sort(),
    ).toEqual(['askmebet', 'betflix', 'usun']);
    expect(games.find((g) => g.code === 'joker2')?.ft_wallet_slot).toBe(10);
    expect(games.filter((g) => g.ft_wallet_slot === 1)).toHaveLength(10);
    const pg = games.find((g) => g.code === 'pg');
    expect(pg).toMatchObject({
      web_url: '/sandbox/games/pg',
      android_url: '/sandbox/games/pg?platform=android',
      logo: '/assets/games/pg-logo.svg',
    });
  });

  it('seeds idempotently and never overwrites an operator edit', async () => {
    const db = t.database.db;
    await db.updateTable('games').set({ name: 'Renamed by operator' }).where('code', '=', 'imi').execute();
    await seedGames(db);
    const games = await createGamesRepository(db).listEnabled();
    expect(games).toHaveLength(GAME_CODES.length);
    expect(games.find((g) => g.code === 'imi')?.name).toBe('Renamed by operator');
  });

  it.each(GAME_CODES)('serves original SVG artwork for %s (logo and background)', async (code) => {
    for (const kind of ['logo', 'bg']) {
      const res = await t.app.inject({ url: `/assets/games/${code}-${kind}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.body).not.toMatch(/<script|href=|on\w+=/i);
    }
  });

  it('answers 404 JSON for artwork that does not exist', async () => {
    for (const url of ['/assets/games/nope-logo.svg', '/assets/games/pg-hero.svg', '/assets/games/..%2Fsecrets.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
    }
  });
});
