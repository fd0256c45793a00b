import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { DELAYS_MS, STORAGE_KEYS } from '@jetton/contract/constants';
import { ZTextList } from '@jetton/contract/lookup';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { storage } from '@jetton/ui/lib/storage';

/** Calls `onDue` 1.5 s from now unless the agreement was seen; returns the cancel. */
export function scheduleAgreement(seen: boolean, onDue: () => void): () => void {
  if (seen) return () => undefined;
  const timer = setTimeout(onDue, DELAYS_MS.agreementDialog);
  return () => clearTimeout(timer);
}

/** Written when the member accepts; the dialog is not shown again while it is there. */
const ACCEPTED = 'true';

/**
 * The agreement dialog (docs/screens.md, "Home"): 1.5 s after home opens, unless
 * localStorage `remember-agreement` says it was seen. The texts load in the
 * background meanwhile; with none (or a failed load) nothing is shown.
 */
export function useAgreement() {
  const [seen, setSeen] = useState(() => storage.get(STORAGE_KEYS.rememberAgreement) !== null);
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const texts = useQuery({
    queryKey: ['lookup', 'agreements'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.agreements, { schema: ZTextList, signal, background: true }),
    enabled: !seen,
    staleTime: 5 * 60_000,
  });

  useEffect(() => scheduleAgreement(seen, () => setDue(true)), [seen]);

  return {
    open: !seen && due && !dismissed && (texts.data?.length ?? 0) > 0,
    texts: texts.data ?? [],
    accept: () => {
      storage.set(STORAGE_KEYS.rememberAgreement, ACCEPTED);
      setSeen(true);
    },
    /** Closed without accepting: asked again on the next visit. */
    dismiss: () => setDismissed(true),
  };
}
