import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { SignInRequired } from '../features/profile/components/sign-in-required';
import { MatchesPage } from '../features/wants/components/matches-page';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';

export const Route = createFileRoute('/matches')({ component: MatchesRoute });

function MatchesRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle('Matches');
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <SignInRequired text="Sign in to see the swaps that members want with you." />;
  return <MatchesPage />;
}
