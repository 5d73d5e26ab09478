import { CheckIcon, Cross2Icon } from '@radix-ui/react-icons';
import { Box, DataList, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import type { Listing } from '@/shared/contract/listings';
import '../listings.css';
import * as m from '@/lib/messages';
import { fmt } from '@/lib/intl';

/** The 'Details' and 'Exchange Terms' tabs. */
export function ListingTabs({ listing }: { listing: Listing }) {
  return (
    <Tabs.Root defaultValue="details">
      <Tabs.List>
        <Tabs.Trigger value="details">{m.listings_tab_details()}</Tabs.Trigger>
        <Tabs.Trigger value="terms">{m.listings_tab_terms()}</Tabs.Trigger>
      </Tabs.List>
      <Box pt="4">
        <Tabs.Content value="details">
          <Heading as="h2" size="4" mb="2">
            {m.listings_description()}
          </Heading>
          <Text as="p" className="pre-wrap">
            {listing.description}
          </Text>
          <DataList.Root mt="4" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
            <DataList.Item>
              <DataList.Label>{m.listings_location()}</DataList.Label>
              <DataList.Value>{listing.location}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{m.listings_distance()}</DataList.Label>
              <DataList.Value>
                {m.listings_travel_up_to({ distance: fmt.distance(listing.distance, 'long') })}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Tabs.Content>
        <Tabs.Content value="terms">
          <Heading as="h2" size="4" mb="2">
            {m.listings_they_want()}
          </Heading>
          <Text as="p" size="4" weight="medium" className="pre-wrap">
            {listing.whatUserWants}
          </Text>
          {listing.whatUserWantsOptions.length > 0 && (
            <>
              <Heading as="h3" size="3" mt="4" mb="2">
                {m.listings_also_receive()}
              </Heading>
              <ul style={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
                {listing.whatUserWantsOptions.map((option) => (
                  <li key={option}>
                    <Text className="pre-wrap">{option}</Text>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Flex align="center" gap="2" mt="4">
            {listing.acceptOffers ? (
              <CheckIcon aria-hidden="true" color="var(--green-11)" />
            ) : (
              <Cross2Icon aria-hidden="true" />
            )}
            <Text>{listing.acceptOffers ? m.listings_open_to_offers() : m.listings_not_open_to_offers()}</Text>
          </Flex>
          <Text as="p" size="2" color="gray" mt="3">
            {m.listings_terms_note()}
          </Text>
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
