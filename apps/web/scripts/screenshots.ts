// Screenshots of the member site at 390 x 844 in th, la and en ("done means seen", ui-brief).
// Serve the app first (`npm run build -w apps/web && npm run preview -w apps/web`), then:
//   npm run screenshots -w apps/web -- [--base URL] [--out DIR] [--only login,contact] [--locales th,en] [--live]
// The API is mocked in the browser (page.route) unless --live is given, so screens show data
// without the server. Add a screen to SCREENS when a feature lands.
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:4173' },
    out: { type: 'string', default: 'screenshots' },
    only: { type: 'string' },
    locales: { type: 'string', default: 'th,la,en' },
    live: { type: 'boolean', default: false },
  },
});

type Screen = { name: string; path: string; member?: boolean; act?: (page: Page) => Promise<void> };

const SCREENS: Screen[] = [
  { name: 'login', path: '/login' },
  { name: 'login-required', path: '/login', act: (page) => page.locator('button[type=submit]').click() },
  { name: 'register', path: '/register' },
  { name: 'contact', path: '/contact' },
  { name: 'howto', path: '/howto' },
  { name: 'howto-player', path: '/howto', act: (page) => page.getByRole('listitem').nth(1).getByRole('button').click() },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'terminated', path: '/terminated' },
  { name: 'member-home', path: '/user/home', member: true },
  { name: 'member-conditions', path: '/user/home', member: true, act: (page) => page.getByRole('navigation').getByRole('button').click() },
  { name: 'member-contact', path: '/user/contact', member: true },
];

const QR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges"><rect width="21" height="21" fill="#fff"/>${Array.from(
  { length: 441 },
  (_, i) => ((i * 7919) % 13 < 6 ? `<rect x="${i % 21}" y="${Math.floor(i / 21)}" width="1" height="1"/>` : ''),
).join('')}</svg>`;

/** Mock answers by path; long Thai and Lao strings on purpose, to catch wrapping problems. */
const MOCKS: Record<string, unknown> = {
  '/api/lookup/active': { status: 'active' },
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
    { th: 'ต้องทำยอดเทิร์นโอเวอร์ตามเงื่อนไขก่อนถอนเงิน', la: 'ຕ້ອງເຮັດຍອດເທີນໂອເວີຕາມເງື່ອນໄຂກ່ອນຖອນເງິນ', en: 'Meet the turnover condition before you withdraw.' },
    { th: 'รับโบนัสได้ครั้งละหนึ่งโบนัสเท่านั้น', la: 'ຮັບໂບນັດໄດ້ເທື່ອລະໜຶ່ງໂບນັດເທົ່ານັ້ນ', en: 'Only one bonus can be active at a time.' },
  ],
};

async function shoot(browser: Browser, screen: Screen, locale: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(
    ([lang, member]) => {
      localStorage.setItem('locale', lang);
      if (member) sessionStorage.setItem('token', 'screenshot-token');
    },
    [locale, screen.member ?? false] as const,
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error on ${screen.name} (${locale}): ${error.message}`));
  if (!args.live) {
    await page.route('**/api/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      return path in MOCKS ? route.fulfill({ json: MOCKS[path] }) : route.fulfill({ status: 404, json: { message: 'NOT_FOUND' } });
    });
  }
  await page.goto(`${args.base}${screen.path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await screen.act?.(page);
  // Let enter animations finish and web fonts apply before the picture.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
  const file = `${args.out}/${screen.name}-${locale}.png`;
  await page.screenshot({ path: file });
  await context.close();
  return file;
}

const only = args.only?.split(',');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await mkdir(args.out, { recursive: true });
  for (const screen of SCREENS.filter((s) => !only || only.includes(s.name))) {
    for (const locale of args.locales.split(',')) console.log(await shoot(browser, screen, locale));
  }
} finally {
  await browser.close();
}
