import type { TFunction } from 'i18next';
import { isApiError } from '@jetton/ui/lib/api-error';
import { translateError } from '@jetton/ui/lib/translate-error';

/** Any failure of a call, in the operator's language (a non-API failure reads as a server error). */
export function errorText(t: TFunction, error: unknown): string {
  return translateError(t, isApiError(error) ? error.code : 'INTERNAL_SERVER_ERROR');
}
