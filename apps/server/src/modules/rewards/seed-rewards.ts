import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { StoredBanner } from '../../db/tables/rewards.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { bannerPath } from './banner-art.ts';
import { createBannerRepository } from './banner-repository.ts';
import { createDefinitionRepository, type DefinitionInput } from './definition-repository.ts';
import { cleanBanners } from './operator-rewards-service.ts';

const ALL = { slot: 100, sport: 100, lotto: 100 };
const banner = (file: Parameters<typeof bannerPath>[0], html: StoredBanner['html']): StoredBanner => ({ image: bannerPath(file), html });

/** Realistic first-start offers: three listed bonuses and two promotion codes (docs/rewards.md, "The seeded offers"). */
export const SEED_DEFINITIONS: DefinitionInput[] = [
  {
    origin: 'bonus',
    code: 'WELCOME100',
    names: { th: 'โบนัสต้อนรับ 100%', la: 'ໂບນັດຕ້ອນຮັບ 100%', en: 'Welcome bonus 100%' },
    notices: {
      th: 'รับโบนัส 100% ของยอดในกระเป๋า สูงสุด 1,000 บาท ทำเทิร์นโอเวอร์ 5 เท่า หากยกเลิกก่อนครบจะได้รับ {percentFail}% ของโบนัส',
      la: 'ຮັບໂບນັດ 100% ຂອງຍອດໃນກະເປົາ ສູງສຸດ 1,000 ເຮັດເທີນໂອເວີ 5 ເທົ່າ ຖ້າຍົກເລີກກ່ອນຄົບຈະໄດ້ຮັບ {percentFail}% ຂອງໂບນັດ',
      en: 'Get 100% of your wallet, up to 1,000, with a 5x turnover. Cancel before it is met and you keep {percentFail}% of the bonus.',
    },
    type: 'limit',
    maxReceived: 1,
    percent: 100,
    maxBonus: 100_000n,
    minDeposit: 10_000n,
    turnover: 5,
    percentFail: 0,
    categoryWeights: ALL,
    banners: [
      banner('welcome.svg', {
        th: '<p><b>ยินดีต้อนรับ!</b> ฝากครั้งแรก รับเพิ่มอีกเท่าตัว</p>',
        la: '<p><b>ຍິນດີຕ້ອນຮັບ!</b> ຝາກຄັ້ງທຳອິດ ຮັບເພີ່ມອີກເທົ່າຕົວ</p>',
        en: '<p><b>Welcome!</b> Double your first deposit.</p>',
      }),
    ],
    active: true,
    validFrom: null,
    validTo: null,
    expiryDays: 30,
    maxUses: null,
  },
  {
    origin: 'bonus',
    code: 'DAILY10',
    names: { th: 'โบนัสรายวัน 10%', la: 'ໂບນັດປະຈຳວັນ 10%', en: 'Daily bonus 10%' },
    notices: {
      th: 'รับได้วันละ 1 ครั้ง 10% สูงสุด 500 บาท ทำเทิร์นโอเวอร์ 3 เท่า ยกเลิกก่อนครบได้รับ {percentFail}%',
      la: 'ຮັບໄດ້ມື້ລະ 1 ຄັ້ງ 10% ສູງສຸດ 500 ເຮັດເທີນໂອເວີ 3 ເທົ່າ ຍົກເລີກກ່ອນຄົບໄດ້ຮັບ {percentFail}%',
      en: 'Once a day: 10%, up to 500, with a 3x turnover. Cancel early and you keep {percentFail}%.',
    },
    type: 'day',
    maxReceived: 1,
    percent: 10,
    maxBonus: 50_000n,
    minDeposit: 10_000n,
    turnover: 3,
    percentFail: 20,
    categoryWeights: { slot: 100, sport: 50, lotto: 0 },
    banners: [
      banner('daily.svg', {
        th: '<p>ทุกวัน: รับ <b>10%</b> ของยอดในกระเป๋า</p>',
        la: '<p>ທຸກມື້: ຮັບ <b>10%</b> ຂອງຍອດໃນກະເປົາ</p>',
        en: '<p>Every day: <b>10%</b> on your wallet.</p>',
      }),
    ],
    active: true,
    validFrom: null,
    validTo: null,
    expiryDays: 1,
    maxUses: null,
  },
  {
    origin: 'bonus',
    code: 'WEEKLY20',
    names: { th: 'โบนัสรายสัปดาห์ 20%', la: 'ໂບນັດປະຈຳອາທິດ 20%', en: 'Weekly bonus 20%' },
    notices: {
      th: 'สัปดาห์ละ 2 ครั้ง (จันทร์-อาทิตย์) 20% สูงสุด 1,000 บาท ทำเทิร์นโอเวอร์ 4 เท่า ยกเลิกก่อนครบได้รับ {percentFail}%',
      la: 'ອາທິດລະ 2 ຄັ້ງ (ຈັນ-ອາທິດ) 20% ສູງສຸດ 1,000 ເຮັດເທີນໂອເວີ 4 ເທົ່າ ຍົກເລີກກ່ອນຄົບໄດ້ຮັບ {percentFail}%',
      en: 'Twice a week (Monday to Sunday): 20%, up to 1,000, with a 4x turnover. Cancel early and you keep {percentFail}%.',
    },
    type: 'week',
    maxReceived: 2,
    percent: 20,
    maxBonus: 100_000n,
    minDeposit: 30_000n,
    turnover: 4,
    percentFail: 10,
    categoryWeights: ALL,
    banners: [
      banner('weekend.svg', {
        th: '<p>สัปดาห์ละ 2 ครั้ง: รับ <b>20%</b></p>',
        la: '<p>ອາທິດລະ 2 ຄັ້ງ: ຮັບ <b>20%</b></p>',
        en: '<p>Twice a week: <b>20%</b>.</p>',
      }),
    ],
    active: true,
    validFrom: null,
    validTo: null,
    expiryDays: 7,
    maxUses: null,
  },
  {
    origin: 'promotion',
    code: 'SONGKRAN50',
    names: { th: 'โปรสงกรานต์ 50%', la: 'ໂປຣປີໃໝ່ 50%', en: 'New year promotion 50%' },
    notices: {
      th: 'รับ 50% สูงสุด 500 บาท ทำเทิร์นโอเวอร์ 3 เท่า',
      la: 'ຮັບ 50% ສູງສຸດ 500 ເຮັດເທີນໂອເວີ 3 ເທົ່າ',
      en: '50% of your wallet, up to 500, with a 3x turnover.',
    },
    type: 'limit',
    maxReceived: 1,
    percent: 50,
    maxBonus: 50_000n,
    minDeposit: 10_000n,
    turnover: 3,
    percentFail: 30,
    categoryWeights: ALL,
    banners: [],
    active: true,
    validFrom: null,
    validTo: null,
    expiryDays: 14,
    maxUses: 1000,
  },
  {
    origin: 'promotion',
    code: 'VIP200',
    names: { th: 'โปร VIP 200', la: 'ໂປຣ VIP 200', en: 'VIP 200' },
    notices: {
      th: 'โบนัส 20% สูงสุด 200 บาท สำหรับ 100 คนแรก',
      la: 'ໂບນັດ 20% ສູງສຸດ 200 ສຳລັບ 100 ຄົນທຳອິດ',
      en: '20% up to 200 for the first 100 members.',
    },
    type: 'limit',
    maxReceived: 1,
    percent: 20,
    maxBonus: 20_000n,
    minDeposit: 5_000n,
    turnover: 2,
    percentFail: 50,
    categoryWeights: ALL,
    banners: [],
    active: true,
    validFrom: null,
    validTo: null,
    expiryDays: 7,
    maxUses: 100,
  },
];

