import { sql, type Kysely } from 'kysely';

type Localized = { th: string; la: string; en: string };

/**
 * The first-start banners' copy in the three languages, as it was seeded
 * (sanitized) in English before banners were held per language. Frozen here:
 * later seeds may say something else.
 */
const SEEDED: Record<string, Omit<Localized, 'en'>> = {
  '<p><b>Welcome!</b> Double your first deposit.</p>': {
    th: '<p><b>ยินดีต้อนรับ!</b> ฝากครั้งแรก รับเพิ่มอีกเท่าตัว</p>',
    la: '<p><b>ຍິນດີຕ້ອນຮັບ!</b> ຝາກຄັ້ງທຳອິດ ຮັບເພີ່ມອີກເທົ່າຕົວ</p>',
  },
  '<p>Every day: <b>10%</b> on your wallet.</p>': {
    th: '<p>ทุกวัน: รับ <b>10%</b> ของยอดในกระเป๋า</p>',
    la: '<p>ທຸກມື້: ຮັບ <b>10%</b> ຂອງຍອດໃນກະເປົາ</p>',
  },
  '<p>Twice a week: <b>20%</b>.</p>': {
    th: '<p>สัปดาห์ละ 2 ครั้ง: รับ <b>20%</b></p>',
    la: '<p>ອາທິດລະ 2 ຄັ້ງ: ຮັບ <b>20%</b></p>',
  },
  '<p>Share your link: earn <b>1%</b> of your friends\u2019 play every day.</p>': {
    th: '<p>แชร์ลิงก์ของคุณ: รับ <b>1%</b> จากยอดเล่นของเพื่อนทุกวัน</p>',
    la: '<p>ແບ່ງປັນລິ້ງຂອງທ່ານ: ຮັບ <b>1%</b> ຈາກຍອດຫຼິ້ນຂອງໝູ່ທຸກມື້</p>',
  },
  '<p>A losing day? <b>5%</b> comes back the next morning.</p>': {
    th: '<p>วันไหนเสีย? รับคืน <b>5%</b> ในเช้าวันถัดไป</p>',
    la: '<p>ມື້ໃດເສຍ? ຮັບຄືນ <b>5%</b> ໃນຕອນເຊົ້າມື້ຕໍ່ມາ</p>',
  },
};

/** An English-only text becomes `{ th, la, en }`: the seeded copy gets its translations, anything else is English (the web falls back to it). */
function localize(html: unknown): Localized {
  if (typeof html === 'object' && html !== null) return html as Localized;
  const en = typeof html === 'string' ? html : '';
  return { ...(SEEDED[en] ?? { th: '', la: '' }), en };
}

/**
 * Banner copy is held per language (docs/rewards.md, "Banners"): the invite
 * and refund banners' `html` column becomes jsonb `{ th, la, en }`, and so does
 * each banner of a bonus or promotion definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reward_banners alter column html type jsonb using jsonb_build_object('th', '', 'la', '', 'en', html)`.execute(db);
  const banners = await sql<{ id: string; html: Localized }>`select id, html from reward_banners`.execute(db);
  for (const row of banners.rows) {
    await sql`update reward_banners set html = ${JSON.stringify(localize(row.html.en))}::jsonb where id = ${row.id}`.execute(db);
  }
  const definitions = await sql<{
    id: string;
    banners: { image: string; html: unknown }[];
  }>`select id, banners from bonus_definitions`.execute(db);
  for (const row of definitions.rows) {
    const next = row.banners.map((b) => ({ image: b.image, html: localize(b.html) }));
    await sql`update bonus_definitions set banners = ${JSON.stringify(next)}::jsonb where id = ${row.id}`.execute(db);
  }
}
