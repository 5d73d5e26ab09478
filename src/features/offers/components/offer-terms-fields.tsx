// What an offer gives: some of the giver's active listings and/or free text, or, where the listing
// takes only what it asks for, one of its wants (docs/api/offers.md, "Accept other offers").
// Shared by the listing page's offer box and the counter dialog.
import { Button, CheckboxGroup, Flex, RadioGroup, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef } from 'react';
import { TextAreaInput } from '@/components/form-field';
import type { Listing } from '@/shared/contract/listings';
import { MAX_OFFER_LISTINGS, MAX_OFFER_TEXT } from '@/shared/schemas/offers';
import type { OfferTerms } from '../api';
import * as m from '@/lib/messages';

interface OfferTermsFieldsProps {
  /** The listing the offer is for: whether it accepts other offers, and what it asks for. */
  listing: Pick<Listing, 'title' | 'acceptOffers' | 'whatUserWants' | 'whatUserWantsOptions'>;
  /** The active listings the giver could offer; null until the giver asks to choose (`chooseListings`). */
  giverListings: Pick<Listing, 'id' | 'title'>[] | null;
  /**
   * Where the giver's listings are read only on request (the listing page, decision 043): a button
   * in their place asks for them, and `loadingListings` while they load.
   */
  chooseListings?: { label: string; onChoose: () => void; loading: boolean };
  /** "your listings" on the giver's side, "{name}'s listings" on the owner's. */
  listingsLabel: string;
  textLabel: string;
  value: OfferTerms;
  onChange: (terms: OfferTerms) => void;
  error?: string;
}

export function OfferTermsFields({
  listing,
  giverListings,
  chooseListings,
  listingsLabel,
  textLabel,
  value,
  onChange,
  error,
}: OfferTermsFieldsProps) {
  const id = useId();
  const wants = [listing.whatUserWants, ...listing.whatUserWantsOptions];
  const ids = value.givenListingIds.map(String);
  // Asked for with the button: focus goes to what replaced it.
  const asked = useRef(false);
  const listingsGroup = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!asked.current || giverListings === null) return;
    asked.current = false;
    listingsGroup.current?.querySelector<HTMLElement>('button, [tabindex="0"]')?.focus();
  }, [giverListings]);
  return (
    <Flex direction="column" gap="3">
      {!listing.acceptOffers && (
        <Flex direction="column" gap="1" role="group" aria-labelledby={`${id}-wants`}>
          <Text id={`${id}-wants`} size="2" weight="medium">
            {m.offers_what_they_ask()}
          </Text>
          <Text size="1" color="gray">
            {m.offers_only_wants()}
          </Text>
          <RadioGroup.Root
            value={value.text ?? ''}
            onValueChange={(text) => onChange({ ...value, text })}
            aria-labelledby={`${id}-wants`}
            aria-invalid={Boolean(error) || undefined}
          >
            {wants.map((want) => (
              <RadioGroup.Item key={want} value={want}>
                {want}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </Flex>
      )}
      {giverListings === null && chooseListings && (
        <Flex>
          <Button
            type="button"
            variant="outline"
            aria-expanded="false"
            loading={chooseListings.loading}
            onClick={() => {
              asked.current = true;
              chooseListings.onChoose();
            }}
          >
            {chooseListings.label}
          </Button>
        </Flex>
      )}
      {giverListings !== null && giverListings.length === 0 && chooseListings && (
        <Text size="2" color="gray" role="status" tabIndex={-1} ref={listingsGroup}>
          {m.offers_no_other_listings()}
        </Text>
      )}
      {giverListings !== null && giverListings.length > 0 && (
        <Flex direction="column" gap="1" role="group" aria-labelledby={`${id}-listings`} ref={listingsGroup}>
          <Text id={`${id}-listings`} size="2" weight="medium">
            {listingsLabel}
          </Text>
          <CheckboxGroup.Root
            value={ids}
            onValueChange={(next) =>
              onChange({ ...value, givenListingIds: next.slice(0, MAX_OFFER_LISTINGS).map(Number) })
            }
            aria-labelledby={`${id}-listings`}
          >
            {giverListings.map((l) => (
              <CheckboxGroup.Item
                key={l.id}
                value={String(l.id)}
                disabled={!ids.includes(String(l.id)) && ids.length >= MAX_OFFER_LISTINGS}
              >
                <span className="offer-listing-title">{l.title}</span>
              </CheckboxGroup.Item>
            ))}
          </CheckboxGroup.Root>
        </Flex>
      )}
      {listing.acceptOffers && (
        <TextAreaInput
          label={textLabel}
          value={value.text ?? ''}
          onValueChange={(text) => onChange({ ...value, text })}
          placeholder={m.offers_text_placeholder({ title: listing.title })}
          rows={3}
          maxLength={MAX_OFFER_TEXT}
          error={error}
        />
      )}
      {!listing.acceptOffers && error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

/** The terms as the API wants them: blank text is none. */
export const cleanTerms = (terms: OfferTerms): OfferTerms => ({
  givenListingIds: terms.givenListingIds,
  text: terms.text?.trim() ? terms.text.trim() : null,
});
export const hasTerms = (terms: OfferTerms) => terms.givenListingIds.length > 0 || Boolean(terms.text?.trim());
