// Who is signed in: one cached read of GET /api/auth/me that every screen observes. Sign-in,
// registration and sign-out (features/auth) write to it; a guest reads null.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@/shared/contract/auth';
import { callOrNull } from './api-client';
import { authKeys } from './query-keys';

export const currentUserQuery = queryOptions({
  queryKey: authKeys.currentUser,
  queryFn: () => callOrNull(authRoutes.currentUser),
  retry: false,
  staleTime: Infinity,
});

export function useCurrentUser() {
  const { data, isLoading } = useQuery(currentUserQuery);
  return { user: data ?? null, isLoading };
}