const SEED_BANNERS: { placement: 'invite' | 'refund'; banner: StoredBanner }[] = [
  {
    placement: 'invite',
    banner: banner('invite.svg', {
      th: '<p>แชร์ลิงก์ของคุณ: รับ <b>1%</b> จากยอดเล่นของเพื่อนทุกวัน</p>',
      la: '<p>ແບ່ງປັນລິ້ງຂອງທ່ານ: ຮັບ <b>1%</b> ຈາກຍອດຫຼິ້ນຂອງໝູ່ທຸກມື້</p>',
      en: '<p>Share your link: earn <b>1%</b> of your friends\u2019 play every day.</p>',
    }),
  },
  {
    placement: 'refund',
    banner: banner('refund.svg', {
      th: '<p>วันไหนเสีย? รับคืน <b>5%</b> ในเช้าวันถัดไป</p>',
      la: '<p>ມື້ໃດເສຍ? ຮັບຄືນ <b>5%</b> ໃນຕອນເຊົ້າມື້ຕໍ່ມາ</p>',
      en: '<p>A losing day? <b>5%</b> comes back the next morning.</p>',
    }),
  },
];

/** First start: the offers and banners that do not exist yet (idempotent by code and placement). */
export async function seedRewards(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  const definitions = createDefinitionRepository(db);
  for (const def of SEED_DEFINITIONS) {
    await definitions.insertIfAbsent(uuidV7(now), { ...def, banners: cleanBanners(def.banners) }, now);
  }
  const banners = createBannerRepository(db);
  for (const [sort, { placement, banner: b }] of SEED_BANNERS.entries()) {
    if (await banners.exists(placement)) continue;
    const [clean] = cleanBanners([b]);
    if (clean) await banners.insert(uuidV7(now), placement, clean, sort);
  }
}
