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
        title: 'Cannot submit review',
        description: 'You can only review after completing a barter exchange.',
        variant: 'destructive',
      });
      return;
    }
    create.mutate(
      { reviewerId, userId: reviewee.id, listingId, barterId, rating: output.rating, comment: output.comment },
      {
        onSuccess: () => {
          toast({ title: 'Review submitted', description: `Thank you for reviewing ${reviewee.displayName}.` });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.errors);
          toast({
            title: 'Failed to submit review',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px" onCloseAutoFocus={onCloseAutoFocus}>
        <Dialog.Title>Leave a Review</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          How was your exchange with {reviewee.displayName}?
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <StarRatingInput
              value={form.values.rating}
              onChange={(rating) => form.setField('rating', rating)}
              error={form.errors.rating}
            />
            <TextAreaInput
              label="Comment"
              value={form.values.comment}
              onValueChange={(comment) => form.setField('comment', comment)}
              error={form.errors.comment}
              hint="At least 10 characters."
              placeholder="What went well? Would you barter again?"
              rows={4}
              required
            />
            <DialogActions wrap="wrap" submitLabel="Submit Review" pending={create.isPending} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
