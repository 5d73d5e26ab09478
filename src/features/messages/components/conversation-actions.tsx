// The conversation's way forward, under its header (issue 25 item 4): "Make an offer" opens the
// listing page's offer box in a dialog (the same form, not a copy), and "View listing" goes to the
// listing the conversation is about. The offer is for the member who does not own the listing,
// while it is active and nobody blocked anybody.
import { ExternalLinkIcon } from '@radix-ui/react-icons';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { ConversationInfo } from '@/shared/contract/conversations';
import * as m from '@/lib/messages';

// The offer box's code loads when the dialog first opens: most conversations never make an offer
// here, and the messages page's budget counts every byte (decision 058).
const OfferForm = lazy(() => import('./conversation-offer-form'));

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
          <ExternalLinkIcon aria-hidden="true" /> {m.messages_view_listing()}
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
          {m.messages_make_offer()}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{m.messages_make_offer()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {m.messages_make_offer_for({ title })}
        </Dialog.Description>
        {open && (
          <Suspense fallback={null}>
            <OfferForm me={me} listingId={listingId} onMade={() => setOpen(false)} />
          </Suspense>
        )}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {m.messages_cancel()}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
