import { CheckIcon, Cross2Icon } from '@radix-ui/react-icons';
import { Box, DataList, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import type { Listing } from '@/shared/contract/listings';
import '../listings.css';

/** The 'Details' and 'Exchange Terms' tabs. */
export function ListingTabs({ listing }: { listing: Listing }) {
  return (
    <Tabs.Root defaultValue="details">
      <Tabs.List>
        <Tabs.Trigger value="details">Details</Tabs.Trigger>
        <Tabs.Trigger value="terms">Exchange Terms</Tabs.Trigger>
      </Tabs.List>
      <Box pt="4">
        <Tabs.Content value="details">
          <Heading as="h2" size="4" mb="2">
            Description
          </Heading>
          <Text as="p" className="pre-wrap">
            {listing.description}
          </Text>
          <DataList.Root mt="4" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
            <DataList.Item>
              <DataList.Label>Location</DataList.Label>
              <DataList.Value>{listing.location}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Distance</DataList.Label>
              <DataList.Value>Willing to travel up to {listing.distance} miles</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Tabs.Content>
        <Tabs.Content value="terms">
          <Heading as="h2" size="4" mb="2">
            What they want in return
          </Heading>
          <Text as="p" size="4" weight="medium" className="pre-wrap">
            {listing.whatUserWants}
          </Text>
          {listing.whatUserWantsOptions.length > 0 && (
            <>
              <Heading as="h3" size="3" mt="4" mb="2">
                Also happy to receive
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
            <Text>{listing.acceptOffers ? 'Open to other offers' : 'Not looking for other offers'}</Text>
          </Flex>
          <Text as="p" size="2" color="gray" mt="3">
            Agree on the details by message before you meet. Once the exchange is done, record it in your conversation
            so you can both leave a review.
          </Text>
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
