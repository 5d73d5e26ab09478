// The card that asks about push notifications, after the member's first message or offer (decision
// 067): it explains itself before the browser's own prompt, which only Allow opens. Shown once.
import { BellIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { messageOf } from '@/lib/api';
import { answerPushPrompt } from '@/lib/push-prompt';
import { toast } from '@/lib/toast';
import { usePushAvailable, useThisDevice } from '../api';
import './push.css';
import * as m from '@/lib/messages';

export default function PushPromptCard() {
  const available = usePushAvailable();
  const device = useThisDevice();
  const [answered, setAnswered] = useState(false);
  // Only where push can work: the instance sends it and this browser has not decided yet.
  if (answered || !available.isSuccess || device.state !== 'off') return null;
  const answer = (value: 'allowed' | 'declined') => {
    answerPushPrompt(value);
    setAnswered(true);
  };
  const allow = () =>
    device.turnOn.mutate(undefined, {
      onSuccess: (granted) => {
        answer('allowed');
        toast(
          granted
            ? { title: m.push_now_on(), description: m.push_now_on_text() }
            : { title: m.push_blocked(), description: m.push_blocked_text() },
        );
      },
      onError: (error) =>
        toast({
          title: m.push_turn_on_failed(),
          description: messageOf(error, m.push_try_again_profile()),
          variant: 'destructive',
        }),
    });
  return (
    <Card size="1" className="push-prompt" data-testid="push-prompt">
      <Flex gap="3" align="start" wrap="wrap">
        <BellIcon width="18" height="18" aria-hidden />
        <Flex direction="column" gap="1" className="push-prompt-text">
          <Text as="p" size="2" weight="bold" id="push-prompt-title">
            {m.push_prompt_title()}
          </Text>
          <Text as="p" size="2" color="gray">
            {m.push_prompt_text()}
          </Text>
        </Flex>
        <Flex gap="2" ml="auto">
          <Button size="2" onClick={allow} loading={device.turnOn.isPending} aria-describedby="push-prompt-title">
            {m.push_allow()}
          </Button>
          <Button size="2" variant="soft" color="gray" onClick={() => answer('declined')}>
            {m.push_not_now()}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
