import { z } from 'zod';
import { CURRENCIES, type Currency, type QrProvider } from './constants.ts';
import { text } from './text.ts';

/**
 * The amount rules of one currency (docs/money.md, "Rules per currency"): a kip
 * wallet never runs on baht numbers. Amounts are in currency units with at most
 * two decimals, as on the wire; the server turns them into minor units with
 * `toMinor`. Stored under the `rules.money` setting as `{ THB: {...}, LAK: {...} }`,
 * each field an override of the defaults below.
 */
const units = z
  .number()
  .nonnegative({ error: 'KEY_INVALID' })
  .max(1e12, { error: 'KEY_INVALID' })
  .refine((n) => Math.round(n * 100) === n * 100, { error: 'KEY_INVALID' });
const positiveUnits = units.refine((n) => n > 0, { error: 'KEY_INVALID' });

const ZQrPick = z.object({
  /** The quick-pick buttons of the QR tab. */
  amounts: z.array(positiveUnits).min(1).max(8),
  /** The smallest amount the provider takes: more than `min` when `minExclusive`, else at least `min`. */
  min: units,
  minExclusive: z.boolean(),
});
type TQrPick = z.infer<typeof ZQrPick>;

/** A bonus or promotion code, or a wheel slice code, as the rules key them. */
const ZRuleCode = text().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'KEY_INVALID' });
/** A bonus or promotion definition's amounts in one currency. */
export const ZBonusAmounts = z.object({ maxBonus: units, minDeposit: units });
export type TBonusAmounts = z.infer<typeof ZBonusAmounts>;
const ZBonusAmountsByCode = z.record(ZRuleCode, ZBonusAmounts);
const ZPrizeAmounts = z.record(ZRuleCode, positiveUnits);

export type CurrencyMoneyRules = {
  withdrawMin: number;
  withdrawMax: number;
  /** Withdrawals up to this are paid without an operator. */
  autoApproveMax: number;
  /** Above these, the operator who proposes may never be the one who confirms (docs/money-desk.md, "Four eyes"). */
  fourEyesWithdrawalAbove: number;
  fourEyesAdjustmentAbove: number;
  /** The smallest move between the wallet and a game. */
  transferMin: number;
  /** The smallest gift link; null: gift links (TrueMoney, baht only) are not offered in this currency. */
  giftLinkMin: number | null;
  /** A deposit earns one spin coin per this much. */
  coinPer: number;
  /** Cancelling a bonus with less than this in total (wallet and games) simply ends it. */
  bonusClearBelow: number;
  qr: Record<QrProvider, TQrPick>;
  /** The smallest accrued invite bonus, and refund, a member may receive (more than 0 either way). */
  inviteMin: number;
  refundMin: number;
  /** The most one member accrues in a day: invite bonus (all their invitees) and refund of losses. */
  inviteDailyMax: number;
  refundDailyMax: number;
  /**
   * Bonus and promotion amounts in this currency, by definition code. A definition's own
   * figures are its baht figures; a definition without figures in a currency is not offered there.
   */
  bonuses: Record<string, TBonusAmounts>;
  /** Wheel prize amounts (credit and bonus slices) in this currency, by slice code; the wheel's own figures are baht. */
  prizes: Record<string, number>;
};

const THB_QR = (amounts: number[], min: number, minExclusive = false): TQrPick => ({ amounts, min, minExclusive });
const KIP_PICKS = [50_000, 100_000, 200_000, 500_000, 1_000_000];

/** Today's baht figures and kip figures a Lao player expects (about 650 kip to the baht, rounded). */
export const MONEY_RULE_DEFAULTS: Record<Currency, CurrencyMoneyRules> = {
  THB: {
    withdrawMin: 100,
    withdrawMax: 50_000,
    autoApproveMax: 5_000,
    fourEyesWithdrawalAbove: 20_000,
    fourEyesAdjustmentAbove: 1_000,
    transferMin: 1,
    giftLinkMin: 2,
    coinPer: 100,
    bonusClearBelow: 5,
    qr: {
      KBANK: THB_QR([10, 20, 50, 100, 500, 1000], 0, true),
      WW: THB_QR([100, 200, 300, 500, 1000], 100),
      PAYONEX: THB_QR([100, 200, 300, 500, 1000], 100),
      PAYTIMZ: THB_QR([10, 50, 100, 500, 1000], 10),
      ZPAY: THB_QR([10, 50, 100, 500, 1000], 10),
    },
    inviteMin: 0.01,
    refundMin: 0.01,
    inviteDailyMax: 10_000,
    refundDailyMax: 10_000,
    bonuses: {},
    prizes: {},
  },
  LAK: {
    withdrawMin: 50_000,
    withdrawMax: 30_000_000,
    autoApproveMax: 3_000_000,
    fourEyesWithdrawalAbove: 13_000_000,
    fourEyesAdjustmentAbove: 650_000,
    transferMin: 1_000,
    giftLinkMin: null,
    coinPer: 50_000,
    bonusClearBelow: 5_000,
    qr: {
      KBANK: THB_QR(KIP_PICKS, 50_000),
      WW: THB_QR(KIP_PICKS, 50_000),
      PAYONEX: THB_QR(KIP_PICKS, 50_000),
      PAYTIMZ: THB_QR(KIP_PICKS, 50_000),
      ZPAY: THB_QR(KIP_PICKS, 50_000),
    },
    inviteMin: 1_000,
    refundMin: 1_000,
    inviteDailyMax: 6_500_000,
    refundDailyMax: 6_500_000,
    // The seeded bonuses, promotions and wheel (seed-rewards.ts, seed-wheel.ts) in kip.
    bonuses: {
      WELCOME100: { maxBonus: 650_000, minDeposit: 50_000 },
      DAILY10: { maxBonus: 300_000, minDeposit: 50_000 },
      WEEKLY20: { maxBonus: 650_000, minDeposit: 200_000 },
      SONGKRAN50: { maxBonus: 300_000, minDeposit: 50_000 },
      VIP200: { maxBonus: 150_000, minDeposit: 30_000 },
    },
    prizes: { CREDIT10: 5_000, CREDIT20: 10_000, CREDIT50: 30_000, CREDIT100: 60_000 },
  },
};

