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
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { useSetWant } from '../api';
import { richText } from '@/lib/rich-text';

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
            title: m.wants_toggle_failed(),
            description: messageOf(error, m.wants_try_again()),
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
        {wanted ? <CheckIcon aria-hidden="true" /> : <HeartIcon aria-hidden="true" />} {m.wants_toggle()}
      </Button>
      {step.kind === 'confirming' ? (
        <Callout.Root color="amber" size="1" data-testid="withdraw-confirm">
          <Flex direction="column" gap="2">
            <Callout.Text role="alert">
              {richText(
                (parts: { circle: string }) =>
                  m.wants_withdraw_confirm({
                    ...parts,
                    title: listing.title,
                    members: circleMembersText(step.circle, meId, fmt.tag),
                  }),
                {
                  circle: (
                    <ThemeLink asChild>
                      <Link to="/trade-circles/$id" params={{ id: String(step.circle.id) }}>
                        {circleName(step.circle)}
                      </Link>
                    </ThemeLink>
                  ),
                },
              )}
            </Callout.Text>
            <Flex gap="2" wrap="wrap">
              <Button
                ref={confirmRef}
                color="red"
                onClick={() => setStep({ kind: 'withdrawing', circle: step.circle })}
              >
                {m.wants_withdraw_and_call_off()}
              </Button>
              <Button variant="soft" color="gray" onClick={keep}>
                {m.wants_keep()}
              </Button>
            </Flex>
          </Flex>
        </Callout.Root>
      ) : withdrawing ? (
        <Callout.Root color="gray" size="1" data-testid="withdraw-undo">
          <Flex direction="column" gap="2" align="start">
            <Callout.Text role="status">
              {m.wants_withdrawn_undo({
                circle: step.circle.legs.length === 2 ? m.wants_circle_direct_undo() : m.wants_circle_trade_undo(),
                members: circleMembersText(step.circle, meId, fmt.tag),
              })}
            </Callout.Text>
            <Button ref={undoRef} variant="soft" onClick={undo}>
              {m.wants_undo()}
            </Button>
          </Flex>
        </Callout.Root>
      ) : (
        <Text size="1" color="gray" aria-live="polite">
          {wanted ? (
            <>
              {richText(
                (parts: { wants: string; matches: string }) =>
                  m.wants_on_your_wants({ ...parts, name: listing.user.displayName }),
                {
                  wants: (
                    <ThemeLink asChild>
                      <Link to="/wants">{m.wants_wants_link()}</Link>
                    </ThemeLink>
                  ),
                  matches: (
                    <ThemeLink asChild>
                      <Link to="/matches">{m.wants_see_matches_link()}</Link>
                    </ThemeLink>
                  ),
                },
              )}
            </>
          ) : (
            m.wants_say_you_would()
          )}
        </Text>
      )}
    </Flex>
  );
}

const circleName = (circle: TradeCircle) =>
  circle.legs.length === 2 ? m.wants_circle_direct() : m.wants_circle_trade();

/** For the owner: how many members would take the listing. */
export function WantCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  const text =
    count === 0
      ? m.wants_count_none()
      : fmt.one(count)
        ? m.wants_count_one({ count: fmt.number(count) })
        : m.wants_count_other({ count: fmt.number(count) });
  return (
    <Flex align="center" gap="2" data-testid="want-count">
      <HeartIcon aria-hidden="true" />
      <Text size="2" weight={count > 0 ? 'medium' : 'regular'} color={count > 0 ? undefined : 'gray'}>
        {text}
      </Text>
    </Flex>
  );
}
