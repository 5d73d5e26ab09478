import { SewingPinIcon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { Listing } from '@/shared/contract/listings';
import { milesAway } from '@/shared/listing-text';
import { categoryName, useCategories } from '@/lib/categories';
import { useCurrentUser } from '@/lib/current-user';
import { ListingImage } from './listing-image';
import { ListingStatusBadge } from './listing-status-badge';
import { UserAvatar } from './user-avatar';
import './listing-card.css';
import * as m from '@/lib/messages';
import { listingWords } from '@/lib/listing-words';
import { fmt } from '@/lib/intl';

interface ListingCardProps {
  listing: Listing;
  /** Compact: a small thumbnail beside the text, for profile pages. */
  variant?: 'default' | 'compact';
  /** The card title's heading level, so headings stay in order on every page. */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/** A listing in a grid: the whole card opens the listing (through its title link). */
export function ListingCard({ listing, variant = 'default', headingLevel = 'h3' }: ListingCardProps) {
  const categories = useCategories();
  const { user } = useCurrentUser();
  const compact = variant === 'compact';
  // Browse and search leave a member's own listings out; where one still shows (Featured, a
  // profile seen by its owner is compact and says so itself), the card says whose it is.
  const own = !compact && user?.id === listing.userId;
  return (
    <Card
      asChild
      size="1"
      className={`listing-card ${compact ? 'listing-card-compact' : ''}`}
      data-testid="listing-card"
    >
      <article>
        <ListingImage
          src={listing.imageUrls[0]}
          alt=""
          className="listing-card-image"
          sizes={compact ? '112px' : undefined}
        />
        <Flex direction="column" gap="2" className="listing-card-body">
          <Flex justify="between" align="start" gap="2">
            <Heading as={headingLevel} size={compact ? '2' : '3'} className="listing-card-title">
              <Link to="/listing/$id" params={{ id: String(listing.id) }} className="listing-card-link">
                {listing.title}
              </Link>
            </Heading>
            <Flex gap="1" wrap="wrap" justify="end" flexShrink="0">
              {own && (
                <Badge color="gray" variant="surface" size="1" data-testid="own-listing-badge">
                  {m.listings_your_listing()}
                </Badge>
              )}
              <ListingStatusBadge status={listing.status} />
            </Flex>
          </Flex>
          {!compact && (
            <Flex gap="1" wrap="wrap" className="listing-card-categories">
              <span className="visually-hidden">{m.listings_categories_label()} </span>
              {listing.categoriesOffered.map((slug) => (
                <Badge key={slug} variant="soft" size="1">
                  {categoryName(categories, slug)}
                </Badge>
              ))}
            </Flex>
          )}
          <Text size="2" className="listing-card-wants">
            <Text weight="medium">{m.listings_wants()}</Text> {listing.whatUserWants}
          </Text>
          {!compact && (
            <Flex align="center" justify="between" gap="2" wrap="wrap" mt="auto" className="listing-card-footer">
              <Flex align="center" gap="1" minWidth="0">
                <SewingPinIcon aria-hidden="true" />
                <Text size="1" color="gray" className="truncate">
                  <span className="visually-hidden">{m.listings_location_label()} </span>
                  {listing.location}
                  {listing.distanceMiles !== undefined && (
                    <>
                      {' · '}
                      <span data-testid="listing-distance">{milesAway(listing.distanceMiles, listingWords, fmt)}</span>
                    </>
                  )}
                </Text>
              </Flex>
              <Flex align="center" gap="1" minWidth="0">
                <UserAvatar name={listing.user.displayName} src={listing.user.avatarUrl} size="1" />
                <Text size="1" color="gray" className="truncate">
                  <span className="visually-hidden">{m.listings_offered_by()} </span>
                  {listing.user.displayName}
                </Text>
              </Flex>
            </Flex>
          )}
        </Flex>
      </article>
    </Card>
  );
}
