// The member's trade circles (/trade-circles), newest first: each with its ring in one line, the
// member's part, its status and a link to it.
import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { fmt } from '@/lib/intl';
import type { SelfUser } from '@/shared/contract/users';
import type { TradeCircle } from '@/shared/contract/trade-circles';
import { circlesQuery } from '../api';
import { StatusBadge, statusLine } from './status';
import * as m from '@/lib/messages';
import '../trade-circles.css';

export function CirclesList({ me }: { me: SelfUser }) {
  const circles = useQuery(circlesQuery);
  return (
    <div className="container page">
      <Heading as="h1" size="7" mb="2">
        {m.trade_circles_title()}
      </Heading>
      <Text as="p" color="gray" mb="5" className="circles-intro">
        {m.trade_circles_intro()}
      </Text>
      {circles.isLoading ? (
        <Flex justify="center" p="6">
          <Spinner size="3" />
        </Flex>
      ) : circles.isError ? (
        <Text color="red">{messageOf(circles.error, m.trade_circles_load_failed())}</Text>
      ) : circles.data!.length === 0 ? (
        <Card size="3">
          <Flex direction="column" gap="3" align="start">
            <Heading as="h2" size="4">
              {m.trade_circles_none_title()}
            </Heading>
            <Text color="gray">{m.trade_circles_none_text()}</Text>
            <Button asChild variant="soft">
              <Link to="/browse">{m.trade_circles_browse()}</Link>
            </Button>
          </Flex>
        </Card>
      ) : (
        <ul className="circles-list" data-testid="circles-list">
          {circles.data!.map((circle) => (
            <CircleItem key={circle.id} circle={circle} meId={me.id} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CircleItem({ circle, meId }: { circle: TradeCircle; meId: number }) {
  const n = circle.legs.length;
  const mine = circle.legs.findIndex((leg) => leg.giver?.id === meId);
  const give = mine >= 0 ? circle.legs[mine] : undefined;
  const get = mine >= 0 ? circle.legs[(mine - 1 + n) % n] : undefined;
  const ringText = [
    ...circle.legs.map((leg) =>
      leg.giver?.id === meId ? m.trade_circles_you() : (leg.giver?.displayName ?? m.trade_circles_former_member()),
    ),
    circle.legs[0]?.giver?.id === meId ? m.trade_circles_you() : (circle.legs[0]?.giver?.displayName ?? ''),
  ].join(' → ');
  return (
    <li>
      <Card asChild className="circle-card">
        <Link to="/trade-circles/$id" params={{ id: String(circle.id) }} data-testid="circle-card">
          <Flex direction="column" gap="1">
            <Flex align="center" gap="2" wrap="wrap">
              <Heading as="h2" size="3">
                {n === 2 ? m.trade_circles_direct_swap() : m.trade_circles_circle_of({ count: fmt.number(n) })}
              </Heading>
              <StatusBadge status={circle.status} />
            </Flex>
            {give && get && (
              <Text as="p" size="2">
                {m.trade_circles_you_give_get({
                  give: give.listing?.title ?? m.trade_circles_a_removed_listing(),
                  get: get.listing?.title ?? m.trade_circles_a_removed_listing(),
                })}
              </Text>
            )}
            <Text as="p" size="1" color="gray" className="circle-card-ring">
              {ringText}
            </Text>
            <Text as="p" size="1" color="gray">
              {statusLine(circle)}
            </Text>
          </Flex>
        </Link>
      </Card>
    </li>
  );
}
