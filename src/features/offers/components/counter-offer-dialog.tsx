// Counter: propose other terms in place of an open offer (docs/api/offers.md). The terms always
// say what the member who is not the owner gives, so the owner chooses among that member's active
// listings (and, where the listing accepts other offers, free text).
import { Dialog, Flex, Text } from '@radix-ui/themes';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Listing } from '@/shared/contract/listings';
import type { ConversationInfo } from '@/shared/contract/conversations';
import type { Offer } from '@/shared/contract/offers';
import type { listingKeys } from '@/lib/query-keys';
import { useCounterOffer, type OfferTerms } from '../api';
import { cleanTerms, hasTerms, OfferTermsFields } from './offer-terms-fields';
import { offerSentence } from './offer-summary';
import * as m from '@/lib/messages';

/**
 * A member's listings (features/listings' userListingsQuery), given by the screen that shows the
 * offer so that offers need not depend on listings, whose page makes offers.
 */
export type MemberListingsQuery = (
  userId: number,
) => UseQueryOptions<Listing[], Error, Listing[], ReturnType<typeof listingKeys.byUser>>;

interface CounterOfferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer: Offer;
  me: { id: number };
  info: ConversationInfo;
  listingsQuery: MemberListingsQuery;
}

export function CounterOfferDialog({ open, onOpenChange, offer, me, info, listingsQuery }: CounterOfferDialogProps) {
  const giverId = info.listing.userId === me.id ? info.partner.id : me.id;
  const giverListings = useQuery({ ...listingsQuery(giverId), enabled: open });
  const active = (giverListings.data ?? []).filter((l) => l.status === 'active' && l.id !== info.listing.id);
  const initial = (): OfferTerms => ({
    givenListingIds: offer.givenListings.filter((l) => l.status === 'active').map((l) => l.id),
    text: offer.text,
  });
  const [terms, setTerms] = useState<OfferTerms>(initial);
  const [error, setError] = useState<string>();
  const counter = useCounterOffer();

  useEffect(() => {
    if (open) {
      setTerms(initial());
      setError(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens: typing must not be reset by a re-render
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasTerms(terms)) {
      setError(m.offers_needs_terms());
      return;
    }
    counter.mutate(
      { offer, terms: cleanTerms(terms) },
      {
        onSuccess: () => {
          toast({ title: m.offers_counter_sent() });
          onOpenChange(false);
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setError(failure.errors.text ?? failure.errors.givenListingIds);
          toast({
            title: m.offers_counter_failed(),
            description: messageOf(failure, m.offers_try_again()),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const giverIsMe = giverId === me.id;
  // The counter in one plain sentence, as the card will show it (decision 060).
  const summary = offerSentence(
    giverIsMe ? 'you_offer' : { name: info.partner.displayName, would: true },
    terms.givenListingIds.flatMap((id) => active.find((l) => l.id === id)?.title ?? []),
    terms.text,
    info.listing.title,
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{m.offers_counter_title()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {giverIsMe
            ? m.offers_counter_lead_giver()
            : m.offers_counter_lead_owner({ name: info.partner.displayName, listing: info.listing.title })}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            <OfferTermsFields
              listing={info.listing}
              giverListings={active}
              listingsLabel={
                giverIsMe
                  ? m.offers_offer_your_listings()
                  : m.offers_ask_partner_listings({ name: info.partner.displayName })
              }
              textLabel={giverIsMe ? m.offers_describe_offer() : m.offers_describe_accept()}
              value={terms}
              onChange={(next) => {
                setTerms(next);
                if (error && hasTerms(next)) setError(undefined);
              }}
              error={error}
            />
            {summary && (
              <Text as="p" size="2" weight="medium" data-testid="counter-summary">
                {summary}
              </Text>
            )}
            <DialogActions submitLabel={m.offers_send_counter()} pending={counter.isPending} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
