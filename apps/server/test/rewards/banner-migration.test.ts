import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database.ts';
import { testEngines } from '../support/engines.ts';
import { migrateUpToBefore, useEmptyDatabase } from '../support/migration-support.ts';

const MIGRATION = '0044-localized-banners';
const SEEDED_INVITE = '<p>Share your link: earn <b>1%</b> of your friends\u2019 play every day.</p>';
const WELCOME = '<p><b>Welcome!</b> Double your first deposit.</p>';

describe.each(testEngines())('the banner language migration on the %s database', (engine) => {
  const database = useEmptyDatabase(engine);

  it('turns each English-only banner text into { th, la, en }: the seeded copy gets its translations, an operator’s own text stays English', async () => {
    const { db } = database();
    await migrateUpToBefore(db, MIGRATION);
    await sql`insert into reward_banners (id, placement, image, html, sort, active) values
      ('00000000-0000-7000-8000-000000000001', 'invite', '/assets/banners/invite.svg', ${SEEDED_INVITE}, 0, true),
      ('00000000-0000-7000-8000-000000000002', 'refund', '/assets/banners/refund.svg', '<p>Our own words</p>', 1, true)`.execute(db);
    const banners = JSON.stringify([
      { image: '/assets/banners/welcome.svg', html: WELCOME },
      { image: '/x.svg', html: 'Mine' },
    ]);
    await sql`insert into bonus_definitions (id, origin, code, names, notices, type, max_received, percent, max_bonus, min_deposit,
      turnover, percent_fail, category_weights, banners, active, created_at, updated_at) values
      ('00000000-0000-7000-8000-000000000003', 'bonus', 'OLD1', '{"th":"a","la":"b","en":"c"}', '{"th":"a","la":"b","en":"c"}', 'limit',
       1, 10, 100, 100, 1, 0, '{"slot":100,"sport":100,"lotto":100}', ${banners}::jsonb, true, now(), now())`.execute(db);

    await migrateToLatest(db);

    const rows = await db.selectFrom('reward_banners').select(['placement', 'html']).orderBy('sort').execute();
    expect(rows).toEqual([
      {
        placement: 'invite',
        html: {
          th: '<p>แชร์ลิงก์ของคุณ: รับ <b>1%</b> จากยอดเล่นของเพื่อนทุกวัน</p>',
          la: '<p>ແບ່ງປັນລິ້ງຂອງທ່ານ: ຮັບ <b>1%</b> ຈາກຍອດຫຼິ້ນຂອງໝູ່ທຸກມື້</p>',
          en: SEEDED_INVITE,
        },
      },
      { placement: 'refund', html: { th: '', la: '', en: '<p>Our own words</p>' } },
    ]);
    const def = await db.selectFrom('bonus_definitions').select('banners').where('code', '=', 'OLD1').executeTakeFirstOrThrow();
    expect(def.banners).toEqual([
      {
        image: '/assets/banners/welcome.svg',
        html: {
          th: '<p><b>ยินดีต้อนรับ!</b> ฝากครั้งแรก รับเพิ่มอีกเท่าตัว</p>',
          la: '<p><b>ຍິນດີຕ້ອນຮັບ!</b> ຝາກຄັ້ງທຳອິດ ຮັບເພີ່ມອີກເທົ່າຕົວ</p>',
          en: WELCOME,
        },
      },
      { image: '/x.svg', html: { th: '', la: '', en: 'Mine' } },
    ]);
  });
});
