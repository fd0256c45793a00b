import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { App } from '../app.ts';
import type { Kysely } from 'kysely';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { encryptTruelink } from '@jetton/contract/truelink-crypto';
import { DAY_MS } from '@jetton/contract/site-time';
import { createSelfUrl } from '../adapters/self-url.ts';
import type { DB } from '../db/schema.ts';
import type { MovableClock } from './demo-clock.ts';
import { DEMO_MEMBER } from './demo-member.ts';
import { lastEntryId, redateEntries, redateMember } from './demo-redate.ts';

/** The demo member's slot (not the one the browser tests open from scratch) and sports book. */
const SLOT = 'circus';
const SPORT = 'usun';
/** 07:00 UTC is 14:00 in Bangkok and Vientiane: well clear of the deposit window closed around midnight. */
const SEED_HOUR_UTC = 7;

type Deps = { app: App; db: Kysely<DB>; clock: MovableClock; truelinkKey: string };
type Step = { daysAgo: number; what: string; run: () => Promise<void> };

/**
 * Gives the demo member two weeks of history on a first start with the
 * simulators on, through the same doors a member and the outside parties use:
 * the member's API (app.inject), the sandbox bank, QR gateway, voucher and game
 * provider over HTTP, the slip verifier and the payout job. Nothing writes a
 * balance; the ledger and its checks see ordinary traffic. Each step runs with
 * the app's clock set to its day (docs/performance.md, "The demo member").
 *
 * Runs once: a demo member who already has a slip is left as they are, so a
 * restart adds nothing. Needs the server listening (adapters call /sandbox over HTTP).
 */
export async function seedDemoHistory(deps: Deps): Promise<'seeded' | 'already'> {
  const { app, db, clock } = deps;
  const member = await db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.username).executeTakeFirstOrThrow();
  const hasHistory = await db.selectFrom('slips').select('id').where('member_id', '=', member.id).limit(1).executeTakeFirst();
  if (hasHistory) return 'already';

  const end = clock.now();
  const token = await login(app);
  const api = memberApi(app, token);
  const sandbox = sandboxApi(app);
  const deposit = (await api('GET', ROUTES.lookup.deposit)) as DepositLookup;
  const siteAccount = deposit.banks.find((bank) => bank.currency === DEMO_MEMBER.currency);
  const giftWallet = deposit.wallets[0]?.walletAccountName;
  if (!siteAccount || !giftWallet) throw new Error('demo history: the deposit lookup has no THB account or gift-link wallet');

  const steps: Step[] = [
    {
      daysAgo: 13,
      what: 'slip deposit 2,500.00',
      run: async () => {
        const sender = { bank: DEMO_MEMBER.bankCode, account: DEMO_MEMBER.bankAccountNo, name: DEMO_MEMBER.bankAccountName };
        const receiver = { bank: siteAccount.bankCode, account: siteAccount.bankAccountNo, name: siteAccount.bankAccountName };
        const transfer = (await sandbox('POST', '/sandbox/bank/transfers', {
          amount: 2_500,
          sender,
          receiver,
          time: clock.now().toISOString(),
        })) as { slipUrl: string };
        const png = Buffer.from(await (await fetch(`${createSelfUrl(app, undefined)()}${transfer.slipUrl}`)).arrayBuffer());
        await uploadSlip(app, token, png);
        await app.services.slipVerifier.runOnce();
      },
    },
    {
      daysAgo: 10,
      what: 'QR deposit 1,200.00',
      run: async () => {
        const qr = (await api('POST', apiPath(ROUTES.qrcode.byProvider, { provider: 'KBANK' }), { amount: 1_200 })) as { qrcodeId: string };
        const row = await db.selectFrom('qr_codes').select('payload').where('id', '=', qr.qrcodeId).executeTakeFirstOrThrow();
        // The gateway sends its signed callback to the server before it answers.
        await sandbox('POST', '/sandbox/pay/pay', { payload: row.payload });
      },
    },
    {
      daysAgo: 8,
      what: 'gift link 500.00',
      run: async () => {
        const voucher = (await sandbox('POST', '/sandbox/voucher/vouchers', { amount: 500 })) as { link: string };
        await api('POST', ROUTES.wallet.truelink, { link: await encryptTruelink(deps.truelinkKey, voucher.link, giftWallet) }, true);
      },
    },
    {
      daysAgo: 7,
      what: 'game accounts at two providers, transfers to them',
      run: async () => {
        await api('GET', apiPath(ROUTES.wallet.activate, { code: SLOT }));
        await api('GET', apiPath(ROUTES.wallet.activate, { code: SPORT }));
        await api('POST', ROUTES.wallet.transfer, { from: 'WALLET', to: SLOT, amount: 600 }, true);
        await api('POST', ROUTES.wallet.transfer, { from: 'WALLET', to: SPORT, amount: 300 }, true);
      },
    },
    { daysAgo: 5, what: 'rounds at the demo slot', run: () => playRounds(app, api, 6) },
    {
      daysAgo: 4,
      what: 'winnings back to the wallet',
      run: async () => {
        await api('GET', ROUTES.wallet.refreshSlot);
        await api('POST', ROUTES.wallet.transfer, { from: SLOT, to: 'WALLET', amount: 200 }, true);
      },
    },
    {
      daysAgo: 2,
      what: 'withdrawal 700.00, paid',
      run: async () => {
        await api('POST', ROUTES.wallet.withdraw, { amount: 700 }, true);
        await app.services.payoutJob.runOnce();
      },
    },
  ];
  const dayOf = (step: Step) => {
    const day = new Date(end.getTime() - step.daysAgo * DAY_MS);
    day.setUTCHours(SEED_HOUR_UTC, 0, 0, 0);
    return day;
  };
  try {
    // Registered an hour before the first step: no record of the member is older than the member.
    const first = steps[0];
    if (first) await redateMember(db, member.id, new Date(dayOf(first).getTime() - 3_600_000));
    for (const step of steps) {
      clock.moveTo(dayOf(step));
      const before = await lastEntryId(db);
      await step.run().catch((error: unknown) => {
        throw new Error(`demo history: ${step.what} failed`, { cause: error });
      });
      // The entries took the database's time: the step's moment is the clock's (demo-redate.ts).
      await redateEntries(db, before, Date.now() - clock.now().getTime());
    }
  } finally {
    clock.moveTo(undefined);
  }
  return 'seeded';
}

