// The notification settings (/settings/notifications, decision 067): this device's push on or
// off, with a clear state when the browser blocks notifications or has no push, and the member's
// switch per kind (GET/PUT /api/push/settings), which hold for every device they use.
import { Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { PUSH_KINDS } from '@/shared/constants';
import './push.css';
import { pushSettingsQuery, usePushAvailable, useThisDevice, useUpdatePushSettings } from '../api';
import * as m from '@/lib/messages';

const KIND_LABELS: Record<(typeof PUSH_KINDS)[number], () => string> = {
  message: m.push_kind_message,
  offer: m.push_kind_offer,
  match: m.push_kind_match,
  trade_circle: m.push_kind_trade_circle,
  barter: m.push_kind_barter,
  moderation: m.push_kind_moderation,
};

export default function PushSettings({ userId }: { userId: number }) {
  const available = usePushAvailable();
  if (available.isPending) return <Skeleton height="120px" />;
  // 503: this instance has no VAPID keys, so it sends no push (the API's message says so).
  if (available.isError)
    return (
      <Card size="2">
        <Text as="p" size="2" data-testid="push-unavailable">
          {messageOf(available.error, m.push_unavailable())}
        </Text>
      </Card>
    );
  return (
    <Flex direction="column" gap="4" data-testid="push-settings">
      <Section title={m.push_this_device()}>
        <ThisDevice />
      </Section>
      <Section title={m.push_what_to_notify()}>
        <Kinds userId={userId} />
      </Section>
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={headingId}>
            {title}
          </Heading>
          {children}
        </Flex>
      </section>
    </Card>
  );
}

function ThisDevice() {
  const labelId = useId();
  const stateId = useId();
  const { state, turnOn, turnOff } = useThisDevice();
  const pending = turnOn.isPending || turnOff.isPending;
  const note =
    state === 'unsupported'
      ? m.push_state_unsupported()
      : state === 'denied'
        ? m.push_state_denied()
        : state === 'on'
          ? m.push_state_on()
          : m.push_state_off();
  const change = (on: boolean) =>
    (on ? turnOn : turnOff).mutate(undefined, {
      onError: (error) =>
        toast({
          title: m.push_change_failed(),
          description: messageOf(error, m.push_try_again()),
          variant: 'destructive',
        }),
    });
  return (
    <Flex direction="column" gap="1">
      <Flex align="center" justify="between" gap="3">
        <Text as="label" size="2" weight="medium" id={labelId} htmlFor={`${labelId}-switch`}>
          {m.push_on_this_device()}
        </Text>
        <OnOff
          id={`${labelId}-switch`}
          checked={state === 'on'}
          disabled={state === 'checking' || state === 'unsupported' || state === 'denied' || pending}
          onChange={change}
          describedBy={stateId}
        />
      </Flex>
      <Text as="p" size="1" color="gray" id={stateId} data-testid="push-device-state">
        {state === 'checking' ? '\u00a0' : note}
      </Text>
    </Flex>
  );
}

function Kinds({ userId }: { userId: number }) {
  const settings = useQuery(pushSettingsQuery(userId));
  const update = useUpdatePushSettings(userId);
  const groupId = useId();
  if (settings.isPending) return <Skeleton height="120px" />;
  if (settings.isError)
    return (
      <Text as="p" size="2" color="red">
        {messageOf(settings.error, m.push_settings_failed())}
      </Text>
    );
  const kinds = settings.data.kinds;
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" color="gray" id={groupId}>
        {m.push_kinds_note()}
      </Text>
      {PUSH_KINDS.map((kind) => {
        const pending = update.isPending && update.variables[kind] !== undefined;
        return (
          <Flex key={kind} align="center" justify="between" gap="3">
            <Text as="label" size="2" weight="medium" htmlFor={`${groupId}-${kind}`}>
              {KIND_LABELS[kind]()}
            </Text>
            <OnOff
              id={`${groupId}-${kind}`}
              checked={(pending ? update.variables[kind] : kinds[kind]) ?? false}
              disabled={update.isPending}
              onChange={(checked) =>
                update.mutate(
                  { [kind]: checked },
                  {
                    onError: (error) =>
                      toast({
                        title: m.push_save_failed(),
                        description: messageOf(error, m.push_try_again()),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          </Flex>
        );
      })}
    </Flex>
  );
}

/**
 * A switch: the browser's own checkbox in the switch role, in the accent colour (Radix Themes'
 * Switch would bring its chunk to the profile's visit, decision 058's budget).
 */
function OnOff(props: {
  id: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string;
}) {
  return (
    <input
      type="checkbox"
      role="switch"
      className="push-switch"
      id={props.id}
      checked={props.checked}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      onChange={(event) => props.onChange(event.target.checked)}
    />
  );
}
