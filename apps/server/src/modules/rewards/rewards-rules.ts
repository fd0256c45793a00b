import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { DAY_MS } from '@jetton/contract/site-time';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

const ZText = z.object({ th: text(), la: text(), en: text() });
const ZPercent = z.number().int().min(0).max(100);

/**
 * The operator's numbers behind rewards (docs/rewards.md). Defaults, which the
 * `rules.rewards` setting overrides (createCachedRules).
 */
export const ZRewardsRules = z.object({
  /** The inviter's share of each invitee's turnover, per 10,000: 100 = 1 %. */
  inviteRateBp: z.number().int().min(0).max(10_000).default(100),
  /** The refund of a day's loss, per 10,000: 500 = 5 %. */
  refundRateBp: z.number().int().min(0).max(10_000).default(500),
  /** Percent of a refund kept when its turnover is met, and when it is not. */
  refundSuccess: ZPercent.default(100),
  refundFail: ZPercent.default(50),
  /** A refund bonus's turnover target = refund x this. */
  refundTurnover: z.number().int().nonnegative().default(1),
  /** Days a refund bonus runs before it ends as an addWallet would (null: no expiry). */
  refundExpiryDays: z.number().int().positive().nullable().default(7),
  /** The two conditions the refund dialog shows while a bonus is active. */
  refundConditions: z.array(ZText).default([
    {
      th: 'รับเงินคืนได้เมื่อไม่มีโบนัสที่ใช้งานอยู่',
      la: 'ຮັບເງິນຄືນໄດ້ເມື່ອບໍ່ມີໂບນັດທີ່ໃຊ້ງານຢູ່',
      en: 'A refund can be received only while no bonus is active.',
    },
    {
      th: 'ยอดเงินคืนต้องทำเทิร์นโอเวอร์ 1 เท่าก่อนโอนเข้ากระเป๋าเต็มจำนวน',
      la: 'ຍອດເງິນຄືນຕ້ອງເຮັດເທີນໂອເວີ 1 ເທົ່າກ່ອນໂອນເຂົ້າກະເປົາເຕັມຈຳນວນ',
      en: 'A refund must be played through once before all of it moves to the wallet.',
    },
  ]),
  /** Pause between passes of the rewards job (rounds, expiries, daily accruals). */
  jobIntervalMs: z.number().int().positive().default(15_000),
  /** How long a pass owns a provider's round cursor before another node may take it. */
  roundLeaseMs: z.number().int().positive().default(60_000),
  /**
   * How far back before the newest round seen each pull starts: a provider may
   * publish a round after a newer one (it settled later), and that round is
   * still found; rounds already stored are skipped (docs/rewards.md).
   */
  roundOverlapMs: z
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /** Where a first pull of a provider's rounds starts, back from now. */
  roundLookbackMs: z.number().int().positive().default(DAY_MS),
  /** Site days back the accrual looks for days not accrued yet (a node down over midnight). */
  accrualCatchUpDays: z.number().int().min(1).max(31).default(3),
});
export type RewardsRules = z.infer<typeof ZRewardsRules>;

export const REWARDS_RULES_KEY = 'rules.rewards';

export type RewardsRulesSource = RulesSource<RewardsRules>;

export function createRewardsRules(deps: RulesDeps): RewardsRulesSource {
  return createCachedRules({ key: REWARDS_RULES_KEY, schema: ZRewardsRules }, deps);
}
