// The barter-completion widget of a conversation (two-sided, docs/api/messaging-barters-reviews.md
// "Barters"): record → the other member confirms (or either cancels) → each may review the other
// once.
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Barter } from '@/shared/contract/barters';
import { ReviewDialog } from '@/features/reviews';
import { barterBetween, useCancelBarter, useCompleteBarter, useCreateBarter } from '../api';
import './barter-prompt.css';

interface BarterPromptProps {
  me: { id: number };
  partner: { id: number; displayName: string };
  listingId: number;
  /** An offer in this conversation was accepted: the only way a barter starts from the chat. */
  offerAccepted?: boolean;
}

interface BarterPromptState {
  /** The pair's barters on the listing, as the conversation's read and frames have them. */
  barters: Barter[];
  /** The barters the member has reviewed. */
  reviewedBarterIds: number[];
}

export function BarterPrompt({
  me,
  partner,
  listingId,
  offerAccepted = false,
  barters,
  reviewedBarterIds,
}: BarterPromptProps & BarterPromptState) {
  const barter = barterBetween(barters, me.id, partner.id);
  // Held here, not in the pending view: a live frame can move the prompt on before the reply
  // arrives, and the reply's toast must still show.
  const complete = useCompleteBarter();
  const cancel = useCancelBarter();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  // No accepted offer and no barter yet: nothing to record (a first "is it still available?"
  // is not an exchange).
  if (!barter && !offerAccepted) return null;

  let content;
  if (!barter) {
    content = asking ? (
      <Recording
        me={me}
        partner={partner}
        listingId={listingId}
        questionRef={question}
        onClose={() => setAsking(false)}
      />
    ) : (
      <Button variant="soft" highContrast className="barter-prompt-button" onClick={() => setAsking(true)}>
        Did you complete this barter? Click to record
      </Button>
    );
  } else if (barter.status === 'pending') {
    content = <PendingBarter barter={barter} me={me} partner={partner} complete={complete} cancel={cancel} />;
  } else {
    content = (
      <CompletedBarter barter={barter} me={me} partner={partner} reviewed={reviewedBarterIds.includes(barter.id)} />
    );
  }
  return (
    <section className="barter-prompt" aria-label="Barter" data-testid="barter-prompt">
      {content}
    </section>
  );
}

function Recording({
  me,
  partner,
  listingId,
  questionRef,
  onClose,
}: BarterPromptProps & { questionRef: React.RefObject<HTMLParagraphElement | null>; onClose: () => void }) {
  const create = useCreateBarter();
  const record = () =>
    create.mutate(
      { listingId, initiatorId: me.id, recipientId: partner.id },
      {
        // The reply (with its id) is stored in the listing's barters, which moves the prompt on
        // to waiting or confirming; the question is done either way.
        onSuccess: (barter) => {
          if (barter.id) onClose();
        },
        onError: (error) =>
          toast({
            title: 'Failed to create barter',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text as="p" weight="medium" size="2" ref={questionRef} tabIndex={-1}>
        Did this barter happen?
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button variant="soft" color="gray" onClick={onClose} disabled={create.isPending}>
          No, not yet
        </Button>
        <Button onClick={record} loading={create.isPending}>
          Yes, completed!
        </Button>
      </Flex>
    </Flex>
  );
}

interface PendingBarterProps {
  barter: Barter;
  me: { id: number };
  partner: { displayName: string };
  complete: ReturnType<typeof useCompleteBarter>;
  cancel: ReturnType<typeof useCancelBarter>;
}

function PendingBarter({ barter, me, partner, complete, cancel }: PendingBarterProps) {
  const busy = complete.isPending || cancel.isPending;
  const onCancel = () =>
    cancel.mutate(barter, {
      onSuccess: () => toast({ title: 'Barter cancelled' }),
      onError: (error) =>
        toast({
          title: 'Failed to cancel barter',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  const onConfirm = () =>
    complete.mutate(barter, {
      onSuccess: () => toast({ title: 'Barter completed!', description: 'You can now review each other.' }),
      onError: (error) =>
        toast({
          title: 'Failed to complete barter',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  if (barter.initiatorId === me.id) {
    return (
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Text as="p" size="2" role="status">
          Waiting for {partner.displayName} to confirm the swap
        </Text>
        <Button variant="soft" color="gray" onClick={onCancel} loading={cancel.isPending} disabled={busy}>
          Cancel barter
        </Button>
      </Flex>
    );
  }
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap">
      <Text as="p" size="2" role="status">
        Offer accepted. Once you have swapped with {partner.displayName}, confirm the barter.
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button variant="soft" color="gray" onClick={onCancel} loading={cancel.isPending} disabled={busy}>
          Decline
        </Button>
        <Button onClick={onConfirm} loading={complete.isPending} disabled={busy}>
          Confirm barter
        </Button>
      </Flex>
    </Flex>
  );
}

function CompletedBarter({
  barter,
  me,
  partner,
  reviewed,
}: {
  barter: Barter;
  me: { id: number };
  partner: { id: number; displayName: string };
  reviewed: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap">
      <Flex align="center" gap="2">
        <CheckCircledIcon aria-hidden="true" className="barter-done-icon" />
        <Text as="p" size="2" role="status">
          {reviewed ? 'Barter completed. Thanks for your review!' : 'Barter completed'}
        </Text>
      </Flex>
      {!reviewed && (
        <Button className="barter-prompt-button" onClick={() => setOpen(true)}>
          Leave a review for this completed exchange
        </Button>
      )}
      {/* Mounted after the review too: the reply marks the barter reviewed at once, and the
          dialog's own success (its toast, closing) must still run. */}
      <ReviewDialog
        open={open}
        onOpenChange={setOpen}
        reviewerId={me.id}
        reviewee={partner}
        listingId={barter.listingId}
        barterId={barter.id}
      />
    </Flex>
  );
}
