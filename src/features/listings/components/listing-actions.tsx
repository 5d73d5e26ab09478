import { ChatBubbleIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import type { Listing } from '@/shared/contract/listings';
import { useReturnHere } from '@/features/auth';
import { EditListingDialog } from './edit-listing-dialog';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import { OfferBox } from './offer-box';
import { WantCount, WantToggle } from '@/features/wants';
import { ReportButton } from '@/features/moderation';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

/** Visitors are sent to sign in; the owner edits; other members contact or make an offer. */
export function ListingActions({ listing }: { listing: Listing }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Skeleton height="120px" />;
  if (!user) return <VisitorActions listing={listing} />;
  if (user.id === listing.userId) return <OwnerActions listing={listing} />;
  return <MemberActions listing={listing} me={user} />;
}

/** Report this listing: small, at the foot of the contact card. */
function ReportListing({ listing, signedIn }: { listing: Listing; signedIn: boolean }) {
  return (
    <Flex justify="end">
      <ReportButton
        signedIn={signedIn}
        target={{
          type: 'listing',
          id: listing.id,
          label: listing.title,
          member: { id: listing.userId, displayName: listing.user.displayName },
        }}
      >
        {m.listings_report()}
      </ReportButton>
    </Flex>
  );
}

function VisitorActions({ listing }: { listing: Listing }) {
  // Signing in brings the member back to this listing (docs/front-end.md).
  const returnHere = useReturnHere();
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {m.listings_interested()}
        </Heading>
        <Text size="2" color="gray">
          {m.listings_sign_in_to_act()}
        </Text>
        <Button asChild size="3">
          <Link to="/login" search={returnHere}>
            {m.listings_sign_in_contact()}
          </Link>
        </Button>
        <Button asChild size="3" variant="soft">
          <Link to="/login" search={returnHere}>
            {m.listings_sign_in_offer()}
          </Link>
        </Button>
        <ReportListing listing={listing} signedIn={false} />
      </Flex>
    </Card>
  );
}

function OwnerActions({ listing }: { listing: Listing }) {
  const [editing, setEditing] = useState(false);
  // Set only by moderation: the owner may edit the text but not the status (HiddenListingBanner says what to do).
  const hidden = listing.status === 'hidden';
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="4">
            {m.listings_yours()}
          </Heading>
          <ListingStatusBadge status={listing.status} showActive />
        </Flex>
        {!hidden && (
          <Text size="2" color="gray">
            {m.listings_owner_note()}
          </Text>
        )}
        {hidden ? (
          <Text size="2" color="gray">
            {m.listings_owner_hidden_note()}
          </Text>
        ) : (
          <WantCount count={listing.wantCount} />
        )}
        <Button size="3" onClick={() => setEditing(true)}>
          <Pencil1Icon aria-hidden="true" /> {m.listings_edit()}
        </Button>
      </Flex>
      <EditListingDialog listing={listing} open={editing} onOpenChange={setEditing} />
    </Card>
  );
}

/** Opens (or starts) the conversation with the listing's owner about it. */
function useContact(listing: Listing) {
  const navigate = useNavigate();
  return () =>
    void navigate({
      to: '/messages',
      search: { initiate: true, listingId: listing.id, userId: listing.userId, title: listing.title },
    });
}

const OFFER_ANCHOR = 'make-offer';

/**
 * Phones (below 768 px): Make Offer and Message stay at the bottom of the screen, above the tab bar,
 * however far the member reads. Make Offer moves to the offer form and focuses its first field;
 * Message is the contact button's. Members only: visitors' sign-in buttons come right after the
 * title, and the owner has nothing to offer on their own listing.
 */
export function ListingActionBar({ listing }: { listing: Listing }) {
  const { user } = useCurrentUser();
  const contact = useContact(listing);
  if (!user || user.id === listing.userId || listing.status === 'hidden') return null;
  const toOffer = (event: MouseEvent) => {
    const form = document.getElementById(OFFER_ANCHOR);
    if (!form) return;
    event.preventDefault();
    form.scrollIntoView({ block: 'center' });
    form.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
  };
  return (
    <div className="listing-action-bar" data-testid="listing-action-bar">
      {listing.status === 'active' && (
        <Button asChild size="3" variant="soft">
          <a href={`#${OFFER_ANCHOR}`} onClick={toOffer}>
            {m.listings_make_offer()}
          </a>
        </Button>
      )}
      <Button size="3" onClick={contact}>
        <ChatBubbleIcon aria-hidden="true" /> {m.listings_message()}
      </Button>
    </div>
  );
}

function MemberActions({ listing, me }: { listing: Listing; me: { id: number } }) {
  const contact = useContact(listing);
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {m.listings_interested()}
        </Heading>
        <Button size="3" onClick={contact}>
          <ChatBubbleIcon aria-hidden="true" /> {m.listings_contact()}
        </Button>
        <WantToggle listing={listing} meId={me.id} />
        {listing.status === 'active' && (
          <div id={OFFER_ANCHOR}>
            <OfferBox listing={listing} me={me} />
          </div>
        )}
        <ReportListing listing={listing} signedIn />
      </Flex>
    </Card>
  );
}
