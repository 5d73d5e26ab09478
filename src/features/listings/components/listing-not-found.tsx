import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../../lib/use-page-title';

/** A listing id that does not exist (or was deleted). */
export function ListingNotFound() {
  usePageTitle('Listing Not Found');
  return (
    <Flex justify="center" py="9" px="4">
      <Card size="4" style={{ maxWidth: 520, width: '100%' }}>
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            Listing Not Found
          </Heading>
          <Text color="gray">Sorry, the listing you're looking for doesn't exist or has been removed.</Text>
          <Button asChild>
            <Link to="/browse">
              <ArrowLeftIcon aria-hidden="true" /> Back to Listings
            </Link>
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
