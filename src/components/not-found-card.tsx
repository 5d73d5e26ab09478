import { Button, Flex } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../lib/use-page-title';
import { MessageCard } from './message-card';

/**
 * Any path without a route: the 'Page Not Found' card (docs/decisions/007-front-end-foundation.md).
 */
export function NotFoundCard() {
  usePageTitle('Page Not Found');
  return (
    <MessageCard title="Page Not Found" text="The page you are looking for does not exist or has moved.">
      <Flex gap="3" wrap="wrap">
        <Button asChild>
          <Link to="/">Go Home</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to="/browse">Browse Listings</Link>
        </Button>
      </Flex>
    </MessageCard>
  );
}
