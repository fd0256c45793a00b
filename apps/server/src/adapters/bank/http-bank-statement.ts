import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { ProviderError } from '../games/game-provider.ts';
import { providerRequest } from '../games/provider-http.ts';
import { StatementUnavailableError, type BankStatement } from './bank-statement.ts';

const ZStatement = z.object({
  lines: z.array(
    z.object({
      transRef: text().min(1).max(64),
      amount: text().regex(/^[0-9]{1,15}$/),
      time: z.iso.datetime({ offset: true }),
      sender: z.object({ bank: text(), account: text(), name: text() }),
    }),
  ),
  cursor: text().max(200),
});

/**
 * Reads the statement API over HTTP: GET `<base>/statement?bank=&account=&cursor=`
 * with the API key. Anything unusable is StatementUnavailableError: the poller
 * keeps its cursor and asks again next time.
 */
export function createHttpBankStatement(deps: {
  baseUrl: () => string;
  apiKey: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}): BankStatement {
  return {
    async listIncoming(account, cursor) {
      const query = new URLSearchParams({ bank: account.bank, account: account.account, cursor });
      let response;
      try {
        response = await providerRequest(`${deps.baseUrl()}/statement?${query.toString()}`, {
          method: 'GET',
          headers: { 'x-api-key': deps.apiKey },
          timeoutMs: deps.timeoutMs ?? 5_000,
          signal: deps.signal,
        });
      } catch (error) {
        if (error instanceof ProviderError) throw new StatementUnavailableError(error.message);
        throw error;
      }
      const parsed = ZStatement.safeParse(response.body);
      if (response.status !== 200 || !parsed.success) throw new StatementUnavailableError(`statement answered ${response.status}`);
      return {
        cursor: parsed.data.cursor,
        lines: parsed.data.lines.map((l) => ({ ...l, amount: BigInt(l.amount), time: new Date(l.time) })),
      };
    },
  };
}
