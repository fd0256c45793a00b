import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-settings.ts';
import * as m0002 from './0002-accounts.ts';
import * as m0003 from './0003-ledger.ts';
import * as m0004 from './0004-demo-provider.ts';
import * as m0005 from './0005-wallet.ts';
import * as m0006 from './0006-deposit.ts';
import * as m0007 from './0007-withdraw.ts';
import * as m0008 from './0008-ledger-functions.ts';
import * as m0009 from './0009-demo-provider-functions.ts';
import * as m0010 from './0010-sessions-dead-index.ts';
import * as m0011 from './0011-qr-provider-ref.ts';
import * as m0013 from './0013-bank-change-review.ts';
import * as m0014 from './0014-key-leases.ts';
import * as m0015 from './0015-statement-lines.ts';
import * as m0016 from './0016-operators.ts';
import * as m0017 from './0017-members-admin.ts';
import * as m0020 from './0020-chat.ts';
import * as m0022 from './0022-lookup-local-names.ts';
import * as m0023 from './0023-growth-access-paths.ts';
import * as m0024 from './0024-rewards.ts';
import * as m0028 from './0028-spin.ts';
import * as m0032 from './0032-money-desk.ts';
import * as m0033 from './0033-payout-blacklist.ts';
import * as m0035 from './0035-reports.ts';
import * as m0036 from './0036-report-funnel.ts';
import * as m0037 from './0037-audit-append-only.ts';
import * as m0038 from './0038-credit-day-totals.ts';
import * as m0042 from './0042-howto-per-language.ts';
import * as m0043 from './0043-incoming-deposits.ts';
import * as m0044 from './0044-localized-banners.ts';
import * as m0045 from './0045-money-rules-per-currency.ts';
import * as m0046 from './0046-line-notices.ts';
import * as m0047 from './0047-ledger-post-batch.ts';
import * as m0048 from './0048-player-care.ts';
import * as m0049 from './0049-push-notices.ts';
import * as m0050 from './0050-transfer-settle-batch.ts';

/** Every migration, in order. Static imports: no directory scanning at start. */
export const migrations: Record<string, Migration> = {
  '0001-settings': m0001,
  '0002-accounts': m0002,
  '0003-ledger': m0003,
  '0004-demo-provider': m0004,
  '0005-wallet': m0005,
  '0006-deposit': m0006,
  '0007-withdraw': m0007,
  '0008-ledger-functions': m0008,
  '0009-demo-provider-functions': m0009,
  '0010-sessions-dead-index': m0010,
  '0011-qr-provider-ref': m0011,
  '0013-bank-change-review': m0013,
  '0014-key-leases': m0014,
  '0015-statement-lines': m0015,
  '0016-operators': m0016,
  '0017-members-admin': m0017,
  '0020-chat': m0020,
  '0022-lookup-local-names': m0022,
  '0023-growth-access-paths': m0023,
  '0024-rewards': m0024,
  '0028-spin': m0028,
  '0032-money-desk': m0032,
  '0033-payout-blacklist': m0033,
  '0035-reports': m0035,
  '0036-report-funnel': m0036,
  '0037-audit-append-only': m0037,
  '0038-credit-day-totals': m0038,
  '0042-howto-per-language': m0042,
  '0043-incoming-deposits': m0043,
  '0044-localized-banners': m0044,
  '0045-money-rules-per-currency': m0045,
  '0046-line-notices': m0046,
  '0047-ledger-post-batch': m0047,
  '0048-player-care': m0048,
  '0049-push-notices': m0049,
  '0050-transfer-settle-batch': m0050,
};
