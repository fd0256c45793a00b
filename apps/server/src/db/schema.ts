import type {
  CareDepositsTable,
  CareHoldsTable,
  PlayBreaksTable,
  PlayLimitChangesTable,
  PlayLimitHitsTable,
  PlayLimitsTable,
  PlaySessionsTable,
} from './tables/care.ts';
import type { PushFeedCursorsTable, PushOutboxTable, PushSubscriptionsTable } from './tables/push.ts';
import type { LineFeedCursorsTable, LineLinkCodesTable, LineLinksTable, LineOutboxTable } from './tables/line.ts';
import type { ColumnType } from 'kysely';
import type { ChatConversationsTable, ChatMediaTable, ChatMessagesTable } from './tables/chat.ts';
import type {
  BankBlacklistTable,
  LoginThrottleTable,
  MembersTable,
  OtpChallengesTable,
  SessionsTable,
  VerifiedPhonesTable,
} from './tables/accounts.ts';
import type { DepositNoticesTable, GiftLinksTable, QrCodesTable, SlipsTable } from './tables/deposit.ts';
import type { DemoPlayersTable, DemoRoundsTable, DemoSessionsTable, DemoTransfersTable } from './tables/demo-provider.ts';
import type { GamesTable, IdempotencyKeysTable, JournalEntriesTable, LedgerAccountsTable, PostingsTable } from './tables/ledger.ts';
import type { GameAccountsTable, LaunchTicketsTable, TransfersTable } from './tables/wallet.ts';
import type { StatementEntryKindsTable, StatementHeadsTable, StatementLinesTable } from './tables/statement.ts';
import type { SpinCouponsTable, SpinDrawsTable, SpinSeedsTable, SpinWheelsTable } from './tables/spin.ts';
import type { WithdrawalsTable } from './tables/withdraw.ts';
import type {
  IncomingDepositsTable,
  SmsForwarderNoncesTable,
  SmsForwardersTable,
  StatementCursorsTable,
} from './tables/incoming-deposits.ts';
import type {
  AccrualDaysTable,
  BonusDefinitionsTable,
  DailyPlayTable,
  RewardRoundsTable,
  InviteAccrualsTable,
  MemberBonusesTable,
  RefundAccrualsTable,
  RewardBannersTable,
  RewardRoundCursorsTable,
} from './tables/rewards.ts';
import type { AdjustmentsTable, WithdrawalApprovalsTable } from './tables/money-desk.ts';
import type { AuditLogTable, OperatorRecoveryCodesTable, OperatorSessionsTable, OperatorsTable } from './tables/operators.ts';
import type {
  GameRoundsTable,
  MemberFirstDepositsTable,
  ReportDaysTable,
  ReportGameDailyTable,
  ReportLedgerDailyTable,
  ReportMemberDailyTable,
  ReportRoundCursorsTable,
} from './tables/reports.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type SettingsTable = {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
};

/** The database as Kysely sees it; each feature adds its tables here with its migration. */
export type DB = {
  settings: SettingsTable;
  // 0002-accounts
  members: MembersTable;
  sessions: SessionsTable;
  otp_challenges: OtpChallengesTable;
  verified_phones: VerifiedPhonesTable;
  login_throttle: LoginThrottleTable;
  // 0003-ledger
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  idempotency_keys: IdempotencyKeysTable;
  games: GamesTable;
  // 0004-demo-provider
  demo_players: DemoPlayersTable;
  demo_transfers: DemoTransfersTable;
  demo_rounds: DemoRoundsTable;
  demo_sessions: DemoSessionsTable;
  // 0005-wallet
  game_accounts: GameAccountsTable;
  transfers: TransfersTable;
  launch_tickets: LaunchTicketsTable;
  // 0006-deposit
  slips: SlipsTable;
  qr_codes: QrCodesTable;
  gift_links: GiftLinksTable;
  deposit_notices: DepositNoticesTable;
  // 0007-withdraw
  withdrawals: WithdrawalsTable;
  // 0015-statement-lines
  statement_entry_kinds: StatementEntryKindsTable;
  statement_heads: StatementHeadsTable;
  statement_lines: StatementLinesTable;
  // 0020-chat
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_media: ChatMediaTable;
  // 0024-rewards
  bonus_definitions: BonusDefinitionsTable;
  member_bonuses: MemberBonusesTable;
  reward_rounds: RewardRoundsTable;
  reward_round_cursors: RewardRoundCursorsTable;
  daily_play: DailyPlayTable;
  accrual_days: AccrualDaysTable;
  invite_accruals: InviteAccrualsTable;
  refund_accruals: RefundAccrualsTable;
  reward_banners: RewardBannersTable;
  // 0028-spin
  spin_wheels: SpinWheelsTable;
  spin_seeds: SpinSeedsTable;
  spin_draws: SpinDrawsTable;
  spin_coupons: SpinCouponsTable;
  // 0032-money-desk
  withdrawal_approvals: WithdrawalApprovalsTable;
  adjustments: AdjustmentsTable;
  // 0016-operators
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  audit_log: AuditLogTable;
  // 0017-members-admin
  bank_blacklist: BankBlacklistTable;
  // 0035-reports
  game_rounds: GameRoundsTable;
  report_round_cursors: ReportRoundCursorsTable;
  member_first_deposits: MemberFirstDepositsTable;
  report_days: ReportDaysTable;
  report_ledger_daily: ReportLedgerDailyTable;
  report_game_daily: ReportGameDailyTable;
  report_member_daily: ReportMemberDailyTable;
  // 0043-incoming-deposits
  incoming_deposits: IncomingDepositsTable;
  sms_forwarders: SmsForwardersTable;
  sms_forwarder_nonces: SmsForwarderNoncesTable;
  statement_cursors: StatementCursorsTable;
  line_links: LineLinksTable;
  line_link_codes: LineLinkCodesTable;
  line_outbox: LineOutboxTable;
  line_feed_cursors: LineFeedCursorsTable;
  // 0048-player-care
  play_limits: PlayLimitsTable;
  play_limit_changes: PlayLimitChangesTable;
  play_limit_hits: PlayLimitHitsTable;
  play_breaks: PlayBreaksTable;
  care_holds: CareHoldsTable;
  care_deposits: CareDepositsTable;
  play_sessions: PlaySessionsTable;
  // 0049-push-notices
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  push_feed_cursors: PushFeedCursorsTable;
};
