// The listing page's offer box (docs/api/offers.md): offer some of your active listings and/or
// free text ("Accept other offers" on), or one of the listing's wants (off), with a note in any
// case. One sentence says what the offer commits to before it is sent (decision 060). Making the
// offer opens its conversation, where the offer card shows (a custom offer opens the messages
// screen).
import { Button, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { conversationKeyOf } from '@/shared/conversation-key';
import type { Listing } from '@/shared/contract/listings';
import { OFFER_NEEDS_TERMS } from '@/shared/schemas/offers';
import { useMakeOffer, type OfferTerms } from '@/features/offers';
import { noteSent } from '@/lib/push-prompt';
import { cleanTerms, hasTerms, offerSummary, OfferTermsFields } from '@/features/offers';
import { TextAreaInput } from '@/components/form-field';
import { userListingsQuery } from '../api';
import * as m from '@/lib/messages';

export function OfferBox({
  listing,
  me,
  onMade,
}: {
  listing: Listing;
  me: { id: number };
  /** After the offer was made (or one was already open), before its conversation opens: a dialog closes. */
  onMade?: () => void;
}) {
  const navigate = useNavigate();
  // The member's own listings are read only when they choose to offer one (decision 043): most
  // visits to a listing never make an offer.
  const [choosing, setChoosing] = useState(false);
  const mine = useQuery({ ...userListingsQuery(me.id), enabled: choosing });
  const active = mine.data ? mine.data.filter((l) => l.status === 'active' && l.id !== listing.id) : null;
  const [terms, setTerms] = useState<OfferTerms>({ givenListingIds: [], text: null });
  const [error, setError] = useState<string>();
  const [note, setNote] = useState('');
  const summary = offerSummary(
    m.listings_you_offer(),
    terms.givenListingIds.flatMap((id) => active?.find((l) => l.id === id)?.title ?? []),
    terms.text,
    listing.title,
  );
  const make = useMakeOffer();
  const conversation = conversationKeyOf(listing.id, me.id, listing.userId);
  const open = () => {
    // A first offer made: its conversation may offer push notifications (decision 067).
    noteSent();
    onMade?.();
    void navigate({ to: '/messages/$conversation', params: { conversation } });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasTerms(terms)) {
      setError(OFFER_NEEDS_TERMS);
      return;
    }
    make.mutate(
      { listingId: listing.id, ...cleanTerms(terms), ...(note.trim() ? { message: note.trim() } : {}) },
      {
        onSuccess: open,
        onError: (failure) => {
          const fieldError =
            failure instanceof ApiError ? (failure.errors.text ?? failure.errors.givenListingIds) : undefined;
          if (fieldError) setError(fieldError);
          toast({
            title: m.listings_offer_failed(),
            description: messageOf(failure, m.listings_try_again()),
            variant: 'destructive',
          });
          // An offer already open, or a barter under way: the conversation shows it.
          if (failure instanceof ApiError && failure.status === 409) open();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={m.listings_make_an_offer()}>
      <Flex direction="column" gap="3">
        <OfferTermsFields
          listing={listing}
          giverListings={active}
          chooseListings={{
            label: m.listings_offer_one_of_yours(),
            onChoose: () => setChoosing(true),
            loading: choosing && mine.isFetching,
          }}
          listingsLabel={m.listings_offer_your_listings()}
          textLabel={m.listings_offer_custom()}
          value={terms}
          onChange={(next) => {
            setTerms(next);
            if (error && hasTerms(next)) setError(undefined);
          }}
          error={error}
        />
        {/* A note always fits, whatever the listing takes (sent as the offer's covering message). */}
        <TextAreaInput
          label={m.listings_offer_note()}
          value={note}
          onValueChange={setNote}
          placeholder={m.listings_offer_note_placeholder()}
          rows={2}
          maxLength={2000}
        />
        {summary && (
          <Text as="p" size="2" weight="medium" data-testid="offer-summary">
            {summary}
          </Text>
        )}
        <Button type="submit" variant="soft" size="3" loading={make.isPending}>
          {m.listings_make_offer()}
        </Button>
      </Flex>
    </form>
  );
}
