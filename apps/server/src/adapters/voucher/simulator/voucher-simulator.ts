import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { DECIMAL_TEXT, decimalToMinor, minorToDecimal } from '@jetton/contract/money';
import type { Clock } from '../../../clock.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { VOUCHER_SANDBOX_PATH } from '../../party-keys.ts';
import { isFormPost, prepareSimulatorScope, sendPage } from '../../../sandbox/sandbox-page.ts';
import { voucherPage } from './voucher-page.ts';

const DAY = 24 * 60 * 60_000;
const LIMIT = 10_000;

type Voucher = { hash: string; amount: bigint; ownerMobile: string; expiresAt: Date; redeemedBy: string | null };

const ZMinorText = z
  .union([z.number().transform(String), text()])
  .pipe(text().trim().regex(DECIMAL_TEXT))
  .transform(decimalToMinor);
const ZIssue = z.object({
  amount: ZMinorText,
  ownerMobile: text()
    .regex(/^[0-9]{10}$/)
    .optional(),
  /** Issue it already expired (tests). */
  expired: z.union([z.boolean(), z.literal('on')]).optional(),
});
const ZHash = z.object({ hash: text().regex(/^[A-Za-z0-9]{1,64}$/) });
const ZMobile = z.object({ mobile: text().max(16) });

/**
 * TrueMoney gift vouchers, simulated (SANDBOX=on only): issue a gift link with
 * an amount (page or JSON), then verify/redeem like the real API, mirroring its
 * statuses: SUCCESS, TARGET_USER_REDEEMED, CANNOT_GET_OWN_VOUCHER,
 * VOUCHER_EXPIRED, VOUCHER_OUT_OF_STOCK, VOUCHER_NOT_FOUND. One ticket each.
 */
export async function registerVoucherSimulator(app: FastifyInstance, deps: { clock: Clock }): Promise<void> {
  listOnSandboxIndex(app, { path: VOUCHER_SANDBOX_PATH, title: 'TrueMoney gift links', about: 'Issue a gift link to deposit with.' });
  const vouchers = new Map<string, Voucher>();

  function issue(input: z.infer<typeof ZIssue>): { hash: string; link: string } {
    const hash = randomBytes(16).toString('hex');
    const expired = input.expired === true || input.expired === 'on';
    const expiresAt = new Date(deps.clock.now().getTime() + (expired ? -1 : 7) * DAY);
    vouchers.set(hash, { hash, amount: input.amount, ownerMobile: input.ownerMobile ?? '0800000000', expiresAt, redeemedBy: null });
    if (vouchers.size > LIMIT) {
      const oldest = vouchers.keys().next().value;
      if (oldest !== undefined) vouchers.delete(oldest);
    }
    return { hash, link: `https://gift.truemoney.com/campaign/?v=${hash}` };
  }

  function answer(hash: string, mobile: string, redeem: boolean): { http: number; body: object } {
    const v = vouchers.get(hash);
    const status = (code: string, data: object | null = null) => ({
      http: code === 'SUCCESS' ? 200 : code === 'VOUCHER_NOT_FOUND' ? 404 : 400,
      body: { status: { code }, data },
    });
    if (!v) return status('VOUCHER_NOT_FOUND');
    const voucher = { amount_baht: minorToDecimal(v.amount), redeemed: v.redeemedBy ? 1 : 0, member: 1 };
    if (deps.clock.now() > v.expiresAt) return status('VOUCHER_EXPIRED', { voucher });
    if (mobile === v.ownerMobile) return status('CANNOT_GET_OWN_VOUCHER', { voucher });
    if (v.redeemedBy === mobile) return status('TARGET_USER_REDEEMED', { voucher, my_ticket: { amount_baht: minorToDecimal(v.amount) } });
    if (v.redeemedBy) return status('VOUCHER_OUT_OF_STOCK', { voucher });
    if (redeem) v.redeemedBy = mobile;
    return status('SUCCESS', { voucher, my_ticket: redeem ? { amount_baht: minorToDecimal(v.amount) } : null });
  }

  await app.register(
    (sandbox, _options, done) => {
      prepareSimulatorScope(sandbox);
      sandbox.get('/', (_request, reply) => sendPage(reply, voucherPage()));

      sandbox.post('/vouchers', (request, reply) => {
        const isForm = isFormPost(request);
        const input = ZIssue.safeParse(request.body);
        if (!input.success) {
          return isForm
            ? sendPage(reply, voucherPage({ error: 'Enter an amount such as 50.00.' }), 400)
            : reply.status(400).send({ message: 'KEY_INVALID' });
        }
        const issued = issue(input.data);
        return isForm ? sendPage(reply, voucherPage({ link: issued.link })) : reply.status(201).send(issued);
      });

      sandbox.get('/campaign/vouchers/:hash/verify', (request, reply) => {
        const { http, body } = answer(ZHash.parse(request.params).hash, ZMobile.parse(request.query).mobile, false);
        return reply.status(http).send(body);
      });

      sandbox.post('/campaign/vouchers/:hash/redeem', (request, reply) => {
        const { http, body } = answer(ZHash.parse(request.params).hash, ZMobile.parse(request.body).mobile, true);
        return reply.status(http).send(body);
      });
      done();
    },
    { prefix: VOUCHER_SANDBOX_PATH },
  );
}
