import type { AutoDepositRules } from './auto-deposit-rules.ts';
import type { CandidateMember, IncomingLineRow, IncomingRepository } from './incoming-repository.ts';
import { likePattern, maskMatches, nameMatches, normalizeMask } from './sender-match.ts';

/** Why a line waits for a person instead of being credited (docs/auto-deposit.md, "Matching"). */
export type UnmatchedReason =
  | 'UNPARSED'
  | 'AMOUNT_OUT_OF_RULES'
  | 'SENDER_UNKNOWN'
  | 'NO_MEMBER'
  | 'AMBIGUOUS'
  | 'NAME_MISMATCH'
  | 'MEMBER_INACTIVE'
  | 'BLACKLISTED'
  | 'BANK_CHANGED';

export type Candidate = { id: string; phone: string; name: string; bankAccountNo: string };
export type MatchOutcome = { member: CandidateMember; candidates: Candidate[] } | { reason: UnmatchedReason; candidates: Candidate[] };

const view = (m: CandidateMember): Candidate => ({ id: m.id, phone: m.phone, name: m.bank_account_name, bankAccountNo: m.bank_account_no });

/**
 * The member an incoming line belongs to, or why nobody can be chosen without a
 * person: exactly one active member of the account's currency whose registered
 * bank and account number fit what the bank shows (and name, where shown),
 * not blacklisted nor with a freshly changed account, for an amount within the rules.
 */
export async function matchLine(
  repo: IncomingRepository,
  line: IncomingLineRow,
  rules: AutoDepositRules,
  now: Date,
): Promise<MatchOutcome> {
  if (line.amount === null) return { reason: 'UNPARSED', candidates: [] };
  const mask = normalizeMask(line.sender_digits);
  if (!line.sender_bank || !mask) return { reason: 'SENDER_UNKNOWN', candidates: [] };
  const byDigits = (await repo.candidates(line.currency, line.sender_bank, likePattern(mask))).filter((m) =>
    maskMatches(mask, m.bank_account_no),
  );
  if (byDigits.length === 0) return { reason: 'NO_MEMBER', candidates: [] };
  const byName = byDigits.filter((m) => nameMatches(line.sender_name, m.bank_account_name));
  if (byName.length === 0) return { reason: 'NAME_MISMATCH', candidates: byDigits.map(view) };
  if (byName.length > 1) return { reason: 'AMBIGUOUS', candidates: byName.map(view) };
  const [member] = byName as [CandidateMember];
  const candidates = [view(member)];
  if (line.amount < BigInt(rules.minMinor) || line.amount > BigInt(rules.maxMinor)) return { reason: 'AMOUNT_OUT_OF_RULES', candidates };
  if (member.status !== 'active') return { reason: 'MEMBER_INACTIVE', candidates };
  if (await repo.isBlacklisted(line.sender_bank, member.bank_account_no)) return { reason: 'BLACKLISTED', candidates };
  if (member.bank_changed_at && now.getTime() - member.bank_changed_at.getTime() < rules.bankChangeHoldMs)
    return { reason: 'BANK_CHANGED', candidates };
  return { member, candidates };
}
