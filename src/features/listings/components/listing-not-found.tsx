import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { MessageCard } from '@/components/message-card';
import { usePageTitle } from '@/lib/use-page-title';
import * as m from '@/lib/messages';

/** A listing id that does not exist (or was deleted). */
export function ListingNotFound() {
  usePageTitle(m.listings_not_found());
  return (
    <MessageCard title={m.listings_not_found()} text={m.listings_not_found_text()} maxWidth={520}>
      <Button asChild>
        <Link to="/browse">
          <ArrowLeftIcon aria-hidden="true" /> {m.listings_back()}
        </Link>
      </Button>
    </MessageCard>
  );
}
