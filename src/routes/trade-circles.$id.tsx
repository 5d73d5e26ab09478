import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { CirclesSignIn } from '../features/trade-circles/components/sign-in-card';
import { CircleDetail } from '../features/trade-circles/components/circle-detail';
import { NotFoundCard } from '../components/not-found-card';
import { useCurrentUser } from '@/lib/current-user';

export const Route = createFileRoute('/trade-circles/$id')({
  beforeLoad: ({ params }) => {
    const id = Number(params.id);
    if (!/^\d{1,15}$/.test(params.id) || !Number.isSafeInteger(id) || id < 1) throw notFound();
  },
  component: TradeCirclePage,
  notFoundComponent: () => <NotFoundCard />,
});

/** One trade circle: its members see it and decide; admins may look. */
function TradeCirclePage() {
  const { user, isLoading } = useCurrentUser();
  const id = Number(Route.useParams().id);
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <CirclesSignIn />;
  return <CircleDetail id={id} me={user} />;
}
