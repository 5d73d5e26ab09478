// An offer in the conversation (docs/api/offers.md): one sentence for what the member gives for
// the listing (decision 060), the listings it names, its status and, while open, until when; and
// the answers open to the viewer: Accept, Counter and Decline for the member it is addressed to,
// Withdraw for the member who made it. Live frames keep it current on both sides. The card sits in
// the message log but out of its live region (aria-live off): the log announces each step once,
// as its line, and the card's own changes would repeat it.
import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { formatDateTime } from '@/lib/format-date';
import type { ConversationInfo } from '@/shared/contract/conversations';
import type { Offer, OfferStatus } from '@/shared/contract/offers';
import { useAnswerOffer } from '../api';
import { CounterOfferDialog, type MemberListingsQuery } from './counter-offer-dialog';
import { ReportButton } from '@/features/moderation';
import { offerSummary } from './offer-summary';
import './offers.css';

const STATUS: Record<OfferStatus, { label: string; color: 'blue' | 'orange' | 'green' | 'red' | 'gray' }> = {
  open: { label: 'Open', color: 'blue' },
  countered: { label: 'Countered', color: 'orange' },
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  closed: { label: 'Closed', color: 'gray' },
};

const SUCCESS = { accept: 'Offer accepted', decline: 'Offer declined', withdraw: 'Offer withdrawn' } as const;

interface OfferCardProps {
  offer: Offer;
  me: { id: number };
  info: ConversationInfo;
  /** For the counter-offer dialog's choice of listings. */
  listingsQuery: MemberListingsQuery;
}

export function OfferCard({ offer, me, info, listingsQuery }: OfferCardProps) {
  const headingId = useId();
  const answer = useAnswerOffer();
  const [countering, setCountering] = useState(false);
  const { partner, listing } = info;
  const fromMe = offer.fromUserId === me.id;
  const giverIsMe = listing.userId !== me.id;
  const kind = offer.replacesOfferId ? 'counter-offer' : 'offer';
  const title = fromMe ? `Your ${kind}` : `${partner.displayName}’s ${kind}`;
  const giver = giverIsMe ? 'You give' : `${partner.displayName} gives`;
  const summary = offerSummary(
    giver,
    offer.givenListings.map((l) => l.title),
    offer.text,
    listing.title,
  );
  const status = STATUS[offer.status];
  const open = offer.status === 'open';
  const act = (action: keyof typeof SUCCESS) =>
    answer.mutate(
      { offer, action },
      {
        onSuccess: () => toast({ title: SUCCESS[action] }),
        onError: (error) =>
          toast({
            title: 'Failed to update offer',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <article
      className="offer-card"
      aria-labelledby={headingId}
      aria-live="off"
      data-testid="offer-card"
      data-status={offer.status}
    >
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Heading as="h3" size="2" id={headingId}>
          {title}
        </Heading>
        <Badge color={status.color} variant="soft" highContrast data-testid="offer-status">
          {status.label}
        </Badge>
      </Flex>
      <Text as="p" size="2" weight="medium" className="offer-giver" data-testid="offer-card-summary">
        {summary}
      </Text>
      {open && offer.expiresAt && (
        <Text as="p" size="1" color="gray" className="offer-for">
          Open until <time dateTime={offer.expiresAt}>{formatDateTime(offer.expiresAt)}</time>
        </Text>
      )}
      {offer.status === 'closed' && (
        <Text as="p" size="1" color="gray" className="offer-for">
          Closed: “{listing.title}” went to another member.
        </Text>
      )}
      {/* The listings the sentence names, as links (and whether one was paused since). */}
      {offer.givenListings.length > 0 && (
        <ul className="offer-terms" aria-label="Listings offered">
          {offer.givenListings.map((l) => (
            <li key={l.id}>
              <Link to="/listing/$id" params={{ id: String(l.id) }} className="offer-listing-link">
                {l.title}
              </Link>
              {l.status !== 'active' && (
                <Text size="1" color="gray">
                  {' '}
                  ({l.status})
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Flex gap="2" wrap="wrap" className="offer-actions">
          {fromMe ? (
            <Button size="2" variant="soft" color="gray" onClick={() => act('withdraw')} loading={answer.isPending}>
              Withdraw
            </Button>
          ) : (
            <>
              <Button
                size="2"
                onClick={() => act('accept')}
                loading={answer.isPending && answer.variables?.action === 'accept'}
                disabled={answer.isPending}
              >
                Accept
              </Button>
              <Button size="2" variant="soft" onClick={() => setCountering(true)} disabled={answer.isPending}>
                Counter
              </Button>
              <Button
                size="2"
                variant="soft"
                color="red"
                onClick={() => act('decline')}
                loading={answer.isPending && answer.variables?.action === 'decline'}
                disabled={answer.isPending}
              >
                Decline
              </Button>
            </>
          )}
        </Flex>
      )}
      {!fromMe && (
        <Flex justify="end" className="offer-report">
          <ReportButton
            signedIn
            target={{ type: 'offer', id: offer.id, label: `${title} for “${listing.title}”`, member: partner }}
          />
        </Flex>
      )}
      {/* Mounted while its card is, so the reply still lands after a live frame closes the offer. */}
      {!fromMe && (
        <CounterOfferDialog
          open={countering}
          onOpenChange={setCountering}
          offer={offer}
          me={me}
          info={info}
          listingsQuery={listingsQuery}
        />
      )}
    </article>
  );
}
