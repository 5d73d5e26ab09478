// The circle's group chat: every member's messages, oldest first, live over the circle's room.
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { TradeCircle } from '@/shared/contract/trade-circles';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { useOnline } from '@/lib/online';
import { MessageComposer } from '@/components/message-composer';
import { circleMessagesQuery, useSendCircleMessage } from '../api';
import { useCircleSocket } from '../use-circle-socket';
import { ReportButton } from '@/features/moderation';
import { isRemovedMessage } from '@/features/moderation';
import { joinNames } from '../circle-words';
import '@/components/chat.css';

/** A message's date and time: "Mar 4, 3:05 PM" in the member's language. */
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

export function CircleChat({ circle, meId }: { circle: TradeCircle; meId: number }) {
  const messages = useQuery(circleMessagesQuery(circle.id));
  const send = useSendCircleMessage(circle.id);
  const live = useCircleSocket(meId, circle.id);
  const online = useOnline();
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const names = new Map(
    circle.legs.flatMap((leg) => (leg.giver ? [[leg.giver.id, leg.giver.displayName] as const] : [])),
  );
  const open = circle.status === 'proposed' || circle.status === 'agreed';
  const newest = messages.data?.at(-1)?.id;

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    if (newest && messages.data?.at(-1)?.senderId !== meId) live.markRead(newest);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest]);

  const typingNames = live.typing.map((id) => names.get(id)).filter(Boolean) as string[];
  return (
    <Card className="circle-chat" mt="5" data-testid="circle-chat">
      <Flex direction="column" className="circle-chat-inner">
        <Flex align="center" justify="between" className="conversation-header" gap="2">
          <Heading as="h2" size="4">
            {m.trade_circles_group_chat()}
          </Heading>
          {/* Offline, the page's one notice says so (OfflineNotice). */}
          {live.reconnecting && online && (
            <Text size="1" color="gray" role="status">
              {m.trade_circles_reconnecting()}
            </Text>
          )}
        </Flex>
        <div
          className="message-scroll circle-chat-scroll"
          ref={scroller}
          role="log"
          aria-label={m.trade_circles_chat_label()}
          tabIndex={0}
        >
          {messages.isLoading ? null : !messages.data || messages.data.length === 0 ? (
            <Text as="p" color="gray" align="center" className="conversation-empty">
              {m.trade_circles_chat_empty()}
            </Text>
          ) : (
            <ol className="message-list">
              {messages.data.map((msg) => {
                const own = msg.senderId === meId;
                return (
                  <li
                    key={msg.id}
                    className={`message-row ${own ? 'message-own' : 'message-theirs'}`}
                    data-testid="circle-message"
                  >
                    <div className={`message-bubble${isRemovedMessage(msg) ? ' message-removed' : ''}`}>
                      {!own && (
                        <Text as="p" size="1" weight="bold" className="circle-chat-sender">
                          {names.get(msg.senderId) ?? m.trade_circles_a_former_member()}
                        </Text>
                      )}
                      <Text as="p" size="2" className="message-text">
                        {msg.content}
                      </Text>
                      <Text as="p" size="1" className="message-time">
                        {fmt.date(msg.createdAt, DAY_AND_TIME)}
                      </Text>
                    </div>
                    {!own && !isRemovedMessage(msg) && (
                      <ReportButton
                        signedIn
                        target={{
                          type: 'circle_message',
                          id: msg.id,
                          label: m.trade_circles_chat_report_label({
                            name: names.get(msg.senderId) ?? m.trade_circles_a_former_member(),
                            content: msg.content,
                          }),
                          member: names.has(msg.senderId)
                            ? { id: msg.senderId, displayName: names.get(msg.senderId)! }
                            : null,
                        }}
                      />
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
        <Text as="p" size="1" color="gray" role="status" className="typing-indicator">
          {typingNames.length === 1
            ? m.trade_circles_typing_one({ name: typingNames[0]! })
            : typingNames.length > 1
              ? m.trade_circles_typing_many({ names: joinNames(typingNames, fmt.tag) })
              : ''}
        </Text>
        {open ? (
          <MessageComposer
            value={draft}
            onChange={(value) => {
              setDraft(value);
              if (value.trim()) live.notifyTyping();
            }}
            pending={send.isPending}
            onSend={() =>
              send.mutate(draft.trim(), {
                onSuccess: () => {
                  setDraft('');
                  live.resetTyping();
                },
                onError: (error) =>
                  toast({
                    title: m.trade_circles_send_failed(),
                    description: messageOf(error, ''),
                    variant: 'destructive',
                  }),
              })
            }
          />
        ) : (
          <Text as="p" size="2" color="gray" className="circle-chat-closed">
            {m.trade_circles_chat_closed()}
          </Text>
        )}
      </Flex>
    </Card>
  );
}
