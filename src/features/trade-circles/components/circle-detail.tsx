// One trade circle (/trade-circles/{id}): the ring diagram, the same ring as an ordered list (who
// gives what to whom, each member's decision, each leg's barter and where to complete and review
// it), the member's Accept and Decline, and the circle's live group chat.
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import type { SelfUser } from '@/shared/contract/users';
import { conversationKeyOf } from '@/shared/conversation-key';
import type { TradeCircle, TradeCircleLeg } from '@/shared/contract/trade-circles';
import { MessageCard } from '@/components/message-card';
import { circleQuery, useDecideCircle } from '../api';
import { CircleChat } from './circle-chat';
import { legState, RingDiagram } from './ring-diagram';
import { StatusBadge, statusLine } from './status';
import '../trade-circles.css';

const nameOf = (user: TradeCircleLeg['giver'], meId: number, capital = true) =>
  user ? (user.id === meId ? (capital ? 'You' : 'you') : user.displayName) : 'a former member';

export function CircleDetail({ id, me }: { id: number; me: SelfUser }) {
  const circle = useQuery(circleQuery(id));
  usePageTitle(circle.data ? (circle.data.legs.length === 2 ? 'Direct swap' : 'Trade circle') : 'Trade circle');
  if (circle.isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (circle.isError || !circle.data) {
    const status = circle.error instanceof ApiError ? circle.error.status : 0;
    return (
      <MessageCard
        title={
          status === 404
            ? 'Trade circle not found'
            : status === 403
              ? 'Not your trade circle'
              : 'Could not load this trade circle'
        }
        text={
          status === 403
            ? 'Only the members of a trade circle can see it.'
            : status === 404
              ? 'There is no trade circle at this address.'
              : messageOf(circle.error, 'Please try again.')
        }
      >
        <Button asChild variant="soft">
          <Link to="/trade-circles">Your trade circles</Link>
        </Button>
      </MessageCard>
    );
  }
  return <CircleView circle={circle.data} me={me} />;
}

function CircleView({ circle, me }: { circle: TradeCircle; me: SelfUser }) {
  const member = circle.legs.some((leg) => leg.giver?.id === me.id);
  const n = circle.legs.length;
  return (
    <div className="container page trade-circle-page">
      <Button asChild variant="ghost" size="1" mb="3">
        <Link to="/trade-circles">
          <ArrowLeftIcon /> Your trade circles
        </Link>
      </Button>
      <Flex align="center" gap="3" wrap="wrap" mb="1">
        <Heading as="h1" size="7">
          {n === 2 ? 'Direct swap' : `Trade circle of ${n}`}
        </Heading>
        <StatusBadge status={circle.status} />
      </Flex>
      <Text as="p" color="gray" size="2" mb="4">
        {statusLine(circle)}
      </Text>
      {(circle.status === 'declined' || circle.status === 'expired') && <CircleOver circle={circle} />}
      <div className="trade-circle-grid">
        <Card className="trade-circle-ring-card">
          <RingDiagram circle={circle} meId={me.id} />
          <Flex gap="3" wrap="wrap" justify="center" className="ring-legend" aria-hidden="true">
            <span className="ring-legend-item ring-leg-open">Proposed swap</span>
            <span className="ring-legend-item ring-leg-pending">Barter pending</span>
            <span className="ring-legend-item ring-leg-completed">Barter completed</span>
          </Flex>
        </Card>
        <Flex direction="column" gap="4">
          {member && <DecisionPanel circle={circle} meId={me.id} />}
          <section aria-labelledby="who-gives-what">
            <Heading as="h2" size="4" mb="2" id="who-gives-what">
              Who gives what
            </Heading>
            <ol className="circle-legs" data-testid="circle-legs">
              {circle.legs.map((leg, i) => (
                <LegItem key={i} circle={circle} leg={leg} meId={me.id} />
              ))}
            </ol>
          </section>
        </Flex>
      </div>
      {member && <CircleChat circle={circle} meId={me.id} />}
    </div>
  );
}

/**
 * A circle that is over says so, why (when the server kept the words) and what to do next: the
 * member's matches, or wants that can form another circle (decision 061).
 */
function CircleOver({ circle }: { circle: TradeCircle }) {
  const declined = circle.status === 'declined';
  // The buttons sit outside the callout: inside it they would take its colour (and lose contrast).
  return (
    <Flex direction="column" gap="2" align="start" mb="4" data-testid="circle-over">
      <Callout.Root color={declined ? 'red' : 'gray'}>
        <Callout.Text>
          {declined
            ? `This circle was called off${circle.endReason ? `: ${circle.endReason}` : ''}. No barter was made.`
            : 'This proposal expired: not every member decided in time. No barter was made.'}
        </Callout.Text>
      </Callout.Root>
      <Flex gap="2" wrap="wrap">
        <Button asChild size="2">
          <Link to="/matches">See your matches</Link>
        </Button>
        <Button asChild size="2" variant="soft">
          <Link to="/browse">Find another circle</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

function LegItem({ circle, leg, meId }: { circle: TradeCircle; leg: TradeCircleLeg; meId: number }) {
  const giver = nameOf(leg.giver, meId);
  const receiver = nameOf(leg.receiver, meId, false);
  const mine = leg.giver?.id === meId;
  const decision =
    leg.decision ??
    (circle.status === 'proposed' ? (mine ? 'have not decided yet' : 'has not decided yet') : 'did not decide');
  const state = legState(circle, leg);
  const party = leg.giver?.id === meId || leg.receiver?.id === meId;
  const barterText =
    state === 'pending'
      ? `Barter pending: ${leg.receiver?.id === meId ? 'confirm it' : `${leg.receiver?.displayName ?? 'the receiver'} confirms it`} once the swap has happened`
      : state === 'completed'
        ? 'Barter completed'
        : state === 'cancelled'
          ? 'Barter cancelled'
          : circle.status === 'proposed'
            ? 'Becomes a barter when everyone accepts'
            : circle.status === 'agreed'
              ? 'No barter (its listing was removed)'
              : 'No barter';
  return (
    <li className={`circle-leg ring-leg-${state}`} data-testid="circle-leg">
      <Text as="p" size="2" weight="medium">
        {giver} {leg.giver?.id === meId ? 'give' : 'gives'}{' '}
        {leg.listing ? (
          <Link to="/listing/$id" params={{ id: String(leg.listing.id) }}>
            “{leg.listing.title}”
          </Link>
        ) : (
          'a listing that was removed'
        )}{' '}
        to {receiver}
      </Text>
      <Text as="p" size="1" color="gray">
        {mine ? 'You' : (leg.giver?.displayName ?? 'A former member')} {decision} · {barterText}
      </Text>
      {party && leg.barterId !== null && leg.listing && leg.giver && leg.receiver && (
        <Text as="p" size="1">
          <Link
            to="/messages/$conversation"
            params={{ conversation: conversationKeyOf(leg.listing.id, leg.giver.id, leg.receiver.id) }}
            className="circle-leg-link"
            data-testid="leg-barter-link"
          >
            {state === 'completed' ? 'Review this barter' : 'Complete this barter'} with{' '}
            {leg.giver.id === meId ? leg.receiver.displayName : leg.giver.displayName}
          </Link>
        </Text>
      )}
    </li>
  );
}

function DecisionPanel({ circle, meId }: { circle: TradeCircle; meId: number }) {
  const decide = useDecideCircle(circle.id);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const n = circle.legs.length;
  const mine = circle.legs.findIndex((leg) => leg.giver?.id === meId);
  const give = circle.legs[mine]!;
  const get = circle.legs[(mine - 1 + n) % n]!;
  const waiting = circle.legs.filter((leg) => leg.decision !== 'accepted').length;
  const act = (action: 'accept' | 'decline') =>
    decide.mutate(action, {
      onSuccess: (after) => {
        setConfirming(false);
        toast({
          title:
            action === 'decline'
              ? 'You declined the trade circle'
              : after.status === 'agreed'
                ? 'Everyone accepted: the circle is agreed'
                : 'You accepted the trade circle',
        });
      },
      onError: (error) =>
        toast({ title: 'Could not record your decision', description: messageOf(error, ''), variant: 'destructive' }),
    });
  return (
    <Card className="decision-panel" data-testid="decision-panel">
      <Heading as="h2" size="4" mb="2">
        Your part
      </Heading>
      <Text as="p" size="2" mb="3">
        You give “{give.listing?.title ?? 'a listing that was removed'}” to{' '}
        {give.receiver?.displayName ?? 'a former member'} and get “{get.listing?.title ?? 'a listing that was removed'}”
        from {get.giver?.displayName ?? 'a former member'}.
      </Text>
      {circle.status !== 'proposed' ? (
        // A circle that is over says why and what next above the ring (CircleOver).
        circle.status === 'agreed' && (
          <Text as="p" size="2" color="gray">
            Everyone accepted. Meet up, swap, then confirm each barter in its conversation.
          </Text>
        )
      ) : confirming ? (
        <Flex direction="column" gap="2">
          <Text as="p" size="2" role="alert">
            Declining calls the circle off for everyone. Decline?
          </Text>
          <Flex gap="2" wrap="wrap">
            <Button ref={confirmRef} color="red" onClick={() => act('decline')} loading={decide.isPending}>
              Yes, decline
            </Button>
            <Button variant="soft" color="gray" onClick={() => setConfirming(false)} disabled={decide.isPending}>
              Keep it
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex direction="column" gap="2">
          {give.decision === 'accepted' && (
            <Callout.Root size="1" color="green">
              <Callout.Text>
                You accepted. Waiting for {waiting} more {waiting === 1 ? 'member' : 'members'}.
              </Callout.Text>
            </Callout.Root>
          )}
          <Flex gap="2" wrap="wrap">
            {give.decision !== 'accepted' && (
              <Button onClick={() => act('accept')} loading={decide.isPending} data-testid="accept-circle">
                Accept
              </Button>
            )}
            <Button
              variant="soft"
              color="red"
              onClick={() => setConfirming(true)}
              disabled={decide.isPending}
              data-testid="decline-circle"
            >
              Decline
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
