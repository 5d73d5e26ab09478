import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useLogout } from './api';

/** Signs out with the product's toasts, then goes home. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out successfully' });
        void navigate({ to: '/' });
      },
      onError: (error) =>
        toast({
          title: 'Logout failed',
          description: messageOf(error, 'There was an error logging out'),
          variant: 'destructive',
        }),
    });
}
