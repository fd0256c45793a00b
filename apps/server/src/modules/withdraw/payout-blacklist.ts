/**
 * The bank-account blacklist as withdrawals see it (docs/money-desk.md,
 * "Blacklisted accounts"): a payout to a listed account is never sent; the
 * withdrawal waits in review (`BLACKLISTED`) where an operator can only reject
 * it. The members module passes its blacklist to registerWithdrawFeature.
 */
export type PayoutBlacklist = {
  isBlacklisted(bankCode: string, accountNo: string): Promise<boolean>;
};

/** No blacklist wired: every account may be paid. */
export const noBlacklist: PayoutBlacklist = { isBlacklisted: () => Promise.resolve(false) };
