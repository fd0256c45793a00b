import type { Kysely } from 'kysely';
import type { BankVerification } from '../../adapters/bank/bank-verification.ts';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { MoneyRulesSource } from '../lookup/money-rules.ts';
import type { DepositRulesSource } from '../deposit/deposit-rules.ts';
import type { NoticeService } from '../deposit/notice-service.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { PayoutBlacklist } from '../withdraw/payout-blacklist.ts';
import { createAdjustmentDesk } from './adjustment-desk.ts';
import { createDashboard } from './dashboard.ts';
import type { DeskAudit } from './desk-deps.ts';
import type { MoneyDeskRulesSource } from './money-desk-rules.ts';
import { createNoticeDesk } from './notice-desk.ts';
import { createPayoutDesk } from './payout-desk.ts';
import { createSlipDesk } from './slip-desk.ts';
import { createTransferDesk } from './transfer-desk.ts';
import { createWithdrawalDesk } from './withdrawal-desk.ts';
import type { AutoDepositFigures } from '../auto-deposit/auto-deposit-figures.ts';

export type MoneyDeskDeps = {
  db: Kysely<DB>;
  clock: Clock;
  audit: DeskAudit;
  rules: MoneyDeskRulesSource;
  lookups: LookupService;
  deposits: { storage: ObjectStorage; bank: BankVerification; rules: DepositRulesSource; money: MoneyRulesSource; notices: NoticeService };
  /** One reconciliation pass of game transfers now (app.transferReconciler.runOnce). */
  reconcileNow: () => Promise<unknown>;
  /** How old a PENDING transfer must be before the provider may be asked about it. */
  reconcileAfterMs: () => Promise<number>;
  /** The bank-account blacklist: a listed destination is never approved. */
  blacklist: PayoutBlacklist;
  /** Automatic deposits' figures for the dashboard (modules/auto-deposit); none: zeros. */
  autoDepositFigures?: () => Promise<AutoDepositFigures>;
};

/** Every service of the money desk (docs/money-desk.md), each taking only what it needs. */
export function createMoneyDesk(deps: MoneyDeskDeps) {
  const base = { db: deps.db, clock: deps.clock, audit: deps.audit };
  return {
    withdrawals: createWithdrawalDesk({ ...base, rules: deps.rules, blacklist: deps.blacklist }),
    payouts: createPayoutDesk({ ...base, rules: deps.rules }),
    slips: createSlipDesk({
      ...base,
      bank: deps.deposits.bank,
      storage: deps.deposits.storage,
      lookups: deps.lookups,
      rules: deps.deposits.rules,
      money: deps.deposits.money,
    }),
    notices: createNoticeDesk({ notices: deps.deposits.notices, audit: deps.audit, rules: deps.rules }),
    adjustments: createAdjustmentDesk({ ...base, rules: deps.rules }),
    transfers: createTransferDesk({ ...base, reconcileNow: deps.reconcileNow, reconcileAfterMs: deps.reconcileAfterMs }),
    dashboard: createDashboard({
      db: deps.db,
      clock: deps.clock,
      ...(deps.autoDepositFigures ? { autoDeposit: deps.autoDepositFigures } : {}),
    }),
  };
}
export type MoneyDesk = ReturnType<typeof createMoneyDesk>;
