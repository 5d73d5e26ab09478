// Members' profiles: reads by id and username, and the own-account mutations (edit, change
// password, delete). A member's listings are read through features/listings/api.ts. Keys are
// hierarchical so a mutation refreshes exactly what it changes (decision 007).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordKeyFor } from '@/lib/password-key';
import { call } from '@/lib/api-client';
import { authRoutes } from '@/shared/contract/auth';
import { userRoutes, type SelfUser } from '@/shared/contract/users';
import type { ProfileUpdateInput } from '@/shared/schemas';
import { authKeys, userKeys } from '@/lib/query-keys';

/** The public view, or the self view (email, address) when it is the signed-in member. */
export const userByUsernameQuery = (username: string) =>
  queryOptions({
    queryKey: userKeys.byUsername(username),
    queryFn: () => call(userRoutes.byUsername, { params: { username } }),
  });

/** On success the current-user and user-by-username reads are refreshed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: ProfileUpdateInput & { id: number }) =>
      call(userRoutes.update, { params: { id }, body: changes }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
      void queryClient.invalidateQueries({ queryKey: userKeys.byUsername(user.username) });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // Both passwords become Argon2id keys here, with the member's own salt (server relief).
    mutationFn: async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
      const username = queryClient.getQueryData<SelfUser | null>(authKeys.currentUser)?.username ?? '';
      const [currentKey, newPasswordKey] = await Promise.all([
        passwordKeyFor({ username }, currentPassword),
        passwordKeyFor({ username }, newPassword),
      ]);
      return call(authRoutes.changePassword, {
        body: { currentPassword: currentKey, newPassword, newPasswordKey },
      });
    },
  });
}

/** Deleting the account ends the session: every cached read goes, and nobody is signed in. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(userRoutes.remove, { params: { id } }),
    onSuccess: () => {
      // Nobody first, so mounted readers of the current user (the header) see it; then drop the
      // rest. The other way round they would keep the removed query's old user.
      queryClient.setQueryData(authKeys.currentUser, null);
      queryClient.clear();
    },
  });
}
