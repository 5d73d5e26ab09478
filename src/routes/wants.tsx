import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { SignInRequired } from '../features/profile/components/sign-in-required';
import { WantsPage } from '../features/wants/components/wants-page';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export const Route = createFileRoute('/wants')({ component: WantsRoute });

function WantsRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(m.wants_title());
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <SignInRequired text={m.wants_sign_in()} />;
  return <WantsPage />;
}
