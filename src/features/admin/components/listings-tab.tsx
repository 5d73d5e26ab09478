import { MagnifyingGlassIcon, StarFilledIcon, StarIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Flex, Heading, Link as RadixLink, Skeleton, Table, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { Listing, ListingStatus } from '../../../shared/api-types';
import { adminListingsQuery, useSetFeatured } from '../api';
import { TableScroll } from './table-scroll';

const created = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

// Spec section 4: pending is secondary, paused outline, the others destructive; active needs no warning.
const STATUS_BADGE: Record<ListingStatus, { color: 'teal' | 'gray' | 'red'; variant: 'soft' | 'outline' | 'solid' }> = {
  active: { color: 'teal', variant: 'soft' },
  pending: { color: 'gray', variant: 'soft' },
  paused: { color: 'gray', variant: 'outline' },
  completed: { color: 'red', variant: 'soft' },
};

const matches = (listing: Listing, query: string) =>
  [listing.title, listing.user.displayName, listing.user.username, listing.location].some((field) => field.toLowerCase().includes(query));

export function ListingsTab() {
  const { data: listings, error, isPending } = useQuery(adminListingsQuery);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const shown = (listings ?? []).filter((listing) => matches(listing, query));
  const featuredCount = (listings ?? []).filter((l) => l.isFeatured).length;

  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            Listings
          </Heading>
          <Text as="p" size="2" color="gray">
            {listings ? `${listings.length} listing${listings.length === 1 ? '' : 's'}, ${featuredCount} featured. Featured active listings show on the home page (up to 6).` : 'Loading listings…'}
          </Text>
        </div>
        <TextField.Root
          type="search"
          placeholder="Search by title, owner or place"
          aria-label="Search listings"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 'min(100%, 320px)' }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon aria-hidden="true" />
          </TextField.Slot>
        </TextField.Root>
      </Flex>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Failed to load listings: {messageOf(error, 'please try again.')}</Callout.Text>
        </Callout.Root>
      )}
      <TableScroll label="Listings">
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Listing</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Featured</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Owner</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {isPending &&
              [0, 1, 2].map((row) => (
                <Table.Row key={row}>
                  <Table.Cell colSpan={5}>
                    <Skeleton height="24px" />
                  </Table.Cell>
                </Table.Row>
              ))}
            {shown.map((listing) => (
              <ListingRow key={listing.id} listing={listing} />
            ))}
            {listings && shown.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Text color="gray">{listings.length === 0 ? 'No listings yet.' : `No listings match “${search}”.`}</Text>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    </Flex>
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
          {listing.status}
        </Badge>
      </Table.Cell>
      <Table.Cell>{listing.user.displayName}</Table.Cell>
      <Table.Cell>{created.format(new Date(listing.createdAt))}</Table.Cell>
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
        onSuccess: () => toast({ title: isFeatured ? 'Listing featured successfully' : 'Listing unfeatured successfully', description: listing.title }),
        onError: (error) => toast({ title: 'Failed to update listing status', description: messageOf(error, 'Please try again.'), variant: 'destructive' }),
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
      aria-label={`Featured: ${listing.title}`}
      loading={setFeatured.isPending}
      onClick={toggle}
    >
      {listing.isFeatured ? <StarFilledIcon aria-hidden="true" /> : <StarIcon aria-hidden="true" />}
      Featured
    </Button>
  );
}
