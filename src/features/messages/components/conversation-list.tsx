// The left panel: search, All / Unread tabs and one button per conversation (real names and
// listing titles from GET /api/conversations).
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Badge, Callout, Flex, Spinner, Tabs, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import type { ConversationSummary } from '@/shared/contract/conversations';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

interface ConversationListProps {
  conversations: ConversationSummary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedKey: string | null;
  onSelect: (conversation: ConversationSummary) => void;
  /** Called when the end of the list scrolls into view while older conversations remain. */
  onEndReached?: () => void;
  loadingMore?: boolean;
}

/** A marker after the last item: seen (scrolled to), it asks for the next page. */
function EndOfList({ onEndReached, loading }: { onEndReached: () => void; loading: boolean }) {
  const marker = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = marker.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onEndReached();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [onEndReached]);
  return (
    <li ref={marker} className="conversation-more" aria-hidden={!loading}>
      {loading && (
        <Flex justify="center" p="3">
          <Spinner size="2" />
          <VisuallyHidden>{m.messages_loading_more()}</VisuallyHidden>
        </Flex>
      )}
    </li>
  );
}

function matches(conversation: ConversationSummary, needle: string) {
  if (!needle) return true;
  return [conversation.partner.displayName, conversation.lastMessage, conversation.listing.title].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export function ConversationList({
  conversations,
  isLoading,
  isError,
  selectedKey,
  onSelect,
  onEndReached,
  loadingMore = false,
}: ConversationListProps) {
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<'all' | 'unread'>('all');
  const needle = query.trim().toLowerCase();
  const found = (conversations ?? []).filter((c) => matches(c, needle));
  const unread = found.filter((c) => c.unreadCount > 0);

  const body = (items: ConversationSummary[], empty: string) => {
    if (isLoading) {
      return (
        <Flex justify="center" p="5">
          <Spinner size="3" />
          <VisuallyHidden>{m.messages_loading_conversations()}</VisuallyHidden>
        </Flex>
      );
    }
    if (isError) {
      return (
        <Callout.Root color="red" role="alert" m="3">
          <Callout.Text>{m.messages_list_load_failed()}</Callout.Text>
        </Callout.Root>
      );
    }
    if (items.length === 0) {
      return (
        <Text as="p" color="gray" size="2" align="center" className="conversation-empty">
          {empty}
        </Text>
      );
    }
    return (
      <ul className="conversation-items" aria-label={m.messages_conversations()}>
        {items.map((c) => {
          const key = c.conversation;
          return (
            <li key={key}>
              <button
                type="button"
                className="conversation-item"
                aria-current={key === selectedKey ? 'true' : undefined}
                onClick={() => onSelect(c)}
                // A short name from its content (who, what about, how many unread); the last message
                // and its date are the description, left out of the name (aria-hidden).
                aria-describedby={`conversation-last-${key} conversation-date-${key}`}
                data-testid="conversation-item"
                data-conversation-key={key}
              >
                {/* The initials would start the entry's name: the name says who already. */}
                <span aria-hidden="true">
                  <UserAvatar name={c.partner.displayName} src={c.partner.avatarUrl} size="3" />
                </span>
                <span className="conversation-item-body">
                  <span className="conversation-item-row">
                    <Text weight="bold" size="2" className="conversation-truncate">
                      {c.partner.displayName}
                    </Text>
                    <Text
                      size="1"
                      color="gray"
                      className="conversation-date"
                      id={`conversation-date-${key}`}
                      aria-hidden
                    >
                      <time dateTime={c.lastMessageTime}>
                        {fmt.date(c.lastMessageTime, { month: 'short', day: 'numeric' })}
                      </time>
                    </Text>
                  </span>
                  <Text size="1" color="gray" className="conversation-truncate">
                    <VisuallyHidden>{m.messages_about_listing()}</VisuallyHidden>
                    {c.listing.title}
                  </Text>
                  <span className="conversation-item-row">
                    <Text size="2" className="conversation-truncate" id={`conversation-last-${key}`} aria-hidden>
                      {c.lastMessage || m.messages_new_conversation()}
                    </Text>
                    {c.unreadCount > 0 && (
                      <>
                        <VisuallyHidden>, </VisuallyHidden>

                        <Badge
                          color="red"
                          variant="solid"
                          radius="full"
                          size="1"
                          className="count-badge"
                          data-testid="unread-badge"
                        >
                          {fmt.number(c.unreadCount)}
                          <VisuallyHidden>
                            {fmt.one(c.unreadCount) ? m.messages_unread_count_one() : m.messages_unread_count_other()}
                          </VisuallyHidden>
                        </Badge>
                      </>
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
        {onEndReached && <EndOfList onEndReached={onEndReached} loading={loadingMore} />}
      </ul>
    );
  };

  return (
    <Flex direction="column" className="conversation-list">
      <Flex direction="column" gap="2" p="3" className="conversation-list-tools">
        <TextField.Root
          type="search"
          placeholder={m.messages_search()}
          aria-label={m.messages_search()}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon aria-hidden="true" />
          </TextField.Slot>
        </TextField.Root>
      </Flex>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value === 'unread' ? 'unread' : 'all')}
        className="conversation-tabs"
      >
        <Tabs.List size="2">
          <Tabs.Trigger value="all">{m.messages_tab_all()}</Tabs.Trigger>
          <Tabs.Trigger value="unread">{m.messages_tab_unread()}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="all" className="conversation-scroll">
          {body(found, m.messages_none_found())}
        </Tabs.Content>
        <Tabs.Content value="unread" className="conversation-scroll">
          {body(unread, m.messages_none_unread())}
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}
