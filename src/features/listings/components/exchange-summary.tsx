import { CheckCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { Listing } from '@/shared/contract/listings';
import * as m from '@/lib/messages';

/**
 * What the owner wants in return and whether other offers are welcome, shown beside the photo
 * (first in the side column; on phones right under the title) so a member sees the deal before
 * scrolling. The Exchange Terms tab keeps the full terms.
 */
export function ExchangeSummary({ listing }: { listing: Listing }) {
  const options = listing.whatUserWantsOptions;
  return (
    <Card size="2" className="exchange-summary" data-testid="exchange-summary">
      <Flex direction="column" gap="2">
        <Heading as="h2" size="2" color="gray" weight="medium">
          {m.listings_wants_in_return()}
        </Heading>
        <Text as="p" size="5" weight="bold" className="pre-wrap">
          {listing.whatUserWants}
        </Text>
        {options.length > 0 && (
          <Text as="p" size="2">
            <Text color="gray">{m.listings_also_happy()} </Text>
            {options.join(' · ')}
          </Text>
        )}
        <Flex align="center" gap="2" asChild>
          <Text
            as="p"
            size="2"
            weight="medium"
            color={listing.acceptOffers ? 'green' : 'gray'}
            highContrast={listing.acceptOffers}
          >
            {listing.acceptOffers ? <CheckCircledIcon aria-hidden="true" /> : <InfoCircledIcon aria-hidden="true" />}
            {listing.acceptOffers ? m.listings_offers_welcome() : m.listings_only_listed()}
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}
