import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest, type ResponseParser } from '@jetton/ui/lib/api-client';

/** `{ active: boolean }`, checked by hand: home does not download the wheel's schemas (docs/performance.md). */
const activeAnswer: ResponseParser<{ active: boolean }> = {
  safeParse: (value) =>
    typeof value === 'object' && value !== null && 'active' in value && typeof value.active === 'boolean'
      ? { success: true, data: { active: value.active } }
      : { success: false },
};

/**
 * GET /api/spinwheel/active: whether the home shows the prize wheel widget or
 * 'refresh all' (docs/spin.md, "The screen"). A failed check shows 'refresh all'.
 */
export function useSpinActive(): boolean {
  const active = useQuery({
    queryKey: ['spin', 'active'],
    queryFn: ({ signal }) => apiRequest(ROUTES.spinwheel.active, { schema: activeAnswer, signal, background: true }),
    staleTime: 60_000,
    retry: false,
  });
  return active.data?.active ?? false;
}
