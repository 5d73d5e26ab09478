import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { authKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import type { SelfUser } from '@/shared/contract/users';
import { useLogout } from './api';
import * as m from '@/lib/messages';

/**
 * Signs out with the product's toasts, then goes home. First this device forgets the member
 * (decision 067): its push subscription leaves their list while the session still stands, and
 * their saved copy goes.
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const userId = queryClient.getQueryData<SelfUser | null>(authKeys.currentUser)?.id;
    await import('@/lib/forget-device').then((device) => device.forgetThisDevice(userId)).catch(() => undefined);
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: m.auth_logged_out() });
        void navigate({ to: '/' });
      },
      onError: (error) =>
        toast({
          title: m.auth_logout_failed(),
          description: messageOf(error, m.auth_logout_error()),
          variant: 'destructive',
        }),
    });
  };
}
