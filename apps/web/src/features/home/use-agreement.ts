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

/** Members on this device who accepted, at most this many (the latest kept). */
const REMEMBERED_MAX = 20;

/**
 * The members (by id) who accepted the agreement on this device, from
 * `remember-agreement`: a JSON list. Anything else (an older `true`, a broken
 * value) remembers nobody, so the member is asked once more.
 */
export function acceptedMembers(stored: string | null): string[] {
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The stored list once `memberId` accepted: kept once, latest last, the oldest dropped past the cap. */
export function withAccepted(stored: string | null, memberId: string): string {
  const ids = acceptedMembers(stored).filter((id) => id !== memberId);
  return JSON.stringify([...ids, memberId].slice(-REMEMBERED_MAX));
}

/**
 * The agreement dialog (docs/screens.md, "Home"): 1.5 s after home opens, unless
 * localStorage `remember-agreement` says this member accepted it on this device
 * (it outlives the session: logging out and in again does not ask again). The
 * texts load in the background meanwhile; with none (or a failed load) nothing is shown.
 */
export function useAgreement(memberId: string) {
  const [seen, setSeen] = useState(() => acceptedMembers(storage.get(STORAGE_KEYS.rememberAgreement)).includes(memberId));
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
      storage.set(STORAGE_KEYS.rememberAgreement, withAccepted(storage.get(STORAGE_KEYS.rememberAgreement), memberId));
      setSeen(true);
    },
    /** Closed without accepting: asked again on the next visit. */
    dismiss: () => setDismissed(true),
  };
}
