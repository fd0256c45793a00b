import { useCallback, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, apiPath } from '@jetton/contract/routes';
import { QR_PROVIDERS, TIMEOUTS_MS, type QrProvider } from '@jetton/contract/constants';
import {
  SLIP_UPLOAD,
  ZDepositNoticeResponse,
  ZQrCancelResponse,
  ZQrRulesResponse,
  ZQrStateResponse,
  ZQrStatusResponse,
  ZSlipStatusResponse,
  ZSlipUploadResponse,
  ZTruelinkResponse,
  type TDepositNoticeRequest,
  type TTruelinkRequest,
} from '@jetton/contract/deposit';
import { ZDepositLookup } from '@jetton/contract/lookup';
import { encryptTruelink } from '@jetton/contract/truelink-crypto';
import type { TQrState, TSlip } from '@jetton/contract/wallet';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { walletQueryKey } from '@/lib/wallet-api';
import { useMoneyPost } from '@/lib/money-post';

const qrKey = (provider: QrProvider) => ['qrcode', provider] as const;

/**
 * GET /api/lookup/deposit: the site's accounts, gift-link wallets and manual
 * mode; a failure stays silent (docs/screens.md, "Errors and messages").
 */
export function useDepositLookup() {
  return useQuery({
    queryKey: ['lookup', 'deposit'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.deposit, { schema: ZDepositLookup, signal, background: true }),
    staleTime: 60_000,
  });
}

/** GET /api/qrcode/rules: each provider's minimum and quick picks as the server applies them. */
export function useQrRules() {
  return useQuery({
    queryKey: ['qrcode', 'rules'],
    queryFn: async ({ signal }) =>
      (await apiRequest(ROUTES.qrcode.rules, { schema: ZQrRulesResponse, signal, background: true })).providers,
    staleTime: 60_000,
  });
}

/**
 * How often an open dialog asks whether a deposit arrived (docs/member-web.md,
 * "Watching a deposit"): a QR is credited within a second of the payment, a
 * slip within a verifier run (2 s), so a member waits at most a few seconds.
 */
export const WATCH_INTERVAL_MS = 3_000;

/** POST /api/wallet/slip (multipart `file`, 300 s): the slip is then `processing` until the verifier decides. */
export function useSlipUpload() {
  return useMutation<TSlip, ApiError, File>({
    mutationFn: async (file) => {
      const body = new FormData();
      body.append(SLIP_UPLOAD.field, file);
      const answer = await apiRequest(ROUTES.wallet.slip, {
        method: 'POST',
        body,
        schema: ZSlipUploadResponse,
        timeoutMs: TIMEOUTS_MS.slipUpload,
      });
      return answer.slip;
    },
  });
}

/** GET /api/wallet/slip/{slipId} every few seconds (and when the tab is shown again) while the slip is processing. */
export function useSlipStatus(slipId: string) {
  return useQuery({
    queryKey: ['slipStatus', slipId],
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPath(ROUTES.wallet.slipStatus, { slipId }), { schema: ZSlipStatusResponse, signal, background: true })).slip,
    refetchInterval: (query) => (query.state.data?.status ?? 'processing') === 'processing' && WATCH_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

/** GET /api/qrcode/status/{qrcodeId} every few seconds (and when the tab is shown again) while the QR is open. */
export function useQrStatus(qrcodeId: string) {
  return useQuery({
    queryKey: ['qrStatus', qrcodeId],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(ROUTES.qrcode.status, { qrcodeId }), { schema: ZQrStatusResponse, signal, background: true }),
    refetchInterval: (query) => (query.state.data?.status ?? 'open') === 'open' && WATCH_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

/** Once a deposit is credited: the wallet (total balance, coins) and the QR states are read again. */
export function useDepositCredited() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    for (const provider of QR_PROVIDERS) void queryClient.invalidateQueries({ queryKey: qrKey(provider) });
  }, [queryClient]);
}

/** GET /api/qrcode/{provider}: the provider's open QR, if any. */
export function useQrState(provider: QrProvider) {
  return useQuery({
    queryKey: qrKey(provider),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(ROUTES.qrcode.byProvider, { provider }), { schema: ZQrStateResponse, signal, background: true }),
    staleTime: 0,
  });
}

/** POST /api/qrcode/{provider} {amount}; the other providers are marked to reload (docs/screens.md, "Home"). */
export function useCreateQr(provider: QrProvider) {
  const queryClient = useQueryClient();
  return useMutation<TQrState, ApiError, number>({
    mutationFn: (amount) =>
      apiRequest(apiPath(ROUTES.qrcode.byProvider, { provider }), {
        method: 'POST',
        body: { amount },
        schema: ZQrStateResponse,
        idempotencyKey: true,
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(qrKey(provider), state);
      for (const other of QR_PROVIDERS) {
        if (other !== provider) void queryClient.invalidateQueries({ queryKey: qrKey(other) });
      }
    },
  });
}

/** DELETE /api/qrcode/{qrcodeId}: the QR is gone; the provider's state is read again. */
export function useCancelQr(provider: QrProvider) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (qrcodeId) => apiRequest(apiPath(ROUTES.qrcode.byId, { qrcodeId }), { method: 'DELETE', schema: ZQrCancelResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qrKey(provider) }),
  });
}

/** Drops an expired QR from the cache (at 00:00 the QR is dropped: docs/screens.md, "Home"). */
export function useDropQr(provider: QrProvider) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.setQueryData<TQrState>(
        qrKey(provider),
        (old) =>
          old && { ...old, hasQrcode: false, qrcode: null, payload: null, qrcodeId: null, amount: null, expireIn: null, message: null },
      ),
    [queryClient, provider],
  );
}

/** The derived gift-link key the server puts in index.html (docs/decisions.md), or undefined. */
export function readTruelinkKey(): string | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="jetton-truelink-key"]')?.content;
  return content ? content : undefined;
}

type GiftHandlers = { onSuccess: (answer: { amount: number }) => void; onError: (error: ApiError) => void };

/** POST /api/wallet/truelink {link: encrypted `link::walletAccountName`} with an Idempotency-Key. */
export function useSendGiftLink() {
  const post = useMoneyPost<TTruelinkRequest, typeof ZTruelinkResponse>(ROUTES.wallet.truelink, ZTruelinkResponse);
  // The envelope has a random IV: the same link keeps its token, so a retry keeps its Idempotency-Key.
  const sealed = useRef<{ plain: string; token: string } | undefined>(undefined);
  const send = async (key: string, link: string, walletAccountName: string, handlers: GiftHandlers) => {
    const plain = `${link.trim()}\n${walletAccountName}`;
    if (sealed.current?.plain !== plain) sealed.current = { plain, token: await encryptTruelink(key, link.trim(), walletAccountName) };
    post.mutate({ link: sealed.current.token }, handlers);
  };
  return { isPending: post.isPending, send };
}

/** POST /api/wallet/add {amount} (manual mode): a deposit notice the operator confirms. */
export function useDepositNotice() {
  return useMoneyPost<TDepositNoticeRequest, typeof ZDepositNoticeResponse>(ROUTES.wallet.add, ZDepositNoticeResponse);
}
