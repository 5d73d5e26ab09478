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
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';
import '../trade-circles.css';

export function CircleDetail({ id, me }: { id: number; me: SelfUser }) {
  const circle = useQuery(circleQuery(id));
  usePageTitle(circle.data?.legs.length === 2 ? m.trade_circles_direct_swap() : m.trade_circles_trade_circle());
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
            ? m.trade_circles_not_found()
            : status === 403
              ? m.trade_circles_not_yours()
              : m.trade_circles_load_one_failed()
        }
        text={
          status === 403
            ? m.trade_circles_members_only()
            : status === 404
              ? m.trade_circles_no_such()
              : messageOf(circle.error, m.trade_circles_try_again())
        }
      >
        <Button asChild variant="soft">
          <Link to="/trade-circles">{m.trade_circles_yours()}</Link>
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
          <ArrowLeftIcon /> {m.trade_circles_yours()}
        </Link>
      </Button>
      <Flex align="center" gap="3" wrap="wrap" mb="1">
        <Heading as="h1" size="7">
          {n === 2 ? m.trade_circles_direct_swap() : m.trade_circles_circle_of({ count: fmt.number(n) })}
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
            <span className="ring-legend-item ring-leg-open">{m.trade_circles_legend_open()}</span>
            <span className="ring-legend-item ring-leg-pending">{m.trade_circles_legend_pending()}</span>
            <span className="ring-legend-item ring-leg-completed">{m.trade_circles_legend_completed()}</span>
          </Flex>
        </Card>
        <Flex direction="column" gap="4">
          {member && <DecisionPanel circle={circle} meId={me.id} />}
          <section aria-labelledby="who-gives-what">
            <Heading as="h2" size="4" mb="2" id="who-gives-what">
              {m.trade_circles_who_gives_what()}
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
            ? circle.endReason
              ? m.trade_circles_called_off_reason({ reason: circle.endReason })
              : m.trade_circles_called_off()
            : m.trade_circles_expired_text()}
        </Callout.Text>
      </Callout.Root>
      <Flex gap="2" wrap="wrap">
        <Button asChild size="2">
          <Link to="/matches">{m.trade_circles_see_matches()}</Link>
        </Button>
        <Button asChild size="2" variant="soft">
          <Link to="/browse">{m.trade_circles_find_another()}</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

