// Session: the current user, sign-in, registration and sign-out
// (docs/api/accounts-and-passwords.md).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput } from '@/shared/schemas';
import { authRoutes } from '@/shared/contract/auth';
import { call } from '@/lib/api-client';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { passwordKeyFor } from '@/lib/password-key';
import { authKeys } from '@/lib/query-keys';
import * as m from '@/lib/messages';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // The typed password never leaves the browser at sign-in: only its Argon2id key does.
    mutationFn: async (input: LoginInput) =>
      call(authRoutes.login, {
        body: {
          username: input.username,
          password: await passwordKeyFor({ username: input.username }, input.password),
        },
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    // The server checks the password's rules and stores a keyed hash of the key derived here.
    mutationFn: async (input: RegisterInput) =>
      call(authRoutes.register, {
        body: { ...input, passwordKey: await passwordKeyFor({ username: input.username }, input.password) },
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
    },
  });
}

/**
 * The member is signed out (here, or elsewhere: the live chat learns of it from the server). The
 * current user becomes null first (the header keeps observing it), then every other cached read
 * goes: nothing of the signed-out member stays in memory.
 */
export function forgetSignedOutMember(queryClient: QueryClient) {
  queryClient.setQueryData(authKeys.currentUser, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.currentUser[0] });
}

/** Logout clears the user and every cached read (docs/decisions/007-front-end-foundation.md). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authRoutes.logout),
    onSuccess: () => forgetSignedOutMember(queryClient),
  });
}

/**
 * Resend the verification email (with its success and failure toasts); the banner and the welcome
 * screen offer it.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => call(authRoutes.resendVerification),
    onSuccess: (reply) =>
      toast({ title: m.auth_email_sent(), description: reply.message || m.auth_verification_sent() }),
    onError: (error) =>
      toast({
        title: m.auth_send_failed(),
        description: messageOf(error, m.auth_send_failed_text()),
        variant: 'destructive',
      }),
  });
}
