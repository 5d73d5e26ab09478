// The conversation's offer dialog body (conversation-actions.tsx), loaded when the dialog first
// opens: the listing as its page reads it (the offer box needs its wants and whether it takes
// other offers), then the listing page's own offer box.
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '@/lib/api';
import { listingDetailQuery, OfferBox } from '@/features/listings';
import * as m from '@/lib/messages';

export default function OfferForm({
  me,
  listingId,
  onMade,
}: {
  me: { id: number };
  listingId: number;
  onMade: () => void;
}) {
  const listing = useQuery(listingDetailQuery(listingId));
  if (listing.isPending)
    return (
      <Flex justify="center" p="4">
        <Spinner size="3" />
      </Flex>
    );
  if (listing.isError) return <Text color="red">{messageOf(listing.error, m.messages_listing_load_failed())}</Text>;
  return <OfferBox listing={listing.data} me={me} onMade={onMade} />;
}