/** A provider's picks, each field defaulting on its own (an operator may store only a minimum). */
function qrPick(d: TQrPick) {
  return z
    .object({
      amounts: ZQrPick.shape.amounts.default(d.amounts),
      min: units.default(d.min),
      minExclusive: z.boolean().default(d.minExclusive),
    })
    .prefault({});
}

function currencyRules(d: CurrencyMoneyRules) {
  return z
    .object({
      withdrawMin: units.default(d.withdrawMin),
      withdrawMax: units.default(d.withdrawMax),
      autoApproveMax: units.default(d.autoApproveMax),
      fourEyesWithdrawalAbove: units.default(d.fourEyesWithdrawalAbove),
      fourEyesAdjustmentAbove: units.default(d.fourEyesAdjustmentAbove),
      transferMin: positiveUnits.default(d.transferMin),
      giftLinkMin: positiveUnits.nullable().default(d.giftLinkMin),
      coinPer: positiveUnits.default(d.coinPer),
      bonusClearBelow: units.default(d.bonusClearBelow),
      qr: z
        .object({
          KBANK: qrPick(d.qr.KBANK),
          WW: qrPick(d.qr.WW),
          PAYTIMZ: qrPick(d.qr.PAYTIMZ),
          PAYONEX: qrPick(d.qr.PAYONEX),
          ZPAY: qrPick(d.qr.ZPAY),
        } satisfies Record<QrProvider, unknown>)
        .prefault({}),
      inviteMin: positiveUnits.default(d.inviteMin),
      refundMin: positiveUnits.default(d.refundMin),
      inviteDailyMax: positiveUnits.default(d.inviteDailyMax),
      refundDailyMax: positiveUnits.default(d.refundDailyMax),
      bonuses: ZBonusAmountsByCode.default(d.bonuses),
      prizes: ZPrizeAmounts.default(d.prizes),
    })
    .refine((r) => r.withdrawMin <= r.withdrawMax, { error: 'KEY_INVALID' });
}

/** One currency's rules as the back office edits them: every field given. */
export const ZCurrencyRulesEdit = z
  .object({
    withdrawMin: units,
    withdrawMax: units,
    autoApproveMax: units,
    fourEyesWithdrawalAbove: units,
    fourEyesAdjustmentAbove: units,
    transferMin: positiveUnits,
    giftLinkMin: positiveUnits.nullable(),
    coinPer: positiveUnits,
    bonusClearBelow: units,
    qr: z.object({
      KBANK: ZQrPick,
      WW: ZQrPick,
      PAYTIMZ: ZQrPick,
      PAYONEX: ZQrPick,
      ZPAY: ZQrPick,
    } satisfies Record<QrProvider, unknown>),
    inviteMin: positiveUnits,
    refundMin: positiveUnits,
    inviteDailyMax: positiveUnits,
    refundDailyMax: positiveUnits,
    bonuses: ZBonusAmountsByCode,
    prizes: ZPrizeAmounts,
  })
  .refine((r) => r.withdrawMin <= r.withdrawMax, { error: 'KEY_INVALID' });

/** Every currency's rules; a currency or field not stored keeps its default. */
export const ZMoneyRules = z.object({
  THB: currencyRules(MONEY_RULE_DEFAULTS.THB).prefault({}),
  LAK: currencyRules(MONEY_RULE_DEFAULTS.LAK).prefault({}),
});
export type MoneyRules = z.infer<typeof ZMoneyRules>;
export const MONEY_RULES_KEY = 'rules.money';

/**
 * What the member site reads for the member's currency: GET /api/lookup/money?currency=LAK.
 * The QR picks and minimums are not here: GET /api/qrcode/rules serves them for the member's currency.
 */
export const ZMoneyLookupQuery = z.object({ currency: z.enum(CURRENCIES).default('THB') });
export const ZMoneyLookup = z.object({
  currency: z.enum(CURRENCIES),
  withdrawMin: z.number(),
  withdrawMax: z.number(),
  transferMin: z.number(),
  giftLinkMin: z.number().nullable(),
  coinPer: z.number(),
});
export type TMoneyLookup = z.infer<typeof ZMoneyLookup>;

/**
 * A definition's amounts in a currency (units): the currency's own figures by code, else the
 * definition's (baht) figures for baht; null: the definition is not offered in this currency.
 */
export function bonusAmountsIn(
  rules: Pick<CurrencyMoneyRules, 'bonuses'>,
  currency: Currency,
  definition: { code: string } & TBonusAmounts,
): TBonusAmounts | null {
  const own = rules.bonuses[definition.code];
  if (own) return own;
  return currency === 'THB' ? { maxBonus: definition.maxBonus, minDeposit: definition.minDeposit } : null;
}

/** Whether an amount (units) reaches a QR provider's minimum. */
export function meetsQrMinimum(pick: Pick<TQrPick, 'min' | 'minExclusive'>, amount: number): boolean {
  return amount > 0 && (pick.minExclusive ? amount > pick.min : amount >= pick.min);
}
