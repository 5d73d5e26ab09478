// Leave a Review: 1 to 5 stars and a comment, only for a completed barter
// (docs/api/messaging-barters-reviews.md, "Reviews").
import { Dialog, Flex } from '@radix-ui/themes';
import { useEffect } from 'react';
import { TextAreaInput } from '@/components/form-field';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { reviewSchema } from '@/shared/schemas';
import { useCreateReview } from '../api';
import { StarRatingInput } from './star-rating-input';
import { DialogActions } from '@/components/dialog-actions';
import * as m from '@/lib/messages';

interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reviewerId: number;
  reviewee: { id: number; displayName: string };
  listingId: number;
  /** The completed barter being reviewed; without one a review cannot be sent. */
  barterId: number | null;
  /** Where focus goes when the dialog closes, when its trigger is gone (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function ReviewDialog({
  open,
  onOpenChange,
  reviewerId,
  reviewee,
  listingId,
  barterId,
  onCloseAutoFocus,
}: ReviewDialogProps) {
  // No stars are chosen at first: a rating is the member's choice, and the form asks for one (1 to 5).
  const initial = { reviewerId, userId: reviewee.id, listingId, barterId, rating: 0, comment: '' };
  const form = useValibotForm(reviewSchema, initial);
  const create = useCreateReview();

  // Each opening starts from a clean form.
  useEffect(() => {
    if (open) form.reset(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each opening starts from a clean form
  }, [open]);

  const onSubmit = form.handleSubmit((output) => {
    if (!barterId) {
      toast({
        title: m.reviews_cannot_submit(),
        description: m.reviews_only_after_barter(),
        variant: 'destructive',
      });
      return;
    }
    create.mutate(
      { reviewerId, userId: reviewee.id, listingId, barterId, rating: output.rating, comment: output.comment },
      {
        onSuccess: () => {
          toast({ title: m.reviews_submitted(), description: m.reviews_thanks({ name: reviewee.displayName }) });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({
            title: m.reviews_submit_failed(),
            description: messageOf(error, m.reviews_try_again()),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px" onCloseAutoFocus={onCloseAutoFocus}>
        <Dialog.Title>{m.reviews_dialog_title()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {m.reviews_dialog_lead({ name: reviewee.displayName })}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <StarRatingInput
              value={form.values.rating}
              onChange={(rating) => form.setField('rating', rating)}
              error={form.errors.rating}
            />
            <TextAreaInput
              label={m.reviews_comment()}
              value={form.values.comment}
              onValueChange={(comment) => form.setField('comment', comment)}
              error={form.errors.comment}
              hint={m.reviews_comment_hint()}
              placeholder={m.reviews_comment_placeholder()}
              rows={4}
              required
            />
            <DialogActions wrap="wrap" submitLabel={m.reviews_submit()} pending={create.isPending} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
