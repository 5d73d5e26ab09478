import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../lib/use-page-title';

/** Any path without a route (spec section 2). */
export function NotFoundCard() {
  usePageTitle('Page Not Found');
  return (
    <Flex justify="center" py="9" px="4">
      <Card size="4" style={{ maxWidth: 480, width: '100%' }}>
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            Page Not Found
          </Heading>
          <Text color="gray">The page you are looking for does not exist or has moved.</Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild>
              <Link to="/">Go Home</Link>
            </Button>
            <Button asChild variant="soft">
              <Link to="/browse">Browse Listings</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
