import { CheckIcon, HeartIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { circleDependingOnWant, circleMembersText, circlesQuery } from '@/features/trade-circles';
import type { TradeCircle } from '@/shared/contract/trade-circles';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Listing } from '@/shared/contract/listings';
import { useSetWant } from '../api';
import { fmt } from '@/lib/intl';

/** How long "Undo" stays after a withdrawal that calls a trade circle off; nothing is sent before. */
export const WITHDRAW_UNDO_MS = 8000;

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'confirming'; circle: TradeCircle }
  | { kind: 'withdrawing'; circle: TradeCircle };

/**
 * "I'd take this": a toggle (aria-pressed) for a signed-in member who is not the owner. Wanting a
 * listing puts it on /wants and lets the product find swaps (/matches) and trade circles.
 * Withdrawing a want that a proposed trade circle depends on asks first, naming the circle's
 * members, then offers Undo for a few seconds before anything is sent (decision 061).
 */
export function WantToggle({ listing, meId }: { listing: Listing; meId: number }) {
  const queryClient = useQueryClient();
  const setWant = useSetWant();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const refocusToggle = useRef(false);
  const withdrawing = step.kind === 'withdrawing';
  const wanted = listing.wantedByMe === true && !withdrawing;

  const send = (want: boolean) =>
    setWant.mutate(
      { listingId: listing.id, wanted: want },
      {
        onError: (error) =>
          toast({
            title: 'Could not update your wants',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  // The undo window: the withdrawal is sent when it closes, or at once when the page goes (a real
  // unmount; StrictMode's rehearsal runs before any withdrawal is pending).
  const sendRef = useRef(send);
  sendRef.current = send;
  const pending = useRef(false);
  pending.current = withdrawing;
  useEffect(() => {
    if (!withdrawing) return;
    const timer = setTimeout(() => {
      pending.current = false;
      refocusToggle.current = document.activeElement === undoRef.current;
      setStep({ kind: 'idle' });
      sendRef.current(false);
    }, WITHDRAW_UNDO_MS);
    return () => clearTimeout(timer);
  }, [withdrawing]);
  useEffect(
    () => () => {
      if (pending.current) sendRef.current(false);
    },
    [],
  );

  useEffect(() => {
    if (step.kind === 'confirming') confirmRef.current?.focus();
    if (step.kind === 'withdrawing') undoRef.current?.focus();
    if (step.kind === 'idle' && refocusToggle.current) {
      refocusToggle.current = false;
      toggleRef.current?.focus();
    }
  }, [step.kind]);

  // An inactive listing cannot be wanted any more; one already wanted can still be withdrawn.
  if (!wanted && !withdrawing && listing.status !== 'active') return null;

  const toggle = async () => {
    if (!wanted) return send(true);
    setStep({ kind: 'checking' });
    let circle: TradeCircle | null = null;
    try {
      circle = circleDependingOnWant(await queryClient.fetchQuery(circlesQuery), meId, listing.id);
    } catch {
      // The circles could not be read: the server still calls the circle off and tells its members.
    }
    if (circle) setStep({ kind: 'confirming', circle });
    else {
      setStep({ kind: 'idle' });
      send(false);
    }
  };
  const undo = () => {
    pending.current = false;
    refocusToggle.current = true;
    setStep({ kind: 'idle' });
  };
  const keep = () => {
    refocusToggle.current = true;
    setStep({ kind: 'idle' });
  };

  return (
    <Flex direction="column" gap="2">
      <Button
        ref={toggleRef}
        size="3"
        variant={wanted ? 'solid' : 'outline'}
        color={wanted ? 'green' : undefined}
        aria-pressed={wanted}
        onClick={() => void toggle()}
        disabled={setWant.isPending || step.kind !== 'idle' || (!wanted && listing.status !== 'active')}
        data-testid="want-toggle"
      >
        {wanted ? <CheckIcon aria-hidden="true" /> : <HeartIcon aria-hidden="true" />} I'd take this
      </Button>
      {step.kind === 'confirming' ? (
        <Callout.Root color="amber" size="1" data-testid="withdraw-confirm">
          <Flex direction="column" gap="2">
            <Callout.Text role="alert">
              You receive “{listing.title}” in a proposed{' '}
              <ThemeLink asChild>
                <Link to="/trade-circles/$id" params={{ id: String(step.circle.id) }}>
                  {circleName(step.circle)}
                </Link>
              </ThemeLink>{' '}
              with {circleMembersText(step.circle, meId)}. Withdrawing your want calls it off for everyone, and they are
              told why.
            </Callout.Text>
            <Flex gap="2" wrap="wrap">
              <Button
                ref={confirmRef}
                color="red"
                onClick={() => setStep({ kind: 'withdrawing', circle: step.circle })}
              >
                Withdraw and call it off
              </Button>
              <Button variant="soft" color="gray" onClick={keep}>
                Keep my want
              </Button>
            </Flex>
          </Flex>
        </Callout.Root>
      ) : withdrawing ? (
        <Callout.Root color="gray" size="1" data-testid="withdraw-undo">
          <Flex direction="column" gap="2" align="start">
            <Callout.Text role="status">
              Want withdrawn. The {circleName(step.circle).toLowerCase()} with {circleMembersText(step.circle, meId)} is
              called off in a few seconds unless you undo.
            </Callout.Text>
            <Button ref={undoRef} variant="soft" onClick={undo}>
              Undo
            </Button>
          </Flex>
        </Callout.Root>
      ) : (
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
      )}
    </Flex>
  );
}

const circleName = (circle: TradeCircle) => (circle.legs.length === 2 ? 'Direct swap' : 'Trade circle');

/** For the owner: how many members would take the listing. */
export function WantCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  const text =
    count === 0
      ? 'No one has said they would take this yet'
      : count === 1
        ? '1 member would take this'
        : `${fmt.number(count)} members would take this`;
  return (
    <Flex align="center" gap="2" data-testid="want-count">
      <HeartIcon aria-hidden="true" />
      <Text size="2" weight={count > 0 ? 'medium' : 'regular'} color={count > 0 ? undefined : 'gray'}>
        {text}
      </Text>
    </Flex>
  );
}
