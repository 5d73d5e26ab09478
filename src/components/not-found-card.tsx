import { Button, Flex } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../lib/use-page-title';
import { MessageCard } from './message-card';
import * as m from '@/lib/messages';

/**
 * Any path without a route: the 'Page Not Found' card (docs/decisions/007-front-end-foundation.md).
 */
export function NotFoundCard() {
  usePageTitle(m.common_page_not_found());
  return (
    <MessageCard title={m.common_page_not_found()} text={m.common_page_not_found_text()}>
      <Flex gap="3" wrap="wrap">
        <Button asChild>
          <Link to="/">{m.common_go_home()}</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to="/browse">{m.layout_footer_browse_listings()}</Link>
        </Button>
      </Flex>
    </MessageCard>
  );
}
