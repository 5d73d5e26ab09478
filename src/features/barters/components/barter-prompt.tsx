// The barter-completion widget of a conversation (two-sided, docs/api/messaging-barters-reviews.md
// "Barters"; decision 060): a barter starts pending (an accepted offer, or "Yes, completed!"),
// each member confirms the handover, the second confirmation completes it (or either cancels it,
// after a question, with a reason the other member reads), then each may review the other once.
//
// Focus goes where the work is: after the member's own step (recording, confirming, cancelling, a
// review) and after Accept on an offer card (whose buttons go with the open offer), focus moves
// to the sentence that says the new state. A step the other member took live does not move it.
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { AlertDialog, Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { TextAreaInput } from '@/components/form-field';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Barter } from '@/shared/contract/barters';
import { MAX_CANCEL_REASON } from '@/shared/schemas';
import { ReviewDialog } from '@/features/reviews';
import { barterBetween, useCancelBarter, useCompleteBarter, useCreateBarter } from '../api';
import * as m from '@/lib/messages';
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

/** The prompt's state as one key: focus moves when it changes after the member's own step. */
const stateKey = (barter: Barter | undefined, me: number, reviewed: boolean) => {
  if (!barter) return 'none';
  const mine = barter.initiatorId === me ? barter.initiatorConfirmedAt : barter.recipientConfirmedAt;
  return `${barter.id}:${barter.status}:${mine ? 'confirmed' : 'open'}:${reviewed ? 'reviewed' : ''}`;
};

export function BarterPrompt({
  me,
  partner,
  listingId,
  offerAccepted = false,
  barters,
  reviewedBarterIds,
}: BarterPromptProps & BarterPromptState) {
  const barter = barterBetween(barters, me.id, partner.id);
  const reviewed = barter ? reviewedBarterIds.includes(barter.id) : false;
  // Held here, not in the pending view: a live frame can move the prompt on before the reply
  // arrives, and the reply's toast must still show.
  const complete = useCompleteBarter();
  const cancel = useCancelBarter();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const stateText = useRef<HTMLElement | null>(null);
  const stepTaken = useRef(false);
  const key = stateKey(barter, me.id, reviewed);
  const lastKey = useRef(key);

  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    // The member's own step, or a step whose control went away with it (Accept on the offer card):
    // focus would fall to the page. A partner's step leaves focus where the member is working.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (stepTaken.current || lost) {
      stepTaken.current = false;
      stateText.current?.focus();
      // A closing dialog returns focus to its trigger (gone with the old state) after this effect:
      // take it back once that happened.
      const frame = requestAnimationFrame(() => {
        if (document.activeElement === document.body) stateText.current?.focus();
      });
      return () => cancelAnimationFrame(frame);
    }
  }, [key]);

  // No accepted offer and no barter yet: nothing to record (a first "is it still available?"
  // is not an exchange).
  if (!barter && !offerAccepted) return null;

  const tookStep = () => {
    stepTaken.current = true;
  };
  let content;
  if (!barter) {
    content = asking ? (
      <Recording
        me={me}
        partner={partner}
        listingId={listingId}
        questionRef={question}
        onClose={() => setAsking(false)}
        onRecorded={tookStep}
      />
    ) : (
      <Button
        variant="soft"
        highContrast
        className="barter-prompt-button"
        onClick={() => setAsking(true)}
        ref={(element) => {
          stateText.current = element;
        }}
      >
        {m.barters_record_prompt()}
      </Button>
    );
  } else if (barter.status === 'pending') {
    content = (
      <PendingBarter
        barter={barter}
        me={me}
        partner={partner}
        complete={complete}
        cancel={cancel}
        stateRef={stateText}
        onStep={tookStep}
      />
    );
  } else {
    content = <CompletedBarter barter={barter} me={me} partner={partner} reviewed={reviewed} stateRef={stateText} />;
  }
  return (
    <section className="barter-prompt" aria-label={m.barters_region()} data-testid="barter-prompt">
      {content}
    </section>
  );
}

type StateRef = React.RefObject<HTMLElement | null>;
/** The state sentence's ref (a paragraph) from the prompt's element ref. */
const paragraphRef = (ref: StateRef) => (element: HTMLParagraphElement | null) => {
  ref.current = element;
};

