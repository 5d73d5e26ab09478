// Web Push's reads and writes for the screens (docs/api/web-push.md): whether the instance pushes
// at all (its VAPID key), the member's switches per kind, and this browser's subscription.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { call } from '@/lib/api-client';
import { pushState } from '@/lib/push-prompt';
import { appRegistration, subscribeThisBrowser, unsubscribeThisBrowser } from '@/lib/push-subscription';
import { pushKeys } from '@/lib/query-keys';
import { webPushRoutes } from '@/shared/contract/web-push';
import type { PushSettings } from '@/shared/contract/web-push';
import * as m from '@/lib/messages';

/** The instance's key: an error (503) means this instance sends no push. */
export const pushKeyQuery = queryOptions({ queryKey: pushKeys.key, queryFn: () => call(webPushRoutes.key) });

export const pushSettingsQuery = (userId: number) =>
  queryOptions({ queryKey: pushKeys.settings(userId), queryFn: () => call(webPushRoutes.settings) });

export function useUpdatePushSettings(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: Partial<PushSettings['kinds']>) => call(webPushRoutes.updateSettings, { body: { kinds } }),
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(userId), settings),
  });
}

/**
 * This browser: `unsupported` (no push, or no service worker on this page: a browser that refuses them),
 * `denied` (blocked in the browser's settings), else whether it is subscribed; with turnOn (asks
 * the browser's permission, so only from a click) and turnOff.
 */
export function useThisDevice() {
  const [state, setState] = useState<'checking' | 'unsupported' | 'denied' | 'on' | 'off'>('checking');
  const refresh = useCallback(async () => {
    const support = pushState();
    const registration = support === 'unsupported' ? null : await appRegistration();
    if (!registration) return setState('unsupported');
    if (support === 'denied') return setState('denied');
    const subscription = await registration.pushManager.getSubscription();
    setState(subscription && support === 'granted' ? 'on' : 'off');
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const turnOn = useMutation({
    mutationFn: async () => {
      const registration = await appRegistration();
      if (!registration) throw new Error(m.push_no_service_worker());
      if ((await Notification.requestPermission()) !== 'granted') return false;
      await subscribeThisBrowser(registration);
      return true;
    },
    onSettled: () => void refresh(),
  });
  const turnOff = useMutation({
    mutationFn: async () => {
      const registration = await appRegistration();
      if (registration) await unsubscribeThisBrowser(registration);
    },
    onSettled: () => void refresh(),
  });
  return { state, turnOn, turnOff };
}

/** Whether the instance sends push (its key answers): the card and the switches need it. */
export const usePushAvailable = () => useQuery(pushKeyQuery);