function LegItem({ circle, leg, meId }: { circle: TradeCircle; leg: TradeCircleLeg; meId: number }) {
  const mine = leg.giver?.id === meId;
  const toMe = leg.receiver?.id === meId;
  const receiver = leg.receiver?.displayName ?? m.trade_circles_a_former_member_lower();
  // Who gives what to whom, one sentence per case; the listing (a link) goes where the language puts it.
  const gives = (listing: string) =>
    mine
      ? m.trade_circles_leg_you_give({ listing, receiver })
      : toMe
        ? m.trade_circles_leg_gives_you({
            giver: leg.giver?.displayName ?? m.trade_circles_a_former_member_lower(),
            listing,
          })
        : m.trade_circles_leg_gives({
            giver: leg.giver?.displayName ?? m.trade_circles_a_former_member_lower(),
            listing,
            receiver,
          });
  const name = leg.giver?.displayName ?? m.trade_circles_a_former_member();
  const decided =
    leg.decision === 'accepted'
      ? mine
        ? m.trade_circles_you_accepted()
        : m.trade_circles_they_accepted({ name })
      : leg.decision === 'declined'
        ? mine
          ? m.trade_circles_you_declined()
          : m.trade_circles_they_declined({ name })
        : circle.status === 'proposed'
          ? mine
            ? m.trade_circles_you_undecided()
            : m.trade_circles_they_undecided({ name })
          : mine
            ? m.trade_circles_you_did_not_decide()
            : m.trade_circles_they_did_not_decide({ name });
  const state = legState(circle, leg);
  const party = leg.giver?.id === meId || leg.receiver?.id === meId;
  const barterText =
    state === 'pending'
      ? toMe
        ? m.trade_circles_barter_pending_you()
        : m.trade_circles_barter_pending_they({ name: leg.receiver?.displayName ?? m.trade_circles_the_receiver() })
      : state === 'completed'
        ? m.trade_circles_barter_completed()
        : state === 'cancelled'
          ? m.trade_circles_barter_cancelled()
          : circle.status === 'proposed'
            ? m.trade_circles_barter_when_all_accept()
            : circle.status === 'agreed'
              ? m.trade_circles_no_barter_removed()
              : m.trade_circles_no_barter();
  return (
    <li className={`circle-leg ring-leg-${state}`} data-testid="circle-leg">
      <Text as="p" size="2" weight="medium">
        {richText((parts: { listing: string }) => gives(parts.listing), {
          listing: leg.listing ? (
            <Link to="/listing/$id" params={{ id: String(leg.listing.id) }}>
              {m.trade_circles_quoted({ title: leg.listing.title })}
            </Link>
          ) : (
            m.trade_circles_removed_listing()
          ),
        })}
      </Text>
      <Text as="p" size="1" color="gray">
        {decided} · {barterText}
      </Text>
      {party && leg.barterId !== null && leg.listing && leg.giver && leg.receiver && (
        <Text as="p" size="1">
          <Link
            to="/messages/$conversation"
            params={{ conversation: conversationKeyOf(leg.listing.id, leg.giver.id, leg.receiver.id) }}
            className="circle-leg-link"
            data-testid="leg-barter-link"
          >
            {(state === 'completed' ? m.trade_circles_review_with : m.trade_circles_complete_with)({
              name: leg.giver.id === meId ? leg.receiver.displayName : leg.giver.displayName,
            })}
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
              ? m.trade_circles_you_declined_toast()
              : after.status === 'agreed'
                ? m.trade_circles_agreed_toast()
                : m.trade_circles_you_accepted_toast(),
        });
      },
      onError: (error) =>
        toast({ title: m.trade_circles_decision_failed(), description: messageOf(error, ''), variant: 'destructive' }),
    });
  return (
    <Card className="decision-panel" data-testid="decision-panel">
      <Heading as="h2" size="4" mb="2">
        {m.trade_circles_your_part()}
      </Heading>
      <Text as="p" size="2" mb="3">
        {m.trade_circles_your_part_text({
          give: give.listing?.title ?? m.trade_circles_removed_listing(),
          receiver: give.receiver?.displayName ?? m.trade_circles_a_former_member_lower(),
          get: get.listing?.title ?? m.trade_circles_removed_listing(),
          giver: get.giver?.displayName ?? m.trade_circles_a_former_member_lower(),
        })}
      </Text>
      {circle.status !== 'proposed' ? (
        // A circle that is over says why and what next above the ring (CircleOver).
        circle.status === 'agreed' && (
          <Text as="p" size="2" color="gray">
            {m.trade_circles_everyone_accepted()}
          </Text>
        )
      ) : confirming ? (
        <Flex direction="column" gap="2">
          <Text as="p" size="2" role="alert">
            {m.trade_circles_decline_confirm()}
          </Text>
          <Flex gap="2" wrap="wrap">
            <Button ref={confirmRef} color="red" onClick={() => act('decline')} loading={decide.isPending}>
              {m.trade_circles_yes_decline()}
            </Button>
            <Button variant="soft" color="gray" onClick={() => setConfirming(false)} disabled={decide.isPending}>
              {m.trade_circles_keep_it()}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex direction="column" gap="2">
          {give.decision === 'accepted' && (
            <Callout.Root size="1" color="green">
              <Callout.Text>
                {fmt.one(waiting)
                  ? m.trade_circles_waiting_one({ count: fmt.number(waiting) })
                  : m.trade_circles_waiting_other({ count: fmt.number(waiting) })}
              </Callout.Text>
            </Callout.Root>
          )}
          <Flex gap="2" wrap="wrap">
            {give.decision !== 'accepted' && (
              <Button onClick={() => act('accept')} loading={decide.isPending} data-testid="accept-circle">
                {m.trade_circles_accept()}
              </Button>
            )}
            <Button
              variant="soft"
              color="red"
              onClick={() => setConfirming(true)}
              disabled={decide.isPending}
              data-testid="decline-circle"
            >
              {m.trade_circles_decline()}
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
