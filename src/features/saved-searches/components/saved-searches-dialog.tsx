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

/** The member's saved searches, each with a link that runs it. Signed-in members only. */
export function SavedSearchesDialog() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="outline">
          <BookmarkIcon aria-hidden="true" /> Saved Searches
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Saved Searches</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Run a search you saved. You are notified when new listings match it.
        </Dialog.Description>
        {open && <SavedSearchList userId={user.id} onRun={() => setOpen(false)} />}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
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
        <Callout.Text>Failed to load saved searches. Please try again later.</Callout.Text>
      </Callout.Root>
    );
  }
  if (data.length === 0)
    return <Text color="gray">No saved searches yet. Use Save Search on a search you want to keep.</Text>;
  return (
    <Flex asChild direction="column" gap="2">
      <ul aria-label="Your saved searches" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
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
  [search.query && `“${search.query}”`, search.category && `in ${nameOf(search.category)}`].filter(Boolean).join(' ') ||
  'All listings';

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
          {search.notificationsEnabled ? 'Notifications on' : 'Notifications off'}
        </Badge>
        {search.notificationsEnabled && (
          <Text size="1" color="gray">
            Email digest: {FREQUENCY_LABEL[search.frequency]}
          </Text>
        )}
      </Flex>
      <Button asChild size="1" variant="soft">
        <Link
          to="/browse"
          search={{ q: search.query ?? undefined, category: search.category ?? undefined }}
          onClick={onRun}
          aria-label={`Run search ${label}`}
        >
          <MagnifyingGlassIcon aria-hidden="true" /> Run search
        </Link>
      </Button>
    </Flex>
  );
}
