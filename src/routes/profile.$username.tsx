import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { userByUsernameQuery } from '../features/profile/api';
import { ProfileView } from '../features/profile/components/profile-view';
import { useCurrentUser } from '@/lib/current-user';

export const Route = createFileRoute('/profile/$username')({
  // Starts the read early; a missing member is the component's 'Profile not found', not an error.
  // No read on a hover's preload (decision 043).
  loader: ({ context, params, preload }) =>
    preload ? undefined : context.queryClient.prefetchQuery(userByUsernameQuery(params.username)),
  component: MemberProfilePage,
});

function MemberProfilePage() {
  const { username } = Route.useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  return <ProfileView username={username} viewer={user} />;
}
