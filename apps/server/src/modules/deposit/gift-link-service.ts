import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { TRUELINK_PATTERN } from '@jetton/contract/deposit';
import { fromMinor, toMinor } from '@jetton/contract/money';
import { decryptTruelink } from '@jetton/contract/truelink-crypto';
import { VoucherUnavailableError, type VoucherAnswer, type VoucherRedeemer } from '../../adapters/voucher/voucher-redeemer.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_CODES } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { creditDeposit } from './credit-deposit.ts';
import { createDepositRepository } from './deposit-repository.ts';
import { coinMinor, rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import { createGiftLinkRepository } from './gift-link-repository.ts';

type Deps = {
  db: Kysely<DB>;
  vouchers: VoucherRedeemer;
  lookups: LookupService;
  money: MoneyRulesSource;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The AES-GCM key derived from the shared secret (base64url), see truelink-crypto.ts. */
  truelinkKey: string;
};

/** A claim left processing this long (no answer from the voucher service) may be retried by its member. */
const STALE_CLAIM_MS = 60_000;

/** Gift-link deposits (docs/deposits.md, "Gift links"): decrypt, check, claim once, redeem, credit once. */
export function createGiftLinkService(deps: Deps) {
  const links = createGiftLinkRepository(deps.db);

  return {
    async redeem(memberId: string, token: string): Promise<{ amount: number }> {
      const member = await createDepositRepository(deps.db).memberForDeposit(memberId);
      if (!member) throw new AppError('invalid-token');
      // Vouchers are baht: a currency without a gift-link minimum (kip) is not offered them at all.
      const rules = await rulesFor(deps.money, member.currency);
      if (rules.giftLinkMin === null) throw new AppError('GIFT_LINK_CURRENCY');
      const minMinor = toMinor(rules.giftLinkMin);
      const opened = await decryptTruelink(deps.truelinkKey, token);
      if (!opened) throw new AppError('KEY_INVALID');
      const hash = TRUELINK_PATTERN.exec(opened.link)?.[1];
      if (!hash) throw new AppError('TRUELINK_INVALID');
      // Only into one of the site's own wallets: the account name travels inside the envelope.
      const wallet = (await deps.lookups.get('deposit')).wallets.find((w) => w.walletAccountName === opened.walletAccountName);
      if (!wallet) throw new AppError('TRUELINK_INVALID');

      const now = deps.clock.now();
      const claimed = await links.claim(hash, memberId, now);
      const retrying = !claimed && (await links.takeOverStale(hash, memberId, new Date(now.getTime() - STALE_CLAIM_MS), now));
      if (!claimed && !retrying) throw new AppError('TRUELINK_DUPLICATE');

      const query = { hash, mobile: wallet.walletAccountName };
      let answer: VoucherAnswer;
      try {
        // Look before redeeming: a voucher under the minimum is refused while it is still the sender's.
        const checked = await deps.vouchers.verify(query);
        answer = checked.status === 'SUCCESS' && checked.amount < minMinor ? checked : await deps.vouchers.redeem(query);
      } catch (error) {
        if (!(error instanceof VoucherUnavailableError)) throw error;
        // The claim stays: the member may try again in a minute and the redeem is asked again.
        deps.log.warn({ err: error }, 'voucher service unavailable');
        throw new AppError('REQUEST_LIMIT');
      }
      // A retry of our own unanswered redeem finds the voucher already ours: that is the success we missed.
      const ours = answer.status === 'SUCCESS' || (retrying && answer.status === 'TARGET_USER_REDEEMED' && answer.amount !== undefined);
      if (!ours || answer.amount === undefined || answer.amount < minMinor) {
        await links.release(hash, memberId);
        throw new AppError('TRUELINK_INVALID');
      }
      const amount = answer.amount;
      await withMoneyTransaction(deps.db, async (trx) => {
        await creditDeposit(trx, {
          at: now,
          memberId,
          currency: member.currency,
          sourceCode: ACCOUNT_CODES.voucherTruemoney,
          kind: 'deposit.giftlink',
          reference: hash,
          amount,
          coinPerMinor: coinMinor(rules),
        });
        await createGiftLinkRepository(trx).markSuccess(hash, amount, deps.clock.now());
      });
      return { amount: fromMinor(amount) };
    },
  };
}

export type GiftLinkService = ReturnType<typeof createGiftLinkService>;
