import type { TStatement, TStatementResponse } from '@jetton/contract/wallet';
import { WALLET } from '@jetton/contract/wallet';
import { fromMinor } from '@jetton/contract/money';
import type { StatementRepository, StatementRow } from './statement-repository.ts';

/** A ledger entry kind's statement type; transfers have their own rows. */
function entryType(kind: string): TStatement['statementType'] {
  if (kind.startsWith('deposit.')) return 'deposit';
  if (kind.startsWith('bonus.finish')) return 'finish_bonus';
  if (kind.startsWith('bonus.')) return 'bonus';
  return 'withdraw';
}

function toStatement(row: StatementRow): TStatement {
  const common = { status: row.status, amount: fromMinor(row.amount), createdAt: row.created_at.toISOString(), description: row.memo };
  if (row.source === 'transfer') {
    const toGame = row.kind === 'to_game';
    return { statementType: 'transfer', from: toGame ? WALLET : row.game_code, to: toGame ? row.game_code : WALLET, ...common };
  }
  const incoming = row.amount > 0n;
  return { statementType: entryType(row.kind), from: incoming ? null : WALLET, to: incoming ? WALLET : null, ...common };
}

/**
 * POST /api/statement: the member's own movements, newest first. Amounts are
 * signed from the wallet's side: + into the wallet, - out of it.
 */
export function createStatementService(deps: { statements: StatementRepository }) {
  return {
    async page(memberId: string, request: { page: number; limit: number }): Promise<TStatementResponse> {
      const offset = (request.page - 1) * request.limit;
      const [total, rows] = await Promise.all([deps.statements.count(memberId), deps.statements.page(memberId, offset, request.limit)]);
      return { total, statements: rows.map(toStatement) };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
