import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { QR_PROVIDERS, type Currency, type QrProvider } from '@jetton/contract/constants';
import { meetsQrMinimum } from '@jetton/contract/money-rules';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { TQrProviderRule, TQrStatusResponse } from '@jetton/contract/deposit';
import type { TQrState } from '@jetton/contract/wallet';
import { qrCallbackSignatureValid } from '../../adapters/qr-gateway/callback-signature.ts';
import { QrGatewayError, type QrGateway, type QrPayment } from '../../adapters/qr-gateway/qr-gateway.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_CODES } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { creditDeposit } from './credit-deposit.ts';
import { createDepositRepository } from './deposit-repository.ts';
import type { DepositRulesSource } from './deposit-rules.ts';
import { createQrRepository, type QrCode } from './qr-repository.ts';
import { coinMinor, rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';

import type { QrRules } from '@jetton/contract/admin/settings';
import { createCareRepository } from '../care/care-repository.ts';
import type { LimitsService } from '../care/limits-service.ts';
import type { RulesSource } from '../lookup/cached-rules.ts';

type Deps = {
  db: Kysely<DB>;
  gateway: QrGateway;
  rules: DepositRulesSource;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where gateways post their callbacks for a provider (absolute URL). */
  callbackUrl: (provider: QrProvider) => string;
  callbackSecret: (provider: QrProvider) => Buffer;
  /** Providers an operator turned off (`rules.qr`, docs/operators.md, "Settings and content"). */
  qrRules?: RulesSource<QrRules>;
  /** Each currency's minimum per provider (docs/money.md, "Rules per currency"). */
  money: MoneyRulesSource;
  /** Player care: a QR the member's deposit limit has no room for is not made (docs/player-care.md). */
  limits?: Pick<LimitsService, 'assertDepositFits'>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const NO_QR: TQrState = { qrcodeId: null, hasQrcode: false, qrcode: null, payload: null, amount: null, expireIn: null, message: null };

const ZCallback = z.object({
  qrcodeId: text().max(64),
  provider: text(),
  amount: text().regex(/^[1-9][0-9]{0,14}$/),
  status: z.literal('PAID'),
  paidAt: z.iso.datetime(),
  providerRef: text().max(64),
});

export type CallbackResult = { status: 'CREDITED' | 'ALREADY_CREDITED' };

/** QR deposits (docs/deposits.md): one open QR per member and provider, credited only by a signed callback. */
export function createQrService(deps: Deps) {
  const qrs = createQrRepository(deps.db);

  async function view(qr: QrCode): Promise<TQrState> {
    if (qr.payload === '') return NO_QR; // still being issued by the gateway
    const svg = await QRCode.toString(qr.payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    const expireIn = Math.max(0, Math.floor((qr.expires_at.getTime() - deps.clock.now().getTime()) / 1000));
    return { qrcodeId: qr.id, hasQrcode: true, qrcode: svg, payload: qr.payload, amount: fromMinor(qr.amount), expireIn, message: null };
  }

  /** Each provider's rule in a currency: its picks and minimum from `rules.money`, on/off from `rules.qr`. */
  async function providerRules(currency: Currency): Promise<TQrProviderRule[]> {
    const settings = (await deps.qrRules?.get())?.providers ?? {};
    const picks = (await rulesFor(deps.money, currency)).qr;
    return QR_PROVIDERS.map((provider) => {
      const { min, minExclusive, amounts } = picks[provider];
      // A quick pick the minimum refuses is not offered.
      const offered = amounts.filter((a) => meetsQrMinimum({ min, minExclusive }, a));
      return { provider, enabled: settings[provider]?.enabled ?? true, min, minExclusive, amounts: offered };
    });
  }

  async function currencyOf(memberId: string): Promise<Currency> {
    const member = await createDepositRepository(deps.db).memberForDeposit(memberId);
    if (!member) throw new AppError('invalid-token');
    return member.currency;
  }

  /**
   * In one transaction with the QR row locked: only an open QR, paid before it
   * expired, for its exact amount, is credited; a repeated notice finds it paid
   * and the ledger reference (the QR id) credits once.
   */
  async function settle(provider: QrProvider, notice: QrPayment): Promise<CallbackResult> {
    const money = await deps.money.get();
    return withMoneyTransaction(deps.db, async (trx) => {
      const qr = UUID.test(notice.qrcodeId) ? await createQrRepository(trx).lockForPayment(notice.qrcodeId, provider) : undefined;
      if (!qr) throw new AppError('NO_DATA');
      if (qr.status === 'paid') return { status: 'ALREADY_CREDITED' as const };
      // The gateway's payment time decides: a late notice for an in-time payment still credits.
      const late = notice.paidAt.getTime() > qr.expires_at.getTime();
      if (qr.status !== 'open' || late || notice.amount !== qr.amount) throw new AppError('QR_FAIL', 409);
      const credit = await creditDeposit(trx, {
        at: deps.clock.now(),
        memberId: qr.member_id,
        currency: qr.currency,
        sourceCode: ACCOUNT_CODES.gateway(provider),
        kind: 'deposit.qr',
        reference: qr.id,
        amount: qr.amount,
        coinPerMinor: coinMinor(money[qr.currency]),
        memo: `${provider} ${notice.providerRef}`,
      });
      await createQrRepository(trx).markPaid(qr.id, deps.clock.now(), notice.providerRef);
      return { status: credit.created ? ('CREDITED' as const) : ('ALREADY_CREDITED' as const) };
    });
  }

  return {
    async state(memberId: string, provider: QrProvider): Promise<TQrState> {
      const open = await qrs.findOpen(memberId, provider, deps.clock.now());
      return open ? view(open) : NO_QR;
    },

    /** Each provider's rule as create applies it, in the member's currency (one source: `rules.money` and `rules.qr`). */
    async rules(memberId: string): Promise<TQrProviderRule[]> {
      return providerRules(await currencyOf(memberId));
    },

    async create(memberId: string, provider: QrProvider, amountUnits: number): Promise<TQrState> {
      const currency = await currencyOf(memberId);
      const rule = (await providerRules(currency)).find((r) => r.provider === provider);
      if (!rule?.enabled) return { ...NO_QR, message: 'QR_PROVIDER_OFF' };
      if (!meetsQrMinimum(rule, amountUnits)) return { ...NO_QR, message: 'QR_BELOW_MINIMUM' };
      await deps.limits?.assertDepositFits(memberId, toMinor(amountUnits));
      const now = deps.clock.now();
      await qrs.expireStale(memberId, provider, now);
      const open = await qrs.findOpen(memberId, provider, now);
      if (open) return view(open);

      const rules = await deps.rules.get();
      const id = uuidV7(now);
      const amount = toMinor(amountUnits);
      const expiresAt = new Date(now.getTime() + rules.qrExpireSeconds * 1000);
      // The row first (the unique index settles concurrent creates), then the gateway, outside any transaction.
      if (
        !(await qrs.insertOpen({
          id,
          member_id: memberId,
          provider,
          currency,
          amount,
          payload: '',
          created_at: now,
          expires_at: expiresAt,
        }))
      ) {
        const raced = await qrs.findOpen(memberId, provider, now);
        return raced ? view(raced) : NO_QR;
      }
      try {
        const { payload } = await deps.gateway.create({
          provider,
          qrcodeId: id,
          amount,
          currency,
          expiresAt,
          callbackUrl: deps.callbackUrl(provider),
        });
        await qrs.setPayload(id, payload);
        const created = await qrs.findOwned(memberId, id);
        return created ? view(created) : NO_QR;
      } catch (error) {
        if (!(error instanceof QrGatewayError)) throw error;
        deps.log.warn({ err: error, provider }, 'QR gateway gave no QR');
        await qrs.close(id, 'cancelled', deps.clock.now());
        throw new AppError('QR_FAIL');
      }
    },

    /**
     * Where one of the member's own QRs stands, as stored: `paid` once its
     * callback credited the wallet. Another member's id or an unknown one is NO_DATA.
     */
    async status(memberId: string, qrcodeId: string): Promise<TQrStatusResponse> {
      const qr = UUID.test(qrcodeId) ? await qrs.findOwned(memberId, qrcodeId) : undefined;
      if (!qr) throw new AppError('NO_DATA');
      const held = qr.status === 'paid' && (await createCareRepository(deps.db).isHeld('deposit.qr', qr.id));
      return {
        qrcodeId: qr.id,
        provider: qr.provider as QrProvider,
        status: qr.status,
        amount: fromMinor(qr.amount),
        ...(held ? { held: true } : {}),
      };
    },

    /** Cancels the member's own open QR; another member's id or an unknown one is NO_DATA. */
    async cancel(memberId: string, qrcodeId: string): Promise<void> {
      const qr = UUID.test(qrcodeId) ? await qrs.findOwned(memberId, qrcodeId) : undefined;
      if (!qr) throw new AppError('NO_DATA');
      if (await qrs.close(qr.id, 'cancelled', deps.clock.now(), memberId)) {
        await deps.gateway.cancel({ provider: qr.provider as QrProvider, qrcodeId: qr.id });
      }
    },

    /**
     * A gateway's callback: the signature over the raw body first (401, nothing
     * read), then in one transaction with the QR row locked: only an open QR,
     * paid before it expired, for its exact amount, is credited; a repeated
     * callback finds it paid and the ledger reference (the QR id) credits once.
     */
    async callback(provider: QrProvider, rawBody: Buffer, signature: unknown): Promise<CallbackResult> {
      if (!qrCallbackSignatureValid(deps.callbackSecret(provider), rawBody, signature)) throw new AppError('UNAUTHORIZED');
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('KEY_INVALID');
      }
      const parsed = ZCallback.safeParse(body);
      if (!parsed.success || parsed.data.provider !== provider) throw new AppError('KEY_INVALID');
      const notice = parsed.data;
      return settle(provider, {
        qrcodeId: notice.qrcodeId,
        amount: BigInt(notice.amount),
        paidAt: new Date(notice.paidAt),
        providerRef: notice.providerRef,
      });
    },

    settle,

    /**
     * Credits a QR only on the gateway's own word, asked by inquiry: what a
     * callback without proof (SCB's confirmation) and the expiry job use. undefined:
     * the gateway knows no payment for it (yet). Throws QrGatewayError when the
     * gateway gave no usable answer: nothing is decided then.
     */
    async settleByInquiry(provider: QrProvider, qrcodeId: string): Promise<CallbackResult | undefined> {
      if (!deps.gateway.inquire || !UUID.test(qrcodeId)) return undefined;
      const qr = await qrs.find(qrcodeId, provider);
      if (!qr) return undefined;
      if (qr.status === 'paid') return { status: 'ALREADY_CREDITED' };
      const payment = await deps.gateway.inquire({
        provider,
        qrcodeId,
        amount: qr.amount,
        createdAt: qr.created_at,
        expiresAt: qr.expires_at,
      });
      if (!payment) return undefined;
      return settle(provider, payment);
    },
  };
}

export type QrService = ReturnType<typeof createQrService>;
