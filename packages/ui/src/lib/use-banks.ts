import { useQuery } from '@tanstack/react-query';
import { LAO_BANKS } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';
import { ZBanksResponse, type TBank } from '@jetton/contract/lookup';
import { apiRequest } from './api-client';
import { buildFlags } from './build-flags';

const isLao = (bank: TBank) => (LAO_BANKS as readonly string[]).includes(bank.code);

/** The Lao build lists the Lao banks first (BCEL, LDB...), each side in the operator's order. */
export function laoBanksFirst(banks: TBank[]): TBank[] {
  return [...banks.filter(isLao), ...banks.filter((bank) => !isLao(bank))];
}

/** GET /api/lookup/banks (code and a name per language), shared by registration and the profile. Loads in the background. */
export function useBanks() {
  return useQuery({
    queryKey: ['lookup', 'banks'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.banks, { schema: ZBanksResponse, signal, background: true }),
    select: buildFlags.isLaoBuild ? laoBanksFirst : undefined,
    staleTime: 5 * 60_000,
  });
}
