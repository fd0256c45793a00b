// Screenshots of the member site at 390 x 844 in th, la and en: a screen is done when it has been seen in all three.
// Serve the app first (`npm run build -w apps/web && npm run preview -w apps/web`), then:
//   npm run screenshots -w apps/web -- [--base URL] [--out DIR] [--only login,contact] [--locales th,en] [--live]
// The API is mocked in the browser (page.route) unless --live is given, so screens show data
// without the server. Add a screen to SCREENS when a feature lands.
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEPOSIT_MOCKS, DEPOSIT_STATES, SLIP_PNG } from './screenshot-deposit-mocks.ts';
import { gameArt, MONEY_MOCKS } from './screenshot-money-mocks.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:4173' },
    out: { type: 'string', default: 'screenshots' },
    only: { type: 'string' },
    locales: { type: 'string', default: 'th,la,en' },
    live: { type: 'boolean', default: false },
  },
});

type Screen = {
  name: string;
  path: string;
  member?: boolean;
  full?: boolean;
  act?: (page: Page) => Promise<void>;
  /** Member screens start with the agreement accepted, except the one that shows it. */
  agreement?: boolean;
  /** Answers that differ from MOCKS on this screen (by path). */
  mocks?: Record<string, unknown>;
};

const SCREENS: Screen[] = [
  { name: 'login', path: '/login' },
  { name: 'login-required', path: '/login', act: (page) => page.locator('button[type=submit]').click() },
  { name: 'register-phone', path: '/register' },
  { name: 'register-phone-error', path: '/register', act: (page) => registerUpTo(page, 'phone-error') },
  { name: 'register-otp', path: '/register', act: (page) => registerUpTo(page, 'otp') },
  { name: 'register-profile', path: '/register', act: (page) => registerUpTo(page, 'profile') },
  { name: 'register-profile-error', path: '/register', act: (page) => registerUpTo(page, 'profile-error') },
  { name: 'register-bank', path: '/register?code=PR100001', full: true, act: (page) => registerUpTo(page, 'bank') },
  { name: 'register-bank-error', path: '/register', full: true, act: (page) => registerUpTo(page, 'bank-error') },
  { name: 'profile', path: '/user/profile', member: true, full: true },
  { name: 'profile-password', path: '/user/profile', member: true, act: (page) => openProfileSheet(page, 0) },
  { name: 'profile-bank-name', path: '/user/profile', member: true, act: (page) => openProfileSheet(page, 1) },
  { name: 'contact', path: '/contact' },
  { name: 'howto', path: '/howto' },
  { name: 'howto-player', path: '/howto', act: (page) => page.getByRole('listitem').nth(1).getByRole('button').click() },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'terminated', path: '/terminated' },
  { name: 'member-home', path: '/user/home', member: true, full: true },
  { name: 'home-agreement', path: '/user/home', member: true, agreement: true, act: (page) => page.locator('dialog[open]').waitFor() },
  {
    name: 'home-game',
    path: '/user/home',
    member: true,
    act: (page) => openSheet(page.locator('main li').filter({ hasText: 'Pagoda Gold' }).getByRole('button')),
  },
  {
    name: 'home-game-open',
    path: '/user/home',
    member: true,
    act: (page) => openSheet(page.locator('main li').filter({ hasText: 'Pagoda Spin' }).getByRole('button')),
  },
  {
    name: 'home-transfer',
    path: '/user/home',
    member: true,
    act: (page) => openSheet(page.locator('main section button[aria-haspopup=dialog]').first()),
  },
  { name: 'home-transfer-error', path: '/user/home', member: true, act: transferErrors },
  { name: 'home-deposit', path: '/user/home', member: true, act: (page) => openDeposit(page) },
  { name: 'home-deposit-qr', path: '/user/home', member: true, act: (page) => openDeposit(page, 1) },
  {
    name: 'home-deposit-qr-open',
    path: '/user/home',
    member: true,
    mocks: DEPOSIT_STATES.qrOpen,
    act: (page) => openDeposit(page, 1, 'dialog[open] img'),
  },
  {
    name: 'home-deposit-arrived',
    path: '/user/home',
    member: true,
    mocks: DEPOSIT_STATES.qrPaid,
    act: (page) => openDeposit(page, 1, 'dialog[open] [role=status] svg'),
  },
  { name: 'home-deposit-gift', path: '/user/home', member: true, act: (page) => openDeposit(page, 2) },
  { name: 'home-deposit-slip-checking', path: '/user/home', member: true, act: (page) => sendSlip(page) },
  {
    name: 'home-deposit-slip-refused',
    path: '/user/home',
    member: true,
    mocks: DEPOSIT_STATES.slipRefused,
    act: (page) => sendSlip(page, '[role=alert]'),
  },
  { name: 'statement', path: '/user/statement', member: true, full: true },
  {
    name: 'statement-slips',
    path: '/user/statement',
    member: true,
    act: (page) => openSheet(page.locator('main button[aria-haspopup=dialog]').first()),
  },
  { name: 'member-conditions', path: '/user/home', member: true, act: (page) => page.getByRole('navigation').getByRole('button').click() },
  { name: 'member-contact', path: '/user/contact', member: true },
];

