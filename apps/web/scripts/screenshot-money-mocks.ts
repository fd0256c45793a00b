// Mock answers for the money screens of the screenshot script (home, game dialog, transfer, statement).
// Long Thai names and big amounts on purpose, to catch wrapping problems.

const games = [
  ['pg', 'Pagoda Gold', 'slot', 1, true, 1250.5],
  ['joker2', 'Jester Two', 'slot', 10, true, 87.25],
  ['pgslot', 'Pagoda Spin', 'slot', 1, false, 0],
  ['betflix', 'Bet Field', 'sport', 1, false, 0],
  ['askmebet', 'Ask Me Arena', 'sport', 1, true, 0],
  ['huayhd', 'Huay Lucky Draw', 'lotto', 1, false, 0],
] as const;

const slots = games.map(([code, name, category, ftWalletSlot, isActive, amount]) => ({
  code,
  name,
  category,
  logo: `/assets/games/${code}-logo.svg`,
  background: `/assets/games/${code}-bg.svg`,
  isActive,
  amount,
  ftWalletSlot,
  web: `/sandbox/games/${code}`,
  android: `/sandbox/games/${code}?platform=android`,
  ios: `/sandbox/games/${code}?platform=ios`,
}));

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

export const MONEY_MOCKS: Record<string, unknown> = {
  // A KTB account whose stored name is still Thai: home and profile offer the English-name edit.
  '/api/wallet': {
    profile: {
      _id: '0197a3f2-5b1c-7e4d-9a2b-3c4d5e6f7a8b',
      name: 'SOMCHAI JAIDEE',
      username: '0812345678',
      createdAt: '2026-03-04T17:05:09.000Z',
      coin: 12,
    },
    bankAccount: {
      bankAccountName: 'สมชาย ใจดี',
      bankAccountNo: '1234567890',
      bankCode: 'KTB',
      bank: { nameTH: 'ธนาคารกรุงไทย', nameLA: 'ທະນາຄານກຸງໄທ', nameEN: 'Krungthai Bank' },
    },
    wallet: { amount: 123456.78, currency: 'THB' },
    invite: { amount: 35.5, success: 3, fail: 12 },
    slots,
  },
  '/api/wallet/account/pg': { ...slots[0], username: 'jpg100001', password: 'sr6pnXfdb7' },
  '/api/lookup/agreements': [
    {
      th: 'ข้าพเจ้ามีอายุ 18 ปีขึ้นไป และยอมรับข้อตกลงการใช้งาน',
      la: 'ຂ້າພະເຈົ້າມີອາຍຸ 18 ປີຂຶ້ນໄປ ແລະ ຍອມຮັບຂໍ້ຕົກລົງການນຳໃຊ້',
      en: 'I am 18 or older and accept the terms of use.',
    },
    { th: 'ข้าพเจ้าจะไม่ให้ผู้อื่นใช้บัญชีของข้าพเจ้า', la: 'ຂ້າພະເຈົ້າຈະບໍ່ໃຫ້ຄົນອື່ນໃຊ້ບັນຊີຂອງຂ້າພະເຈົ້າ', en: 'I will not let anyone else use my account.' },
  ],
  '/api/statement/slip': {
    slips: [
      {
        createdAt: hoursAgo(0.05),
        amount: null,
        status: 'processing',
        note: null,
        link: '/api/statement/slip/reference/s1',
        reference: 's1',
      },
      {
        createdAt: hoursAgo(1),
        amount: null,
        status: 'failed',
        note: 'SLIP_REFNO_DUPLICATED',
        link: '/api/statement/slip/reference/s2',
        reference: 's2',
      },
      { createdAt: hoursAgo(26), amount: 100000, status: 'success', note: null, link: '/api/statement/slip/reference/s3', reference: 's3' },
    ],
  },
  '/api/statement': {
    total: 23,
    statements: [
      {
        statementType: 'transfer',
        from: 'pg',
        to: 'WALLET',
        status: 'PENDING',
        amount: 1250.5,
        createdAt: hoursAgo(0.1),
        channel: null,
        description: null,
      },
      {
        statementType: 'transfer',
        from: 'WALLET',
        to: 'joker2',
        status: 'SUCCESS',
        amount: -100,
        createdAt: hoursAgo(2),
        channel: null,
        description: null,
      },
      {
        statementType: 'transfer',
        from: 'pg',
        to: 'WALLET',
        status: 'FAILED',
        amount: 5000,
        createdAt: hoursAgo(3),
        channel: null,
        description: null,
      },
      {
        statementType: 'deposit',
        from: null,
        to: 'WALLET',
        status: 'SUCCESS',
        amount: 100000,
        createdAt: hoursAgo(26),
        channel: { kind: 'slip', reference: '20260105ABCD12EF34GH' },
        description: null,
      },
      {
        statementType: 'deposit',
        from: null,
        to: 'WALLET',
        status: 'SUCCESS',
        amount: 300,
        createdAt: hoursAgo(30),
        channel: { kind: 'qr', provider: 'PAYONEX', reference: 'K9X2QA7B3C4D5E6F' },
        description: null,
      },
      {
        statementType: 'bonus',
        from: null,
        to: 'WALLET',
        status: 'SUCCESS',
        amount: 500,
        createdAt: hoursAgo(50),
        channel: null,
        description: 'Welcome bonus 10% / โบนัสต้อนรับ 10%',
      },
      {
        statementType: 'withdraw',
        from: 'WALLET',
        to: null,
        status: 'SUCCESS',
        amount: -2500,
        createdAt: hoursAgo(24 * 9),
        channel: { kind: 'payout', bankCode: 'KTB', accountEnd: '7890' },
        description: null,
      },
    ],
  },
};

/** Card artwork: the real server serves generated SVGs; the mock draws a plain gradient with the game's initials. */
export function gameArt(path: string): string {
  const [, code = '', kind = ''] = /\/assets\/games\/([a-z0-9]+)-(logo|bg)\.svg$/.exec(path) ?? [];
  const mark = code.slice(0, 2).toUpperCase();
  return kind === 'logo'
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#7a1f3d"/><text x="32" y="40" font-size="22" text-anchor="middle" fill="#ffe08a" font-family="sans-serif">${mark}</text></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><defs><linearGradient id="g"><stop offset="0" stop-color="#3b1e6d"/><stop offset="1" stop-color="#e0a82e"/></linearGradient></defs><rect width="320" height="180" fill="url(#g)"/></svg>`;
}
