// Newsletter with double opt-in (docs/api/newsletter.md).
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { newsletterKeys } from '@/lib/query-keys';
import { newsletterRoutes } from '@/shared/contract/newsletter';

export function useSubscribe() {
  return useMutation({
    mutationFn: (input: { email: string }) => call(newsletterRoutes.subscribe, { body: input }),
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => call(newsletterRoutes.unsubscribe, { body: { token } }) });
}

// A query so the single-use link is spent once however often the screen mounts.
export const confirmQuery = (token: string) =>
  queryOptions({
    queryKey: newsletterKeys.confirm(token),
    queryFn: () => call(newsletterRoutes.confirm, { query: { token } }),
    retry: false,
    staleTime: Infinity,
  });