type RegisterStop = 'phone-error' | 'otp' | 'profile' | 'profile-error' | 'bank' | 'bank-error';

/** Walks the wizard with locale-independent selectors (names and the submit button). */
async function registerUpTo(page: Page, stop: RegisterStop): Promise<void> {
  const next = () => page.locator('form button[type=submit]').click();
  await page.locator('input[name=phone]').fill(stop === 'phone-error' ? '08123' : '0812345678');
  await next();
  if (stop === 'phone-error') return;
  await page.locator('input[name=otpCode]').waitFor();
  if (stop === 'otp') return;
  await page.locator('input[name=otpCode]').fill('123456');
  await next();
  await page.locator('input[name=name]').waitFor();
  if (stop === 'profile-error') {
    await page.locator('input[name=password]').fill('secret1');
    await page.locator('input[name=confirmPassword]').fill('secret2');
    return next();
  }
  if (stop === 'profile') return page.locator('input[name=name]').fill('Somchai Jaidee');
  await page.locator('input[name=name]').fill('Somchai Jaidee');
  await page.locator('input[name=password]').fill('secret1');
  await page.locator('input[name=confirmPassword]').fill('secret1');
  await next();
  await page.locator('input[name=firstName]').waitFor();
  if (stop === 'bank-error') {
    await page.locator('select[name=bankCode]').selectOption('KTB');
    await page.locator('input[name=firstName]').fill('สมชาย');
    return next();
  }
}

async function openSheet(opener: ReturnType<Page['locator']>): Promise<void> {
  await opener.click();
  await opener.page().locator('dialog[open]').waitFor();
}

/** The deposit dialog on its tab (0 bank, 1 QR, 2 gift link), once `ready` shows. */
async function openDeposit(page: Page, tab = 0, ready = 'dialog[open] [role=tabpanel] > *'): Promise<void> {
  await openSheet(page.locator('main ul button[aria-haspopup=dialog]').first());
  await page.locator('dialog[open] [role=tab]').nth(tab).click();
  await page.locator(ready).first().waitFor();
}

