import { BookmarkIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Dialog, Flex, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { StoredSearch } from '@/shared/contract/stored-searches';
import { savedSearchesQuery } from '../api';
import { useCurrentUser } from '@/lib/current-user';
import { categoryName, useCategories } from '@/lib/categories';
import { FREQUENCY_LABEL } from '../frequency';
import * as m from '@/lib/messages';

/** The member's saved searches, each with a link that runs it. Signed-in members only. */
export function SavedSearchesDialog() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="outline">
          <BookmarkIcon aria-hidden="true" /> {m.saved_searches_title()}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{m.saved_searches_title()}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {m.saved_searches_dialog_lead()}
        </Dialog.Description>
        {open && <SavedSearchList userId={user.id} onRun={() => setOpen(false)} />}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {m.saved_searches_close()}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function SavedSearchList({ userId, onRun }: { userId: number; onRun: () => void }) {
  const { data, isPending, isError } = useQuery(savedSearchesQuery(userId));
  const categories = useCategories();
  if (isPending) return <Skeleton height="80px" />;
  if (isError) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{m.saved_searches_load_failed_later()}</Callout.Text>
      </Callout.Root>
    );
  }
  if (data.length === 0) return <Text color="gray">{m.saved_searches_none_dialog()}</Text>;
  return (
    <Flex asChild direction="column" gap="2">
      <ul aria-label={m.saved_searches_your_saved()} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.map((search) => (
          <li key={search.id}>
            <SavedSearchRow
              search={search}
              label={describe(search, (slug) => categoryName(categories, slug))}
              onRun={onRun}
            />
          </li>
        ))}
      </ul>
    </Flex>
  );
}

const describe = (search: StoredSearch, nameOf: (slug: string) => string) =>
  search.query && search.category
    ? m.saved_searches_query_in({ query: search.query, category: nameOf(search.category) })
    : search.query
      ? m.saved_searches_query_only({ query: search.query })
      : search.category
        ? m.saved_searches_in_category({ category: nameOf(search.category) })
        : m.saved_searches_all_listings();

function SavedSearchRow({ search, label, onRun }: { search: StoredSearch; label: string; onRun: () => void }) {
  return (
    <Flex
      align="center"
      justify="between"
      gap="3"
      wrap="wrap"
      py="2"
      style={{ borderBottom: '1px solid var(--gray-a5)' }}
    >
      <Flex direction="column" gap="1" minWidth="0">
        <Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        <Badge
          color={search.notificationsEnabled ? 'green' : 'gray'}
          variant="soft"
          size="1"
          style={{ alignSelf: 'start' }}
        >
          {search.notificationsEnabled ? m.saved_searches_notifications_on() : m.saved_searches_notifications_off()}
        </Badge>
        {search.notificationsEnabled && (
          <Text size="1" color="gray">
            {m.saved_searches_digest_is({ frequency: FREQUENCY_LABEL[search.frequency]() })}
          </Text>
        )}
      </Flex>
      <Button asChild size="1" variant="soft">
        <Link
          to="/browse"
          search={{ q: search.query ?? undefined, category: search.category ?? undefined }}
          onClick={onRun}
          aria-label={m.saved_searches_run_search_label({ search: label })}
        >
          <MagnifyingGlassIcon aria-hidden="true" /> {m.saved_searches_run()}
        </Link>
      </Button>
    </Flex>
  );
}