type DepositLookup = {
  banks: { bankCode: string; bankAccountNo: string; bankAccountName: string; currency: string }[];
  wallets: { walletAccountName: string }[];
};

async function login(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: ROUTES.account.login,
    payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
  });
  if (res.statusCode !== 200) throw new Error(`demo history: login answered ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

type MemberApi = (method: 'GET' | 'POST', url: string, body?: object, idempotent?: boolean) => Promise<unknown>;

/** The member's API as the web calls it; anything but 2xx stops the seeding with the answer. */
function memberApi(app: FastifyInstance, token: string): MemberApi {
  return async (method, url, body, idempotent = false) => {
    const headers: InjectOptions['headers'] = { authorization: `Bearer ${token}` };
    if (idempotent) headers['idempotency-key'] = randomUUID();
    const res = await app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.body === '' ? undefined : res.json<unknown>();
  };
}

/** The simulators over real HTTP, as the outside parties they stand for. */
function sandboxApi(app: FastifyInstance) {
  return async (method: 'POST', path: string, body: object): Promise<unknown> => {
    const res = await fetch(`${createSelfUrl(app, undefined)()}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status} ${await res.text()}`);
    return res.json();
  };
}

function uploadSlip(app: FastifyInstance, token: string, png: Buffer) {
  const boundary = `----jetton-demo-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app
    .inject({
      method: 'POST',
      url: ROUTES.wallet.slip,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    .then((res) => {
      if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`slip upload answered ${res.statusCode} ${res.body}`);
    });
}

/** Opens the demo slot as the member's browser does (launch link, session cookie) and spins `rounds` times at 5.00. */
async function playRounds(app: FastifyInstance, api: MemberApi, rounds: number): Promise<void> {
  const account = (await api('GET', apiPath(ROUTES.wallet.account, { code: SLOT }))) as { username: string };
  const { link } = (await api('GET', apiPath(ROUTES.autoLogin, { game: SLOT, username: account.username }))) as { link: string };
  const base = createSelfUrl(app, undefined)();
  const launched = await fetch(new URL(link, base), { redirect: 'manual' });
  const cookie = (launched.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error(`game launch answered ${launched.status} without a session`);
  for (let i = 0; i < rounds; i += 1) {
    const res = await fetch(`${base}/sandbox/games/${SLOT}/play/bet`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ bet: '500' }),
    });
    if (!res.ok) throw new Error(`spin answered ${res.status} ${await res.text()}`);
  }
}
