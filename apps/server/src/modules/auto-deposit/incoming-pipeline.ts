import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { IncomingSource } from '../../db/tables/incoming-deposits.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_CODES } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { creditDeposit } from '../deposit/credit-deposit.ts';
import { depositAccountId } from '../deposit/verify-slip.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { coinMinor, rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import type { AutoDepositRulesSource } from './auto-deposit-rules.ts';
import { createIncomingRepository, type IncomingLineRow } from './incoming-repository.ts';
import { matchLine } from './match-line.ts';
import { maskMatches, normalizeMask } from './sender-match.ts';

/** One incoming transfer as a source reports it; amount null when an SMS could not be read. */
export type IncomingLine = {
  source: IncomingSource;
  siteBank: string;
  siteAccount: string;
  /** The bank's own reference; an SMS carries none, so its text stands in (the same SMS twice is one line). */
  bankRef: string | null;
  amount: bigint | null;
  occurredAt: Date | null;
  senderBank: string | null;
  senderDigits: string | null;
  senderName: string | null;
  raw: string | null;
};

/** The ledger kind of every bank transfer into a site account, slip or not: one transfer credits once. */
export const BANK_TRANSFER_KIND = 'deposit.slip';

export function smsReference(raw: string): string {
  return `sms:${createHash('sha256').update(raw.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 32)}`;
}

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  /** Each currency's amount rules (`rules.money`): coins per deposit in the site account's currency. */
  money: MoneyRulesSource;
  rules: AutoDepositRulesSource;
  /** Told of each line stored for the first time (metrics). */
  onStored?: (line: IncomingLineRow) => void;
};

/**
 * The one pipeline of automatic deposits (docs/auto-deposit.md): a line is
 * stored once per bank reference of its site account (a unique constraint, so
 * two nodes or two sources racing store it once), and in the same transaction
 * paired with the same transfer from the other source, credited to the one
 * member it matches, or left in the unmatched deposits queue with its reason.
 */
export function createIncomingPipeline(deps: Deps) {
  return {
    async ingest(line: IncomingLine): Promise<{ line: IncomingLineRow; created: boolean }> {
      const site = (await deps.lookups.get('deposit')).banks.find(
        (b) => b.bankCode === line.siteBank && b.bankAccountNo === line.siteAccount && (b.mode === 'AUTO' || b.mode === 'SMS'),
      );
      if (!site) throw new AppError('KEY_INVALID');
      const bankRef = line.bankRef ?? (line.raw ? smsReference(line.raw) : null);
      if (!bankRef) throw new AppError('KEY_INVALID');
      const rules = await deps.rules.get();
      const coinPerMinor = coinMinor(await rulesFor(deps.money, site.currency));
      const now = deps.clock.now();
      const result = await withMoneyTransaction(deps.db, async (trx) => {
        const repo = createIncomingRepository(trx);
        const stored = await repo.insertOnce({
          id: uuidV7(now),
          source: line.source,
          site_bank: line.siteBank,
          site_account: line.siteAccount,
          bank_ref: bankRef,
          currency: site.currency,
          amount: line.amount,
          occurred_at: line.occurredAt,
          sender_bank: line.senderBank,
          sender_digits: line.senderDigits,
          sender_name: line.senderName,
          raw: line.raw,
          status: line.amount === null ? 'unparsed' : 'unmatched',
          reason: line.amount === null ? 'UNPARSED' : null,
          member_id: null,
          entry_id: null,
          duplicate_of: null,
          received_at: now,
          decided_at: null,
          decided_by: null,
          proposed_by: null,
          proposed_at: null,
          proposed_member_id: null,
          four_eyes_reason: null,
        });
        if (!stored) {
          const existing = await repo.byRef(line.siteBank, line.siteAccount, bankRef);
          if (!existing) throw new Error('incoming line vanished after its conflict');
          return { line: existing, created: false };
        }
        if (stored.amount === null) return { line: stored, created: true };

        await repo.lockAmount(stored.site_bank, stored.site_account, stored.amount);
        const pair = (await repo.findPair(stored, rules.pairWindowMs)).find((p) => sameSender(p, stored));
        if (pair)
          return {
            line: await repo.update(stored.id, { status: 'duplicate', reason: 'SEEN_FROM_OTHER_SOURCE', duplicate_of: pair.id }),
            created: true,
          };

        const outcome = await matchLine(repo, stored, rules, now);
        if (!('member' in outcome))
          return {
            line: await repo.update(stored.id, { reason: outcome.reason, candidates: JSON.stringify(outcome.candidates) }),
            created: true,
          };
        const credit = await creditDeposit(trx, {
          at: now,
          memberId: outcome.member.id,
          currency: site.currency,
          sourceCode: ACCOUNT_CODES.bank(depositAccountId(site.bankCode, site.bankAccountNo)),
          kind: BANK_TRANSFER_KIND,
          reference: bankRef,
          amount: stored.amount,
          coinPerMinor,
          memo: `${line.source} ${line.senderBank ?? ''} ${line.senderDigits ?? ''}`.trim(),
        });
        // The transfer was credited already (its slip was uploaded first): nothing more moves.
        const status = credit.created ? 'credited' : 'duplicate';
        return {
          line: await repo.update(stored.id, {
            status,
            reason: credit.created ? null : 'ALREADY_CREDITED',
            member_id: outcome.member.id,
            entry_id: credit.entryId,
            decided_at: now,
            candidates: JSON.stringify(outcome.candidates),
          }),
          created: true,
        };
      });
      if (result.created) deps.onStored?.(result.line);
      return result;
    },
  };
}
export type IncomingPipeline = ReturnType<typeof createIncomingPipeline>;

/**
 * Two sources agree on the sender when their banks agree and, where one shows the
 * whole account number, the other's masked digits fit it.
 */
function sameSender(a: IncomingLineRow, b: IncomingLineRow): boolean {
  if (a.sender_bank && b.sender_bank && a.sender_bank !== b.sender_bank) return false;
  const ma = normalizeMask(a.sender_digits);
  const mb = normalizeMask(b.sender_digits);
  if (!ma || !mb) return true;
  if (!ma.includes('?')) return maskMatches(mb, ma);
  if (!mb.includes('?')) return maskMatches(ma, mb);
  return true;
}
