import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ZHowto } from '@jetton/contract/lookup';
import { migrateToLatest } from '../../src/db/database.ts';
import { seedDatabase } from '../../src/seed.ts';
import { testEngines } from '../support/engines.ts';
import { migrateUpToBefore, useEmptyDatabase } from '../support/migration-support.ts';

const HOWTO_MIGRATION = '0042-howto-per-language';

describe.each(testEngines())('how-to videos per language, on a database that had one URL per video (%s)', (engine) => {
  const database = useEmptyDatabase(engine);

  it('keeps an operator’s own address in every language and gives the others the recordings the site ships', async () => {
    const { db } = database();
    await migrateUpToBefore(db, HOWTO_MIGRATION);
    const old = [
      { key: 'wallet', url: 'https://videos.example.com/wallet.mp4' },
      { key: 'howToPlay', url: null },
      { key: 'checkBalance', url: null },
      { key: 'receiveBonus', url: null },
      { key: 'cancelBonus', url: null },
    ];
    await sql`insert into settings (key, value) values ('lookup.howto', ${JSON.stringify(old)}::jsonb)`.execute(db);

    await migrateToLatest(db);
    await seedDatabase(db, { demoMember: false });

    const { rows } = await sql<{ value: unknown }>`select value from settings where key = 'lookup.howto'`.execute(db);
    const videos = ZHowto.parse(rows[0]?.value);
    expect(videos.find((video) => video.key === 'wallet')?.urls).toEqual({
      th: 'https://videos.example.com/wallet.mp4',
      la: 'https://videos.example.com/wallet.mp4',
      en: 'https://videos.example.com/wallet.mp4',
    });
    expect(videos.find((video) => video.key === 'cancelBonus')?.urls).toEqual({
      th: '/howto/th/cancelBonus.webm',
      la: '/howto/la/cancelBonus.webm',
      en: '/howto/en/cancelBonus.webm',
    });
  });
});
