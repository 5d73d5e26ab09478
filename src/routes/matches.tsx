import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { SignInRequired } from '../features/profile/components/sign-in-required';
import { MatchesPage } from '../features/wants/components/matches-page';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export const Route = createFileRoute('/matches')({ component: MatchesRoute });

function MatchesRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(m.wants_matches_title());
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <SignInRequired text={m.wants_matches_sign_in()} />;
  return <MatchesPage />;
}