/** Chooses a slip and sends it; the dialog then watches it (`ready`: the state to wait for). */
async function sendSlip(page: Page, ready = 'dialog[open] [role=status]'): Promise<void> {
  await openDeposit(page);
  await page.locator('dialog[open] input[type=file]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: SLIP_PNG });
  await page.locator('dialog[open] button[type=submit]').click();
  await page.locator(ready).first().waitFor();
}

async function transferErrors(page: Page): Promise<void> {
  await openSheet(page.locator('main section button[aria-haspopup=dialog]').first());
  await page.locator('dialog[open] form button[type=submit]').click();
}

async function openProfileSheet(page: Page, index: number): Promise<void> {
  await page.locator('main button[aria-haspopup=dialog]').nth(index).click();
  await page.locator('dialog[open] input').first().waitFor();
}

const QR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges"><rect width="21" height="21" fill="#fff"/>${Array.from(
  { length: 441 },
  (_, i) => ((i * 7919) % 13 < 6 ? `<rect x="${i % 21}" y="${Math.floor(i / 21)}" width="1" height="1"/>` : ''),
).join('')}</svg>`;

/** Mock answers by path; long Thai and Lao strings on purpose, to catch wrapping problems. */
const MOCKS: Record<string, unknown> = {
  '/api/lookup/active': { status: 'active' },
  '/api/lookup/registerOTP': { enabled: true },
  '/api/lookup/banks': [
    { code: 'BBL', nameTH: 'ธนาคารกรุงเทพ', nameLA: 'ທະນາຄານກຸງເທບ', nameEN: 'Bangkok Bank' },
    { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
    { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameLA: 'ທະນາຄານກຸງໄທ', nameEN: 'Krungthai Bank' },
    { code: 'BAAC', nameTH: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', nameLA: 'ທະນາຄານເພື່ອການກະສິກຳ ແລະ ສະຫະກອນກະສິກຳ', nameEN: 'BAAC' },
    {
      code: 'BCEL',
      nameTH: 'ธนาคารการค้าต่างประเทศลาว',
      nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
      nameEN: 'BCEL (Banque pour le Commerce Exterieur Lao)',
    },
  ],
  '/api/lookup/sources': [
    { code: 'FACEBOOK', description: 'Facebook', nameTH: 'Facebook', nameLA: 'Facebook', nameEN: 'Facebook' },
    { code: 'FRIEND', description: 'Friend', nameTH: 'เพื่อนแนะนำ', nameLA: 'ໝູ່ແນະນຳ', nameEN: 'A friend told me' },
  ],
  '/api/otp/send': { otpRef: 'K7QP', otpToken: 'screenshot-otp', code: 'OTP_SENT' },
  '/api/otp/verify': { code: 'OTP_CODE_VALID' },
  '/api/account/validate': { valid: true },
  '/api/account/profile': {
    _id: '0197a3f2-5b1c-7e4d-9a2b-3c4d5e6f7a8b',
    name: 'SOMCHAI JAIDEE',
    username: '0812345678',
    createdAt: '2026-03-04T17:05:09.000Z',
    coin: 3,
    memberNo: 100001,
    inviteCode: 'PR100001',
  },
  ...MONEY_MOCKS,
  ...DEPOSIT_MOCKS,
  '/api/lookup/contact': {
    contactText: {
      th: 'ติดต่อทีมงานได้ตลอด 24 ชั่วโมง ผ่าน LINE หรือแชท\nตอบกลับภายใน 5 นาที',
      la: 'ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງ ຜ່ານ LINE ຫຼື ແຊັດ\nຕອບກັບພາຍໃນ 5 ນາທີ',
      en: 'Our team is here 24 hours a day on LINE or chat.\nWe reply within 5 minutes.',
    },
    lineLink: 'https://line.me/R/ti/p/@jetton',
    lineName: '@jetton',
    lineQR: `data:image/svg+xml;base64,${Buffer.from(QR_SVG).toString('base64')}`,
  },
  '/api/lookup/howto': [
    { key: 'wallet', url: null },
    { key: 'howToPlay', url: null },
    { key: 'checkBalance', url: null },
    { key: 'receiveBonus', url: null },
    { key: 'cancelBonus', url: null },
  ],
  '/api/lookup/conditions': [
    {
      th: 'ต้องทำยอดเทิร์นโอเวอร์ตามเงื่อนไขก่อนถอนเงิน',
      la: 'ຕ້ອງເຮັດຍອດເທີນໂອເວີຕາມເງື່ອນໄຂກ່ອນຖອນເງິນ',
      en: 'Meet the turnover condition before you withdraw.',
    },
    { th: 'รับโบนัสได้ครั้งละหนึ่งโบนัสเท่านั้น', la: 'ຮັບໂບນັດໄດ້ເທື່ອລະໜຶ່ງໂບນັດເທົ່ານັ້ນ', en: 'Only one bonus can be active at a time.' },
  ],
};

async function shoot(browser: Browser, screen: Screen, locale: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(
    ([lang, member, agreement]) => {
      localStorage.setItem('locale', lang);
      if (member) sessionStorage.setItem('token', 'screenshot-token');
      if (member && !agreement) localStorage.setItem('remember-agreement', 'true');
    },
    [locale, screen.member ?? false, screen.agreement ?? false] as const,
  );
  // The server puts the gift-link key into index.html; the preview has none, so the mock adds one.
  await context.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const meta = Object.assign(document.createElement('meta'), { name: 'jetton-truelink-key', content: 'c2NyZWVuc2hvdC1rZXk' });
      document.head.append(meta);
    }),
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error on ${screen.name} (${locale}): ${error.message}`));
  if (!args.live) {
    const mocks = { ...MOCKS, ...screen.mocks };
    await page.route('**/api/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      return path in mocks ? route.fulfill({ json: mocks[path] }) : route.fulfill({ status: 404, json: { message: 'NOT_FOUND' } });
    });
    await page.route('**/assets/games/**', (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: gameArt(new URL(route.request().url()).pathname) }),
    );
  }
  await page.goto(`${args.base}${screen.path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await screen.act?.(page);
  // Let enter animations finish and web fonts apply before the picture.
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A looping animation (the "waiting for payment" pulse) never finishes: only the finite ones are awaited.
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const file = `${args.out}/${screen.name}-${locale}.png`;
  await page.screenshot({ path: file, fullPage: screen.full ?? false });
  await context.close();
  return file;
}

const only = args.only?.split(',');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  await mkdir(args.out, { recursive: true });
  for (const screen of SCREENS.filter((s) => !only || only.includes(s.name))) {
    for (const locale of args.locales.split(',')) console.log(await shoot(browser, screen, locale));
  }
} finally {
  await browser.close();
}
