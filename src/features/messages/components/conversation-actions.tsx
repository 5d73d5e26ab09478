// The conversation's way forward, under its header (issue 25 item 4): "Make an offer" opens the
// listing page's offer box in a dialog (the same form, not a copy), and "View listing" goes to the
// listing the conversation is about. The offer is for the member who does not own the listing,
// while it is active and nobody blocked anybody.
import { ExternalLinkIcon } from '@radix-ui/react-icons';
import { Button, Dialog, Flex, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '@/lib/api';
import type { ConversationInfo } from '@/shared/contract/conversations';
import { listingDetailQuery, OfferBox } from '@/features/listings';

export function ConversationActions({
  me,
  info,
  canOffer,
}: {
  me: { id: number };
  info: ConversationInfo;
  /** False while a block stands between the two. */
  canOffer: boolean;
}) {
  const { listing } = info;
  const offerable = canOffer && listing.userId !== me.id && listing.status === 'active';
  return (
    <Flex gap="2" wrap="wrap" className="conversation-actions" data-testid="conversation-actions">
      {offerable && <MakeOfferDialog me={me} listingId={listing.id} title={listing.title} />}
      <Button asChild size="1" variant="soft" color="gray">
        <Link to="/listing/$id" params={{ id: String(listing.id) }} data-testid="conversation-view-listing">
          <ExternalLinkIcon aria-hidden="true" /> View listing
        </Link>
      </Button>
    </Flex>
  );
}

function MakeOfferDialog({ me, listingId, title }: { me: { id: number }; listingId: number; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="1" variant="soft" data-testid="conversation-make-offer">
          Make an offer
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Make an offer</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          For “{title}”. It shows in this conversation.
        </Dialog.Description>
        {open && <OfferForm me={me} listingId={listingId} onMade={() => setOpen(false)} />}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The listing as its page reads it (the offer box needs its wants and whether it takes other offers). */
function OfferForm({ me, listingId, onMade }: { me: { id: number }; listingId: number; onMade: () => void }) {
  const listing = useQuery(listingDetailQuery(listingId));
  if (listing.isPending)
    return (
      <Flex justify="center" p="4">
        <Spinner size="3" />
      </Flex>
    );
  if (listing.isError) return <Text color="red">{messageOf(listing.error, 'Could not load the listing')}</Text>;
  return <OfferBox listing={listing.data} me={me} onMade={onMade} />;
}
