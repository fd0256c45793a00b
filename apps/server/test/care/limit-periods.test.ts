import { describe, expect, it } from 'vitest';
import { LIMIT_KINDS, LIMIT_PERIODS, type TLimitKind, type TLimitPeriod } from '@jetton/contract/care';
import { expectError } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import type { TestApp } from '../support/test-app.ts';
import { activated, transfer, walletMember, type WalletMember } from '../support/wallet-support.ts';
import { bkk, createQr, payQr, setLimit, useCareApp } from './care-support.ts';

/** The last second of each period and the first of the next, in Bangkok: 2026-11-30 is a Monday and the 1st of December follows. */
const EDGES: Record<TLimitPeriod, { last: string; next: string }> = {
  day: { last: '2026-11-25T23:59:59', next: '2026-11-26T00:00:00' },
  week: { last: '2026-11-29T23:59:59', next: '2026-11-30T00:00:00' },
  month: { last: '2026-11-30T23:59:59', next: '2026-12-01T00:00:00' },
};
const REFUSAL = { deposit: 'DEPOSIT_LIMIT_REACHED', loss: 'LOSS_LIMIT_REACHED', wager: 'WAGER_LIMIT_REACHED' } as const;

describe.each(testEngines())('every limit at the end of each period (%s database)', (engine) => {
  let t: TestApp;
  useCareApp(engine, (app) => (t = app));

  /** Moves 200.00 the way the kind counts: a QR deposit paid, or a transfer into a game. */
  async function use(m: WalletMember, kind: TLimitKind) {
    if (kind !== 'deposit') return transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 200 });
    const qr = await createQr(t, m.token, 200);
    if (qr.statusCode === 200) await payQr(t, qr);
    return qr;
  }

  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      it(`${kind} per ${period}: full in the period's last second, room again at the next one's first`, async () => {
        const edge = EDGES[period];
        t.clock.moveTo(bkk(edge.last));
        const m = await walletMember(t, 100_000n);
        if (kind !== 'deposit') await activated(t, m, 'pg');
        await setLimit(t, m.token, { kind, period, amount: 300 });
        expect((await use(m, kind)).statusCode).toBe(200);
        expectError(await use(m, kind), 422, REFUSAL[kind]);
        t.clock.moveTo(bkk(edge.next));
        expect((await use(m, kind)).statusCode).toBe(200);
      });
    }
  }
});
