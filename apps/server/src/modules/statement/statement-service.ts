import type { TStatement, TStatementChannel, TStatementResponse } from '@jetton/contract/wallet';
import { REWARD_KINDS, STATEMENT_TYPES, WALLET } from '@jetton/contract/wallet';
import { QR_PROVIDERS, type QrProvider } from '@jetton/contract/constants';
import { fromMinor } from '@jetton/contract/money';
import type { StatementRepository, StatementRow } from './statement-repository.ts';

/**
 * The line's type as written by the database (statement_entry_kinds for ledger
 * kinds). A type the contract does not know is a bug in the migration that
 * added the kind (docs/growth.md "Adding a line kind"): fail loudly.
 */
function statementType(row: StatementRow): TStatement['statementType'] {
  const type = STATEMENT_TYPES.find((t) => t === row.statement_type);
  if (!type) throw new Error(`statement line type ${row.statement_type} is not in the contract's STATEMENT_TYPES`);
  return type;
}

const isQrProvider = (code: string): code is QrProvider => (QR_PROVIDERS as readonly string[]).includes(code);

/**
 * How a deposit came in (or what a bonus line belongs to), from its entry: codes and references the member can
 * recognise (the web words them), never the ledger's internal ids (a slip id,
 * a voucher hash, a notice id) nor its memo text. Other kinds have none.
 */
function depositChannel(row: StatementRow): TStatementChannel | null {
  switch (row.kind) {
    case 'deposit.slip':
      return { kind: 'slip', reference: row.reference };
    case 'deposit.qr': {
      // The QR's provider and the provider's payment reference (the one in the member's bank app), from qr_codes.
      const provider = row.qr_provider ?? '';
      const reference = (row.qr_reference ?? '').trim();
      return { kind: 'qr', provider: isQrProvider(provider) ? provider : null, reference: reference || null };
    }
    case 'deposit.giftlink':
      return { kind: 'giftlink' };
    case 'deposit.manual':
      return { kind: 'manual' };
    case 'invite.receive':
      return { kind: 'reward', reward: 'invite', code: null };
    case 'bonus.grant':
    case 'bonus.finish': {
      const reward = REWARD_KINDS.find((k) => k === row.bonus_origin);
      return reward ? { kind: 'reward', reward, code: reward === 'bonus' || reward === 'promotion' ? row.bonus_code : null } : null;
    }
    default:
      return null;
  }
}

/** The last four digits of an account number ("123-4-56789-0" -> "7890"): enough to recognise it. */
function accountEnd(accountNo: string | null): string {
  return (accountNo ?? '').replace(/\D/g, '').slice(-4);
}

function toStatement(row: StatementRow): TStatement {
  const common = { status: row.status, amount: fromMinor(row.amount), createdAt: row.created_at.toISOString(), description: null };
  if (row.source === 'transfer') {
    const toGame = row.kind === 'to_game';
    return {
      statementType: 'transfer',
      from: toGame ? WALLET : row.game_code,
      to: toGame ? row.game_code : WALLET,
      channel: null,
      ...common,
    };
  }
  if (row.source === 'withdrawal') {
    const channel =
      row.bank_code === null ? null : { kind: 'payout' as const, bankCode: row.bank_code, accountEnd: accountEnd(row.bank_account_no) };
    return { statementType: 'withdraw', from: WALLET, to: null, channel, ...common };
  }
  const incoming = row.amount > 0n;
  return {
    statementType: statementType(row),
    from: incoming ? null : WALLET,
    to: incoming ? WALLET : null,
    channel: depositChannel(row),
    ...common,
  };
}

/**
 * POST /api/statement: the member's own movements, newest first. Amounts are
 * signed from the wallet's side: + into the wallet, - out of it. A line is
 * described by its type plus machine-readable parts the web words in the
 * member's language (from/to for a transfer, the channel for a deposit or
 * withdrawal); ledger memos are internal notes and are not sent.
 */
export function createStatementService(deps: { statements: StatementRepository }) {
  return {
    async page(memberId: string, request: { page: number; limit: number }): Promise<TStatementResponse> {
      const offset = (request.page - 1) * request.limit;
      const { total, rows } = await deps.statements.page(memberId, offset, request.limit);
      return { total, statements: rows.map(toStatement) };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
