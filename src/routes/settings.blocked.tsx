import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { BlockedMembersPage } from '../features/blocks/components/blocked-members-page';
import { SignInRequired } from '../features/profile/components/sign-in-required';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export const Route = createFileRoute('/settings/blocked')({ component: BlockedRoute });

function BlockedRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(m.blocks_title());
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <SignInRequired text={m.blocks_sign_in()} />;
  return <BlockedMembersPage />;
}
