import { CheckIcon, HeartIcon } from '@radix-ui/react-icons';
import { Button, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Listing } from '@/shared/contract/listings';
import { useSetWant } from '../api';

/**
 * "I'd take this": a toggle (aria-pressed) for a signed-in member who is not the owner. Wanting a
 * listing puts it on /wants and lets the product find swaps (/matches) and trade circles.
 */
export function WantToggle({ listing }: { listing: Listing }) {
  const setWant = useSetWant();
  const wanted = listing.wantedByMe === true;
  // An inactive listing cannot be wanted any more; one already wanted can still be withdrawn.
  if (!wanted && listing.status !== 'active') return null;
  const toggle = () =>
    setWant.mutate(
      { listingId: listing.id, wanted: !wanted },
      {
        onError: (error) =>
          toast({
            title: 'Could not update your wants',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Flex direction="column" gap="2">
      <Button
        size="3"
        variant={wanted ? 'solid' : 'outline'}
        color={wanted ? 'green' : undefined}
        aria-pressed={wanted}
        onClick={toggle}
        disabled={setWant.isPending}
        data-testid="want-toggle"
      >
        {wanted ? <CheckIcon aria-hidden="true" /> : <HeartIcon aria-hidden="true" />} I'd take this
      </Button>
      <Text size="1" color="gray" aria-live="polite">
        {wanted ? (
          <>
            On your{' '}
            <ThemeLink asChild>
              <Link to="/wants">wants</Link>
            </ThemeLink>
            . We tell you when {listing.user.displayName} wants something of yours:{' '}
            <ThemeLink asChild>
              <Link to="/matches">see matches</Link>
            </ThemeLink>
            .
          </>
        ) : (
          'Say you would take it, and we look for a swap: something of yours the owner wants.'
        )}
      </Text>
    </Flex>
  );
}

/** For the owner: how many members would take the listing. */
export function WantCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  const text =
    count === 0
      ? 'No one has said they would take this yet'
      : count === 1
        ? '1 member would take this'
        : `${count.toLocaleString('en-US')} members would take this`;
  return (
    <Flex align="center" gap="2" data-testid="want-count">
      <HeartIcon aria-hidden="true" />
      <Text size="2" weight={count > 0 ? 'medium' : 'regular'} color={count > 0 ? undefined : 'gray'}>
        {text}
      </Text>
    </Flex>
  );
}
