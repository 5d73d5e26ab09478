// Newsletter with double opt-in (docs/api/newsletter.md).
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiGet } from '@/lib/api';
import { newsletterKeys } from '@/lib/query-keys';

interface Reply {
  message: string;
}

export function useSubscribe() {
  return useMutation({
    mutationFn: (input: { email: string }) => api<Reply>('POST', '/api/newsletter/subscribe', input),
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => api<Reply>('POST', '/api/newsletter/unsubscribe', { token }) });
}

// A query so the single-use link is spent once however often the screen mounts.
export const confirmQuery = (token: string) =>
  queryOptions({
    queryKey: newsletterKeys.confirm(token),
    queryFn: () => apiGet<Reply>(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
