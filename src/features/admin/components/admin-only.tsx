// The admin pages' gate, as the dashboard has it: a spinner while the session
// loads, then the access messages for visitors and members, and the page only for admins.
import { Flex, Spinner } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { SelfUser } from '@/shared/contract/users';
import { AccessMessage } from './access-message';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export function AdminOnly({ children }: { children: (admin: SelfUser) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <Flex justify="center" className="page" role="status" aria-label={m.admin_loading()}>
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user || !user.isAdmin) return <AccessMessage signedIn={Boolean(user)} />;
  return <>{children(user)}</>;
}
