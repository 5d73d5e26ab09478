import { SewingPinIcon, StarFilledIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Link as ThemeLink, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserAvatar } from '@/components/user-avatar';
import { VerifiedMark } from '@/components/verified-mark';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import type { Listing } from '@/shared/contract/listings';
import type { PublicUser } from '@/shared/contract/users';
import { userByUsernameQuery } from '../api';

type Seller = Pick<
  PublicUser,
  'displayName' | 'avatarUrl' | 'location' | 'rating' | 'reviewCount' | 'bartersCompleted' | 'emailVerified'
> & {
  username?: string;
  createdAt?: string;
};

/** When the seller cannot be loaded, placeholder values stand in (a function: words come at render). */
export const fallbackSeller = (): Seller => ({
  displayName: m.profile_community_member(),
  avatarUrl: null,
  location: m.profile_location_hidden(),
  rating: 0,
  reviewCount: 0,
  bartersCompleted: 0,
  emailVerified: false,
});

export function SellerCard({ listing }: { listing: Listing }) {
  // By username, the profile page's own read: following the owner's link needs no request (decision 045).
  const { data, isPending, isError } = useQuery(userByUsernameQuery(listing.user.username));
  const seller: Seller | undefined = isError ? fallbackSeller() : data;
  return (
    <Card size="2" data-testid="seller-card">
      <Heading as="h2" size="3" mb="3">
        {m.profile_about_owner()}
      </Heading>
      {isPending || !seller ? (
        <Skeleton height="64px" />
      ) : (
        <Flex direction="column" gap="2">
          <Flex gap="3" align="center">
            <UserAvatar name={seller.displayName} src={seller.avatarUrl} size="4" />
            <Flex direction="column" minWidth="0">
              <Text weight="bold" style={{ overflowWrap: 'anywhere' }}>
                {seller.username ? (
                  <ThemeLink asChild>
                    <Link to="/profile/$username" params={{ username: seller.username }}>
                      {seller.displayName}
                    </Link>
                  </ThemeLink>
                ) : (
                  seller.displayName
                )}
              </Text>
              <Text size="2" color="gray" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <StarFilledIcon aria-hidden="true" color="var(--amber-9)" />
                {seller.reviewCount > 0
                  ? (fmt.one(seller.reviewCount) ? m.profile_rating_one : m.profile_rating_other)({
                      rating: fmt.number(seller.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                      count: fmt.number(seller.reviewCount),
                    })
                  : m.profile_no_reviews()}
              </Text>
              {seller.emailVerified && (
                <Flex mt="1">
                  <VerifiedMark />
                </Flex>
              )}
            </Flex>
          </Flex>
          <Text size="2" color="gray" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <SewingPinIcon aria-hidden="true" /> {seller.location || m.profile_location_hidden()}
          </Text>
          <Text size="2" color="gray">
            {(fmt.one(seller.bartersCompleted) ? m.profile_barters_one : m.profile_barters_other)({
              count: fmt.number(seller.bartersCompleted),
            })}
            {seller.createdAt
              ? ` · ${m.profile_member_since({ date: fmt.date(seller.createdAt, { month: 'long', year: 'numeric' }) })}`
              : ''}
          </Text>
        </Flex>
      )}
    </Card>
  );
}
