import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { CirclesSignIn } from '../features/trade-circles/components/sign-in-card';
import { CirclesList } from '../features/trade-circles/components/circles-list';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export const Route = createFileRoute('/trade-circles/')({ component: TradeCirclesPage });

/** The signed-in member's trade circles (docs/api/wants-matches-circles.md); visitors sign in first. */
function TradeCirclesPage() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(m.trade_circles_title());
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <CirclesSignIn />;
  return <CirclesList me={user} />;
}
