// The circle's group chat: every member's messages, oldest first, live over the circle's room.
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { TradeCircle } from '@/shared/contract/trade-circles';
import { formatDateTime } from '@/lib/format-date';
import { useOnline } from '@/lib/online';
import { MessageComposer } from '@/components/message-composer';
import { circleMessagesQuery, useSendCircleMessage } from '../api';
import { useCircleSocket } from '../use-circle-socket';
import { ReportButton } from '@/features/moderation';
import { isRemovedMessage } from '@/features/moderation';
import '@/components/chat.css';

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
            Group chat
          </Heading>
          {/* Offline, the page's one notice says so (OfflineNotice). */}
          {live.reconnecting && online && (
            <Text size="1" color="gray" role="status">
              Reconnecting…
            </Text>
          )}
        </Flex>
        <div
          className="message-scroll circle-chat-scroll"
          ref={scroller}
          role="log"
          aria-label="Trade circle chat"
          tabIndex={0}
        >
          {messages.isLoading ? null : !messages.data || messages.data.length === 0 ? (
            <Text as="p" color="gray" align="center" className="conversation-empty">
              No messages yet. Agree where and when to meet here.
            </Text>
          ) : (
            <ol className="message-list">
              {messages.data.map((m) => {
                const own = m.senderId === meId;
                return (
                  <li
                    key={m.id}
                    className={`message-row ${own ? 'message-own' : 'message-theirs'}`}
                    data-testid="circle-message"
                  >
                    <div className={`message-bubble${isRemovedMessage(m) ? ' message-removed' : ''}`}>
                      {!own && (
                        <Text as="p" size="1" weight="bold" className="circle-chat-sender">
                          {names.get(m.senderId) ?? 'A former member'}
                        </Text>
                      )}
                      <Text as="p" size="2" className="message-text">
                        {m.content}
                      </Text>
                      <Text as="p" size="1" className="message-time">
                        {formatDateTime(m.createdAt)}
                      </Text>
                    </div>
                    {!own && !isRemovedMessage(m) && (
                      <ReportButton
                        signedIn
                        target={{
                          type: 'circle_message',
                          id: m.id,
                          label: `${names.get(m.senderId) ?? 'A former member'}: “${m.content}”`,
                          member: names.has(m.senderId)
                            ? { id: m.senderId, displayName: names.get(m.senderId)! }
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
            ? `${typingNames[0]} is typing…`
            : typingNames.length > 1
              ? `${typingNames.join(' and ')} are typing…`
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
                  toast({ title: 'Failed to send message', description: messageOf(error, ''), variant: 'destructive' }),
              })
            }
          />
        ) : (
          <Text as="p" size="2" color="gray" className="circle-chat-closed">
            This circle has ended; its chat is read-only.
          </Text>
        )}
      </Flex>
    </Card>
  );
}
