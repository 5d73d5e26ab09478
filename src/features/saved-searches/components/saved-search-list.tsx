// The profile's Saved tab (real saved searches, docs/api/users-and-community.md): each search with
// a notifications switch, how often it is emailed, a link that runs it on /browse, and a delete button.
import { MagnifyingGlassIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, IconButton, Select, Spinner, Switch, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { Category } from '@/shared/contract/categories';
import type { StoredSearch } from '@/shared/contract/stored-searches';
import { savedSearchesQuery, useDeleteSavedSearch, useUpdateSavedSearch } from '../api';
import { categoryName, useCategories } from '@/lib/categories';
import type { DigestFrequency } from '@/shared/constants';
import { FREQUENCY_CHOICES, frequencySaved, isFrequency } from '../frequency';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';

const SAVED_ON: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

export function describeSearch(search: Pick<StoredSearch, 'query' | 'category'>, categories: Category[]) {
  const category = search.category ? categoryName(categories, search.category) : m.saved_searches_all_categories();
  return search.query
    ? m.saved_searches_query_in({ query: search.query, category })
    : m.saved_searches_everything_in({ category });
}

export function SavedSearchList({ userId }: { userId: number }) {
  const searches = useQuery(savedSearchesQuery(userId));
  const categories = useCategories();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();

  if (searches.isLoading) {
    return (
      <Flex justify="center" p="5">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (searches.isError) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{m.saved_searches_load_failed()}</Callout.Text>
      </Callout.Root>
    );
  }
  const list = searches.data ?? [];
  if (list.length === 0) {
    return (
      <Card size="3">
        <Flex direction="column" align="center" gap="3" py="4">
          <MagnifyingGlassIcon width="28" height="28" aria-hidden="true" />
          <Text color="gray" align="center">
            {m.saved_searches_none()}
          </Text>
          <Button asChild>
            <Link to="/browse">{m.saved_searches_browse()}</Link>
          </Button>
        </Flex>
      </Card>
    );
  }

  const toggle = (search: StoredSearch, notificationsEnabled: boolean) =>
    update.mutate(
      { id: search.id, notificationsEnabled },
      {
        onError: (error) =>
          toast({
            title: m.saved_searches_update_failed(),
            description: messageOf(error, m.saved_searches_try_again()),
            variant: 'destructive',
          }),
      },
    );
  const choose = (search: StoredSearch, frequency: DigestFrequency) =>
    update.mutate(
      { id: search.id, frequency },
      {
        onSuccess: (saved) => toast({ title: frequencySaved(saved.frequency) }),
        onError: (error) =>
          toast({
            title: m.saved_searches_update_failed(),
            description: messageOf(error, m.saved_searches_try_again()),
            variant: 'destructive',
          }),
      },
    );
  const onDelete = (search: StoredSearch) =>
    remove.mutate(search, {
      onSuccess: () => toast({ title: m.saved_searches_removed() }),
      onError: (error) =>
        toast({
          title: m.saved_searches_remove_failed(),
          description: messageOf(error, m.saved_searches_try_again()),
          variant: 'destructive',
        }),
    });

  return (
    <Flex asChild direction="column" gap="3">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((search) => {
          const label = describeSearch(search, categories);
          const updating = update.isPending && update.variables?.id === search.id;
          // The choice being saved shows at once; the stored one otherwise.
          const frequency = (updating && update.variables.frequency) || search.frequency;
          return (
            <li key={search.id} data-testid="saved-search">
              <Card>
                <Flex direction="column" gap="3">
                  <Flex direction="column" gap="1" minWidth="0">
                    <Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
                      {label}
                    </Text>
                    <Text size="1" color="gray">
                      {richText(m.saved_searches_saved_on, {
                        date: <time dateTime={search.createdAt}>{fmt.date(search.createdAt, SAVED_ON)}</time>,
                      })}
                    </Text>
                  </Flex>
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <Text as="label" size="2">
                      <Flex gap="2" align="center">
                        <Switch
                          checked={
                            updating && update.variables.notificationsEnabled !== undefined
                              ? update.variables.notificationsEnabled
                              : search.notificationsEnabled
                          }
                          onCheckedChange={(checked) => toggle(search, checked)}
                          disabled={updating}
                          aria-label={m.saved_searches_notifications_for({ search: label })}
                        />
                        {m.saved_searches_notifications()}
                      </Flex>
                    </Text>
                    <Flex gap="2" align="center">
                      <Text as="label" size="2" htmlFor={`digest-${search.id}`}>
                        {m.saved_searches_email_digest()}
                      </Text>
                      <Select.Root
                        size="2"
                        value={frequency}
                        onValueChange={(value) => isFrequency(value) && choose(search, value)}
                      >
                        <Select.Trigger
                          id={`digest-${search.id}`}
                          aria-label={m.saved_searches_digest_for({ search: label })}
                          data-testid="digest-frequency"
                        />
                        <Select.Content>
                          {FREQUENCY_CHOICES.map((choice) => (
                            <Select.Item key={choice.value} value={choice.value}>
                              {choice.label()}
                            </Select.Item>
                          ))}
                        </Select.Content>
                      </Select.Root>
                    </Flex>
                    <Flex gap="2" align="center">
                      <Button asChild variant="soft" size="2">
                        <Link
                          to="/browse"
                          search={{ q: search.query ?? undefined, category: search.category ?? undefined }}
                          aria-label={m.saved_searches_run_label({ search: label })}
                        >
                          {m.saved_searches_run()}
                        </Link>
                      </Button>
                      <IconButton
                        variant="soft"
                        color="red"
                        aria-label={m.saved_searches_delete_label({ search: label })}
                        onClick={() => onDelete(search)}
                        loading={remove.isPending && remove.variables?.id === search.id}
                      >
                        <TrashIcon />
                      </IconButton>
                    </Flex>
                  </Flex>
                </Flex>
              </Card>
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
