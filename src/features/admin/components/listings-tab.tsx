import { StarFilledIcon, StarIcon } from '@radix-ui/react-icons';
import { Badge, Button, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { messageOf } from '@/lib/api';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import type { Listing, ListingStatus } from '@/shared/contract/listings';
import { adminListingsQuery, serverSearch, useSetFeatured } from '../api';
import { AdminTablePanel } from './admin-table-panel';
import { LoadMore } from './load-more';

/** The status badge's words (the listing's status as the API names it). */
const STATUS_LABELS: Record<ListingStatus, () => string> = {
  active: m.admin_status_active,
  pending: m.admin_status_pending,
  paused: m.admin_status_paused,
  completed: m.admin_status_completed,
  hidden: m.admin_status_hidden,
};

// Pending is secondary, paused outline, the others destructive; active needs no warning.
const STATUS_BADGE: Record<ListingStatus, { color: 'indigo' | 'gray' | 'red'; variant: 'soft' | 'outline' | 'solid' }> =
  {
    active: { color: 'indigo', variant: 'soft' },
    pending: { color: 'gray', variant: 'soft' },
    paused: { color: 'gray', variant: 'outline' },
    completed: { color: 'red', variant: 'soft' },
    hidden: { color: 'red', variant: 'outline' },
  };

const matches = (listing: Listing, query: string) =>
  [listing.title, listing.user.displayName, listing.user.username, listing.location].some((field) =>
    field.toLowerCase().includes(query),
  );

export function ListingsTab() {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  // Three characters or more search every listing on the server; fewer filter the loaded pages.
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    ...adminListingsQuery(serverSearch(query)),
    placeholderData: keepPreviousData,
  });
  const listings = data?.pages.flatMap((page) => page.items);
  const first = data?.pages[0];
  const shown = (listings ?? []).filter((listing) => matches(listing, query));

  return (
    <AdminTablePanel
      title={m.admin_listings()}
      loadError={m.admin_listings_failed}
      summary={
        first
          ? (fmt.one(first.total) ? m.admin_listings_summary_one : m.admin_listings_summary_other)({
              total: fmt.number(first.total),
              featured: fmt.number(first.featured),
            })
          : m.admin_listings_loading()
      }
      searchLabel={m.admin_listings_search()}
      searchPlaceholder={m.admin_listings_search_placeholder()}
      search={search}
      onSearch={setSearch}
      error={error}
      columns={[
        m.admin_col_listing(),
        m.admin_col_featured(),
        m.admin_col_status(),
        m.admin_col_owner(),
        m.admin_col_created(),
      ]}
      isPending={isPending}
      empty={
        listings && shown.length === 0
          ? first?.total === 0
            ? m.admin_listings_empty()
            : m.admin_listings_no_match({ search })
          : null
      }
      footer={
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          onLoad={() => void fetchNextPage()}
          label={m.admin_listings_more()}
        />
      }
    >
      {shown.map((listing) => (
        <ListingRow key={listing.id} listing={listing} />
      ))}
    </AdminTablePanel>
  );
}

function ListingRow({ listing }: { listing: Listing }) {
  const badge = STATUS_BADGE[listing.status];
  return (
    <Table.Row align="center" data-testid={`admin-listing-${listing.id}`}>
      <Table.RowHeaderCell>
        <RadixLink asChild weight="medium">
          <Link to="/listing/$id" params={{ id: String(listing.id) }}>
            {listing.title}
          </Link>
        </RadixLink>
        <Text as="div" size="1" color="gray">
          {listing.location}
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell>
        <FeatureToggle listing={listing} />
      </Table.Cell>
      <Table.Cell>
        <Badge highContrast color={badge.color} variant={badge.variant}>
          {STATUS_LABELS[listing.status]()}
        </Badge>
      </Table.Cell>
      <Table.Cell>{listing.user.displayName}</Table.Cell>
      <Table.Cell>{fmt.date(listing.createdAt, { year: 'numeric', month: 'short', day: 'numeric' })}</Table.Cell>
    </Table.Row>
  );
}

function FeatureToggle({ listing }: { listing: Listing }) {
  const setFeatured = useSetFeatured();
  const toggle = () => {
    const isFeatured = !listing.isFeatured;
    setFeatured.mutate(
      { id: listing.id, isFeatured },
      {
        onSuccess: () =>
          toast({
            title: isFeatured ? m.admin_featured_done() : m.admin_unfeatured_done(),
            description: listing.title,
          }),
        onError: (error) =>
          toast({
            title: m.admin_featured_failed(),
            description: messageOf(error, m.admin_try_again()),
            variant: 'destructive',
          }),
      },
    );
  };
  // A toggle: the name stays "Featured: {title}"; aria-pressed and the filled star show the state.
  return (
    <Button
      size="1"
      variant={listing.isFeatured ? 'solid' : 'outline'}
      color={listing.isFeatured ? 'amber' : 'gray'}
      highContrast={!listing.isFeatured}
      aria-pressed={listing.isFeatured}
      aria-label={m.admin_featured_label({ title: listing.title })}
      loading={setFeatured.isPending}
      onClick={toggle}
    >
      {listing.isFeatured ? <StarFilledIcon aria-hidden="true" /> : <StarIcon aria-hidden="true" />}
      {m.admin_featured()}
    </Button>
  );
}