function Recording({
  me,
  partner,
  listingId,
  questionRef,
  onClose,
  onRecorded,
}: BarterPromptProps & {
  questionRef: React.RefObject<HTMLParagraphElement | null>;
  onClose: () => void;
  onRecorded: () => void;
}) {
  const create = useCreateBarter();
  const record = () =>
    create.mutate(
      { listingId, initiatorId: me.id, recipientId: partner.id },
      {
        // The reply (with its id) is stored in the listing's barters, which moves the prompt on
        // to waiting; the question is done either way.
        onSuccess: (barter) => {
          if (barter.id) {
            onRecorded();
            onClose();
          }
        },
        onError: (error) =>
          toast({
            title: m.barters_create_failed(),
            description: messageOf(error, m.barters_try_again()),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text as="p" weight="medium" size="2" ref={questionRef} tabIndex={-1}>
        {m.barters_did_it_happen()}
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button variant="soft" color="gray" onClick={onClose} disabled={create.isPending}>
          {m.barters_not_yet()}
        </Button>
        <Button onClick={record} loading={create.isPending}>
          {m.barters_yes_completed()}
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
  stateRef: StateRef;
  onStep: () => void;
}

function PendingBarter({ barter, me, partner, complete, cancel, stateRef, onStep }: PendingBarterProps) {
  const busy = complete.isPending || cancel.isPending;
  const mineFirst = barter.initiatorId === me.id;
  const confirmedByMe = mineFirst ? barter.initiatorConfirmedAt : barter.recipientConfirmedAt;
  const confirmedByThem = mineFirst ? barter.recipientConfirmedAt : barter.initiatorConfirmedAt;
  const onConfirm = () =>
    complete.mutate(barter, {
      onSuccess: (after) => {
        onStep();
        toast(
          after.status === 'completed'
            ? { title: m.barters_completed_toast(), description: m.barters_completed_toast_hint() }
            : {
                title: m.barters_handover_confirmed(),
                description: m.barters_handover_confirmed_hint({ name: partner.displayName }),
              },
        );
      },
      onError: (error) =>
        toast({
          title: m.barters_complete_failed(),
          description: messageOf(error, m.barters_try_again()),
          variant: 'destructive',
        }),
    });

  const sentence = confirmedByMe
    ? m.barters_waiting_partner({ name: partner.displayName })
    : confirmedByThem
      ? m.barters_partner_confirmed({ name: partner.displayName })
      : m.barters_offer_accepted({ name: partner.displayName });
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap">
      <Text as="p" size="2" ref={paragraphRef(stateRef)} tabIndex={-1} data-testid="barter-state">
        {sentence}
      </Text>
      <Flex gap="2" wrap="wrap">
        <CancelBarter barter={barter} partner={partner} cancel={cancel} disabled={busy} onStep={onStep} />
        {!confirmedByMe && (
          <Button onClick={onConfirm} loading={complete.isPending} disabled={busy}>
            {m.barters_confirm()}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** "Cancel barter" asks first, with a reason the other member reads (decision 060). */
function CancelBarter({
  barter,
  partner,
  cancel,
  disabled,
  onStep,
}: {
  barter: Barter;
  partner: { displayName: string };
  cancel: ReturnType<typeof useCancelBarter>;
  disabled: boolean;
  onStep: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const onCancel = () =>
    cancel.mutate(
      { barter, reason },
      {
        onSuccess: () => {
          onStep();
          setOpen(false);
          toast({ title: m.barters_cancelled() });
        },
        onError: (error) =>
          toast({
            title: m.barters_cancel_failed(),
            description: messageOf(error, m.barters_try_again()),
            variant: 'destructive',
          }),
      },
    );
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setReason('');
      }}
    >
      <AlertDialog.Trigger>
        <Button variant="soft" color="gray" disabled={disabled}>
          {m.barters_cancel()}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content
        maxWidth="440px"
        // Cancelled, the trigger is gone with the pending state: the prompt focuses the new state.
        onCloseAutoFocus={(event) => {
          if (cancel.isSuccess) event.preventDefault();
        }}
      >
        <AlertDialog.Title>{m.barters_cancel_title()}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {m.barters_cancel_description({ name: partner.displayName })}
        </AlertDialog.Description>
        <Flex direction="column" gap="3" mt="3">
          <TextAreaInput
            label={m.barters_cancel_reason({ name: partner.displayName })}
            value={reason}
            onValueChange={setReason}
            rows={2}
            maxLength={MAX_CANCEL_REASON}
            placeholder={m.barters_cancel_reason_placeholder()}
          />
          <Flex gap="3" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                {m.barters_keep()}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="soft" color="red" onClick={onCancel} loading={cancel.isPending}>
              {m.barters_cancel()}
            </Button>
          </Flex>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

function CompletedBarter({
  barter,
  me,
  partner,
  reviewed,
  stateRef,
}: {
  barter: Barter;
  me: { id: number };
  partner: { id: number; displayName: string };
  reviewed: boolean;
  stateRef: StateRef;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap">
      <Flex align="center" gap="2">
        <CheckCircledIcon aria-hidden="true" className="barter-done-icon" />
        <Text as="p" size="2" ref={paragraphRef(stateRef)} tabIndex={-1} data-testid="barter-state">
          {reviewed ? m.barters_completed_reviewed() : m.barters_completed()}
        </Text>
      </Flex>
      {!reviewed && (
        <Button className="barter-prompt-button" onClick={() => setOpen(true)}>
          {m.barters_leave_review()}
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
        // Closed after a review: the review button is gone, the state sentence takes focus.
        onCloseAutoFocus={(event) => {
          if (reviewed) {
            event.preventDefault();
            stateRef.current?.focus();
          }
        }}
      />
    </Flex>
  );
}
