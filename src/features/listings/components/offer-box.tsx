import { Button, Flex } from '@radix-ui/themes';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { TextAreaInput } from '../../../components/form-field';
import type { Listing } from '../../../shared/api-types';

/** A custom offer: opens Messages with the text as the draft (spec section 2). */
export function OfferBox({ listing }: { listing: Listing }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) {
      setError('Please describe your offer');
      return;
    }
    void navigate({ to: '/messages', search: { initiate: true, listingId: listing.id, userId: listing.userId, title: listing.title, message } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="2">
        <TextAreaInput
          label="Make a custom offer"
          value={text}
          onValueChange={(value) => {
            setText(value);
            if (error && value.trim()) setError(undefined);
          }}
          error={error}
          placeholder={`What would you offer for "${listing.title}"?`}
          rows={3}
          maxLength={2000}
        />
        <Button type="submit" variant="soft" size="3">
          Make Offer
        </Button>
      </Flex>
    </form>
  );
}
