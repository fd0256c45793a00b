import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@jetton/contract/constants';
import { MONEY_RULE_DEFAULTS, ZMoneyLookup } from '@jetton/contract/money-rules';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { useWallet } from '@/lib/wallet-api';

/** The member's wallet currency once the wallet is read (THB on the default build, THB or LAK on the Lao one). */
export function useCurrency(): Currency | undefined {
  return useWallet().data?.wallet.currency;
}

/**
 * GET /api/lookup/money?currency=: the amount rules of the member's currency
 * (docs/money.md, "Rules per currency"): withdraw limits, the transfer and
 * gift-link minimums (null: no gift links), coins per deposit. The QR tab's
 * picks and minimums come from GET /api/qrcode/rules (features/deposit/qr-rules.ts).
 */
export function useMoneyRules() {
  const currency = useCurrency();
  return useQuery({
    queryKey: ['lookup', 'money', currency],
    queryFn: ({ signal }) =>
      apiRequest(`${ROUTES.lookup.money}?currency=${currency ?? 'THB'}`, { schema: ZMoneyLookup, signal, background: true }),
    enabled: currency !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** The transfer minimum of the member's currency; its contract default until the lookup answers (the server checks again). */
export function useTransferMin(): number {
  const currency = useCurrency() ?? 'THB';
  return useMoneyRules().data?.transferMin ?? MONEY_RULE_DEFAULTS[currency].transferMin;
}
