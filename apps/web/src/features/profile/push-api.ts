import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPushKey, ZPushState, type TPushNotices, type TPushState } from '@jetton/contract/push';
import type { Locale } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';

const pushKey = ['push', 'subscriptions'] as const;

/** Whether this browser can take push notices at all (a service worker, the Push API, notifications). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** GET /api/push/subscriptions, with which of them is this browser. */
export function usePushState() {
  return useQuery({
    queryKey: pushKey,
    queryFn: async ({ signal }) => {
      const [state, mine] = await Promise.all([
        apiRequest(ROUTES.push.subscriptions, { schema: ZPushState, signal }),
        currentSubscription(),
      ]);
      return { state, here: state.subscriptions.find((s) => s.endpoint === mine?.endpoint) ?? null };
    },
    enabled: pushSupported(),
  });
}

/** Asks the browser's permission, subscribes it with the site's key, and tells the server. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation<TPushState, ApiError | Error, Locale>({
    mutationFn: async (lang) => {
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
      const { publicKey } = await apiRequest(ROUTES.push.key, { schema: ZPushKey });
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      const json = subscription.toJSON();
      return apiRequest(ROUTES.push.subscriptions, {
        method: 'POST',
        body: { endpoint: json.endpoint, keys: json.keys, lang },
        schema: ZPushState,
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}

export function useUpdatePush() {
  const queryClient = useQueryClient();
  return useMutation<TPushState, ApiError, { endpoint: string; notices: Partial<TPushNotices> }>({
    mutationFn: (body) => apiRequest(ROUTES.push.subscriptions, { method: 'PUT', body, schema: ZPushState }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}

/** Unsubscribes this browser and forgets it on the server. */
export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation<TPushState, ApiError, string>({
    mutationFn: async (endpoint) => {
      await (await currentSubscription())?.unsubscribe();
      return apiRequest(ROUTES.push.subscriptions, { method: 'DELETE', body: { endpoint }, schema: ZPushState });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}
