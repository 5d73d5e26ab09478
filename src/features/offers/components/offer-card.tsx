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
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';
import type { ConversationInfo } from '@/shared/contract/conversations';
import type { ListingStatus } from '@/shared/contract/listings';
import type { Offer, OfferStatus } from '@/shared/contract/offers';
import { useAnswerOffer } from '../api';
import type { MemberListingsQuery } from './counter-offer-dialog';
import { onDemand } from '@/components/on-demand';
import { ReportButton } from '@/features/moderation';
import { offerSentence } from './offer-summary';
import './offers.css';

// The counter form (listing checkboxes, terms) loads when a member first counters.
const CounterOfferDialog = onDemand(() => import('./counter-offer-dialog').then((module) => module.CounterOfferDialog));

const STATUS: Record<OfferStatus, { label: () => string; color: 'blue' | 'orange' | 'green' | 'red' | 'gray' }> = {
  open: { label: m.offers_status_open, color: 'blue' },
  countered: { label: m.offers_status_countered, color: 'orange' },
  accepted: { label: m.offers_status_accepted, color: 'green' },
  declined: { label: m.offers_status_declined, color: 'red' },
  withdrawn: { label: m.offers_status_withdrawn, color: 'gray' },
  expired: { label: m.offers_status_expired, color: 'gray' },
  closed: { label: m.offers_status_closed, color: 'gray' },
};

const SUCCESS = { accept: m.offers_accepted, decline: m.offers_declined, withdraw: m.offers_withdrawn } as const;

/** A named listing that is no longer active says so after its title: "(paused)". */
const LISTING_STATUS: Record<ListingStatus, () => string> = {
  active: m.offers_listing_active,
  pending: m.offers_listing_pending,
  paused: m.offers_listing_paused,
  completed: m.offers_listing_completed,
  hidden: m.offers_listing_hidden,
};

/** When an open offer lapses: "Mar 4, 3:05 PM" in the member's language. */
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

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
  const counter = kind === 'counter-offer';
  const title = fromMe
    ? counter
      ? m.offers_your_counter()
      : m.offers_your_offer()
    : counter
      ? m.offers_partner_counter({ name: partner.displayName })
      : m.offers_partner_offer({ name: partner.displayName });
  const summary = offerSentence(
    giverIsMe ? 'you_give' : { name: partner.displayName, would: false },
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
        onSuccess: () => toast({ title: SUCCESS[action]() }),
        onError: (error) =>
          toast({
            title: m.offers_update_failed(),
            description: messageOf(error, m.offers_try_again()),
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
          {status.label()}
        </Badge>
      </Flex>
      <Text as="p" size="2" weight="medium" className="offer-giver" data-testid="offer-card-summary">
        {summary}
      </Text>
      {open && offer.expiresAt && (
        <Text as="p" size="1" color="gray" className="offer-for">
          {richText(m.offers_open_until, {
            date: <time dateTime={offer.expiresAt}>{fmt.date(offer.expiresAt, DAY_AND_TIME)}</time>,
          })}
        </Text>
      )}
      {offer.status === 'closed' && (
        <Text as="p" size="1" color="gray" className="offer-for">
          {m.offers_closed_elsewhere({ listing: listing.title })}
        </Text>
      )}
      {/* The listings the sentence names, as links (and whether one was paused since). */}
      {offer.givenListings.length > 0 && (
        <ul className="offer-terms" aria-label={m.offers_listings_offered()}>
          {offer.givenListings.map((l) => (
            <li key={l.id}>
              <Link to="/listing/$id" params={{ id: String(l.id) }} className="offer-listing-link">
                {l.title}
              </Link>
              {l.status !== 'active' && (
                <Text size="1" color="gray">
                  {' '}
                  ({LISTING_STATUS[l.status]()})
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
              {m.offers_withdraw()}
            </Button>
          ) : (
            <>
              <Button
                size="2"
                onClick={() => act('accept')}
                loading={answer.isPending && answer.variables?.action === 'accept'}
                disabled={answer.isPending}
              >
                {m.offers_accept()}
              </Button>
              <Button size="2" variant="soft" onClick={() => setCountering(true)} disabled={answer.isPending}>
                {m.offers_counter()}
              </Button>
              <Button
                size="2"
                variant="soft"
                color="red"
                onClick={() => act('decline')}
                loading={answer.isPending && answer.variables?.action === 'decline'}
                disabled={answer.isPending}
              >
                {m.offers_decline()}
              </Button>
            </>
          )}
        </Flex>
      )}
      {!fromMe && (
        <Flex justify="end" className="offer-report">
          <ReportButton
            signedIn
            target={{
              type: 'offer',
              id: offer.id,
              label: m.offers_report_label({ offer: title, listing: listing.title }),
              member: partner,
            }}
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
