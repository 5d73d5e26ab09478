import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileView } from '../features/profile/components/profile-view';
import { SignInRequired } from '../features/profile/components/sign-in-required';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export const Route = createFileRoute('/profile/')({ component: OwnProfilePage });

/** The signed-in member's own profile; visitors are asked to sign in. */
function OwnProfilePage() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(m.profile_title());

  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <SignInRequired />;
  return <ProfileView username={user.username} viewer={user} />;
}
