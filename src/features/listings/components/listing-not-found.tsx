import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { MessageCard } from '@/components/message-card';
import { usePageTitle } from '@/lib/use-page-title';

/** A listing id that does not exist (or was deleted). */
export function ListingNotFound() {
  usePageTitle('Listing Not Found');
  return (
    <MessageCard
      title="Listing Not Found"
      text="Sorry, the listing you're looking for doesn't exist or has been removed."
      maxWidth={520}
    >
      <Button asChild>
        <Link to="/browse">
          <ArrowLeftIcon aria-hidden="true" /> Back to Listings
        </Link>
      </Button>
    </MessageCard>
  );
}
