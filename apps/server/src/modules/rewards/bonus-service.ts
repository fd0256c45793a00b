import type { Kysely } from 'kysely';
import { DAY_MS } from '@jetton/contract/site-time';
import { fromMinor, toMinor } from '@jetton/contract/money';
import { bonusAmountsIn, type MoneyRules } from '@jetton/contract/money-rules';
import type { Currency } from '@jetton/contract/constants';
import { rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import type { TBonus, TBonusActive, TPromotion, TUserBonus } from '@jetton/contract/rewards';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { accountBalance } from '../../ledger/accounts.ts';
import { memberWallet } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { activeBonusOf, endBonus, endLikeCancel, grantBonus, lockMember, turnoverMet, type MemberBonus } from './bonus-lifecycle.ts';
import { bonusCredit, turnoverTarget, windowStart } from './bonus-math.ts';
import { createDefinitionRepository, type BonusDefinition } from './definition-repository.ts';
import { definitionTerms } from './definition-wire.ts';
import { createMemberBonusRepository } from './member-bonus-repository.ts';
import type { RewardsRulesSource } from './rewards-rules.ts';

type Deps = { db: Kysely<DB>; clock: Clock; rules: RewardsRulesSource; money: MoneyRulesSource };

export function userBonusView(b: MemberBonus): TUserBonus {
  return {
    _id: b.id,
    isActive: b.status === 'active',
    origin: b.origin,
    code: b.code,
    credit: fromMinor(b.credit),
    turnover: { done: fromMinor(b.turnover_done), target: fromMinor(b.turnover_target) },
    percentFail: b.percent_fail,
    activatedAt: b.activated_at.toISOString(),
    expiresAt: b.expires_at?.toISOString() ?? null,
  };
}

/** A definition's amounts in minor units of one currency. */
type Amounts = { maxBonus: bigint; minDeposit: bigint };

const live = (d: BonusDefinition, now: Date): boolean =>
  d.active && (d.valid_from === null || d.valid_from <= now) && (d.valid_to === null || d.valid_to > now);

/**
 * Bonuses and promotion codes (docs/rewards.md): the member's list, activation,
 * progress, cancel, and the withdrawal rule. Every change runs in one
 * transaction under the member's row lock, so a double activation grants once.
 */
export function createBonusService(deps: Deps) {
  const { db, clock } = deps;
  const definitions = createDefinitionRepository(db);
  const bonuses = createMemberBonusRepository(db);
  const memberCurrency = async (memberId: string): Promise<Currency> => (await bonuses.currencyOf(memberId)) ?? 'THB';

  /** The definition's amounts in the member's currency (docs/money.md, "Rules per currency"); null: not offered there. */
  async function amountsIn(def: BonusDefinition, currency: Currency, money?: MoneyRules): Promise<Amounts | null> {
    const found = bonusAmountsIn(money ? money[currency] : await rulesFor(deps.money, currency), currency, {
      code: def.code,
      maxBonus: fromMinor(def.max_bonus),
      minDeposit: fromMinor(def.min_deposit),
    });
    return found ? { maxBonus: toMinor(found.maxBonus), minDeposit: toMinor(found.minDeposit) } : null;
  }

  /** An active bonus past its expiry ends as a cancel would, before anything else reads it. */
  async function settleExpiry(trx: Kysely<DB>, memberId: string, now: Date, money: MoneyRules): Promise<MemberBonus | undefined> {
    const active = await activeBonusOf(trx, memberId);
    if (!active?.expires_at || active.expires_at > now) return active;
    const clearBelowMinor = toMinor(money[active.currency].bonusClearBelow);
    await endLikeCancel(trx, active, { clearBelowMinor, now, expired: true });
    return undefined;
  }

  /** Receive a listed bonus or a promotion: the base is the wallet now; the definition's terms are copied. */
  /** `money`: the rules read before the transaction (the embedded engine's one connection is the transaction's). */
  async function grantFromDefinition(
    trx: Kysely<DB>,
    memberId: string,
    def: BonusDefinition,
    now: Date,
    money: MoneyRules,
  ): Promise<MemberBonus> {
    const member = await lockMember(trx, memberId);
    const amounts = await amountsIn(def, member.currency, money);
    if (!amounts) throw new AppError(def.origin === 'promotion' ? 'NO_PROMOTION' : 'NO_DATA');
    if (await settleExpiry(trx, memberId, now, money)) throw new AppError('BONUS_ALREADY_ACTIVE');
    if (def.origin === 'promotion') {
      const taken = await createDefinitionRepository(trx).receipts(memberId, def.id, new Date(0));
      if (taken.length > 0) throw new AppError('PROMOTION_RECEIVED');
    } else {
      const received = await createDefinitionRepository(trx).receipts(memberId, def.id, windowStart(def.type, now));
      if (received.length >= def.max_received) throw new AppError('BONUS_MAX_CLAIMED');
    }
    const base = await accountBalance(trx, memberWallet(memberId, member.currency));
    if (base < amounts.minDeposit || base <= 0n) throw new AppError('BONUS_CONDITION');
    if (def.origin === 'promotion' && !(await createDefinitionRepository(trx).takeUse(def.id))) throw new AppError('NO_PROMOTION');
    const credit = bonusCredit(base, def.percent, amounts.maxBonus);
    return grantBonus(trx, {
      memberId,
      currency: member.currency,
      origin: def.origin,
      definitionId: def.id,
      code: def.code,
      base,
      credit,
      target: turnoverTarget(base, credit, def.turnover),
      percentFail: def.percent_fail,
      percentSuccess: 100,
      weights: def.category_weights,
      expiresAt: def.expiry_days === null ? null : new Date(now.getTime() + def.expiry_days * DAY_MS),
      sourceRef: null,
      now,
    });
  }

  async function promotionOf(code: string, now: Date): Promise<BonusDefinition> {
    const def = await definitions.byCode(code.toUpperCase());
    if (!def || def.origin !== 'promotion' || !live(def, now) || (def.max_uses !== null && def.uses >= def.max_uses)) {
      throw new AppError('NO_PROMOTION');
    }
    return def;
  }

  return {
    /**
     * GET /api/bonus: each listed bonus offered in the member's currency, with its amounts in that
     * currency, the member's receipts in its current window and whether it is the active one.
     */
    async list(memberId: string): Promise<TBonus[]> {
      const now = clock.now();
      const [defs, active, currency] = await Promise.all([
        definitions.listActive('bonus', now),
        activeBonusOf(db, memberId),
        memberCurrency(memberId),
      ]);
      const offered = (await Promise.all(defs.map(async (d) => ({ d, amounts: await amountsIn(d, currency) })))).flatMap(
        ({ d, amounts }) => (amounts ? [{ d, amounts }] : []),
      );
      return Promise.all(
        offered.map(async ({ d, amounts }): Promise<TBonus> => {
          const received = await definitions.receipts(memberId, d.id, windowStart(d.type, now));
          const isActive = active?.definition_id === d.id;
          const last = received.at(-1);
          return {
            ...definitionTerms(d),
            maxBonus: fromMinor(amounts.maxBonus),
            minDeposit: fromMinor(amounts.minDeposit),
            name: d.names,
            notice: d.notices,
            userBonus:
              last || isActive
                ? {
                    _id: isActive && active ? active.id : (last?.id ?? ''),
                    isActive,
                    received: received.map((r) => ({ updatedAt: r.activated_at.toISOString() })),
                  }
                : null,
          };
        }),
      );
    },

    /** GET /api/bonus/activate/{code}. */
    async activate(memberId: string, rawCode: string): Promise<TUserBonus> {
      const now = clock.now();
      const def = await definitions.byCode(rawCode.toUpperCase());
      if (!def || def.origin !== 'bonus' || !live(def, now)) throw new AppError('NO_DATA');
      const money = await deps.money.get();
      return userBonusView(await withMoneyTransaction(db, (trx) => grantFromDefinition(trx, memberId, def, now, money)));
    },

    /** GET /api/bonus/check/active: the active bonus, if any, with its progress. */
    async checkActive(memberId: string): Promise<TBonusActive> {
      const now = clock.now();
      let active = await activeBonusOf(db, memberId);
      if (active?.expires_at && active.expires_at <= now) {
        const money = await deps.money.get();
        active = await withMoneyTransaction(db, async (trx) => {
          await lockMember(trx, memberId);
          return settleExpiry(trx, memberId, now, money);
        });
      }
      if (!active) {
        return {
          status: false,
          type: null,
          code: null,
          bonusType: null,
          credit: 0,
          turnover: { done: 0, target: 0 },
          percentFail: 0,
          expiresAt: null,
        };
      }
      const def = active.definition_id ? await definitions.byId(active.definition_id) : undefined;
      return {
        status: true,
        type: active.origin,
        code: active.code,
        bonusType: def?.origin === 'bonus' ? def.type : null,
        credit: fromMinor(active.credit),
        turnover: { done: fromMinor(active.turnover_done), target: fromMinor(active.turnover_target) },
        percentFail: active.percent_fail,
        expiresAt: active.expires_at?.toISOString() ?? null,
      };
    },

    /** GET /api/bonus/check/minimum: the smallest wallet any listed bonus accepts, in the member's currency. */
    async minimum(memberId: string): Promise<{ minimum: number }> {
      const [defs, currency] = await Promise.all([definitions.listActive('bonus', clock.now()), memberCurrency(memberId)]);
      const mins = (await Promise.all(defs.map((d) => amountsIn(d, currency)))).flatMap((a) => (a ? [a.minDeposit] : []));
      const least = mins.reduce<bigint | null>((min, m) => (min === null || m < min ? m : min), null);
      return { minimum: fromMinor(least ?? 0n) };
    },

    /** GET /api/bonus/clear: the member ends the active bonus (docs/rewards.md, "Cancel and expiry"). */
    async clear(memberId: string): Promise<{ message: 'BONUS_CLEAR' }> {
      const now = clock.now();
      const money = await deps.money.get();
      await withMoneyTransaction(db, async (trx) => {
        await lockMember(trx, memberId);
        const active = await activeBonusOf(trx, memberId);
        if (!active) throw new AppError('NO_DATA');
        const clearBelowMinor = toMinor(money[active.currency].bonusClearBelow);
        await endLikeCancel(trx, active, { clearBelowMinor, now, expired: (active.expires_at?.getTime() ?? Infinity) <= now.getTime() });
      });
      return { message: 'BONUS_CLEAR' };
    },

    /** GET /api/promotion/find/{code}. */
    async findPromotion(memberId: string, code: string): Promise<TPromotion> {
      const def = await promotionOf(code, clock.now());
      if (!(await amountsIn(def, await memberCurrency(memberId)))) throw new AppError('NO_PROMOTION');
      return { code: def.code, percentFail: def.percent_fail, description: def.notices };
    },

    /** GET /api/promotion/activate/{code}. */
    async activatePromotion(memberId: string, code: string): Promise<TUserBonus> {
      const now = clock.now();
      const def = await promotionOf(code, now);
      const money = await deps.money.get();
      return userBonusView(await withMoneyTransaction(db, (trx) => grantFromDefinition(trx, memberId, def, now, money)));
    },

    /** GET /api/promotion/current: the member's active promotion bonus, if any. */
    async currentPromotion(memberId: string): Promise<{ promotion: TPromotion | null; userBonus: TUserBonus | null }> {
      const active = await activeBonusOf(db, memberId);
      if (active?.origin !== 'promotion' || !active.definition_id) return { promotion: null, userBonus: null };
      const def = await definitions.byId(active.definition_id);
      return {
        promotion: def ? { code: def.code, percentFail: active.percent_fail, description: def.notices } : null,
        userBonus: userBonusView(active),
      };
    },

    /**
     * The withdrawal rule (docs/rewards.md, "Withdrawing with a bonus"): with an
     * active bonus whose turnover is unmet, no withdrawal; once it is met, only
     * the whole wallet.
     */
    async activeBonusBlocksWithdrawal(memberId: string, amount: bigint): Promise<boolean> {
      const active = await activeBonusOf(db, memberId);
      if (!active) return false;
      if (!turnoverMet(active)) return true;
      return amount < (await accountBalance(db, memberWallet(memberId, active.currency)));
    },

    /** The job's sweep: every active bonus past its expiry ends as a cancel would. */
    async expireDue(limit = 100): Promise<number> {
      const now = clock.now();
      const due = await bonuses.dueForExpiry(now, limit);
      const money = await deps.money.get();
      let ended = 0;
      for (const { member_id } of due) {
        await withMoneyTransaction(db, async (trx) => {
          await lockMember(trx, member_id);
          if (!(await settleExpiry(trx, member_id, now, money))) ended += 1;
        });
      }
      return ended;
    },

    /** In the withdrawal's transaction: a met bonus ends as the member takes the whole wallet. */
    async finishOnWithdrawal(trx: Kysely<DB>, memberId: string): Promise<void> {
      const active = await activeBonusOf(trx, memberId);
      if (!active) return;
      if (!turnoverMet(active)) throw new AppError('BONUS_REMAINING');
      await endBonus(trx, active, { status: 'completed', reason: 'withdrawn', keepPercent: active.percent_success, now: clock.now() });
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
