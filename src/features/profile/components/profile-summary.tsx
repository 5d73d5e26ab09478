// The profile's card: avatar, names, stars, where, since when, bio, and the owner's or the
// visitor's actions.
import { HomeIcon, SewingPinIcon } from '@radix-ui/react-icons';
import { Badge, Box, Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { VerifiedMark } from '@/components/verified-mark';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import type { PublicUser, SelfUser } from '@/shared/contract/users';
import { StarRating } from '@/features/reviews';

interface ProfileSummaryProps {
  member: PublicUser & Partial<Pick<SelfUser, 'address'>>;
  isOwn: boolean;
  actions: ReactNode;
}

export function ProfileSummary({ member, isOwn, actions }: ProfileSummaryProps) {
  const count = fmt.number(member.reviewCount);
  const one = fmt.one(member.reviewCount);
  const rating = fmt.number(member.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start">
        <Flex gap="4" align="center" minWidth="0" width="100%">
          <UserAvatar name={member.displayName} src={member.avatarUrl} size="6" />
          <Flex direction="column" gap="1" minWidth="0">
            <Heading as="h1" size="6" className="profile-name">
              {member.displayName}
            </Heading>
            <Text size="2" color="gray" className="profile-name">
              {member.nickname ? `“${member.nickname}” · ` : ''}@{member.username}
            </Text>
            {(member.isAdmin || member.emailVerified) && (
              <Flex gap="2" wrap="wrap">
                {member.emailVerified && <VerifiedMark />}
                {member.isAdmin && (
                  <Badge color="violet" variant="soft">
                    {m.profile_admin()}
                  </Badge>
                )}
              </Flex>
            )}
          </Flex>
        </Flex>
        <Flex align="center" gap="2" data-testid="profile-rating">
          <StarRating value={member.rating} />
          <Text size="2" color="gray">
            {member.reviewCount > 0
              ? (one ? m.profile_rating_one : m.profile_rating_other)({ rating, count })
              : (one ? m.profile_no_rating_one : m.profile_no_rating_other)({ count })}
          </Text>
        </Flex>
        {member.location && (
          <Flex align="center" gap="2">
            <SewingPinIcon aria-hidden="true" />
            <Text size="2">
              <VisuallyHidden>{m.profile_location_label()} </VisuallyHidden>
              {member.location}
            </Text>
          </Flex>
        )}
        {isOwn && member.address && (
          <Flex align="center" gap="2">
            <HomeIcon aria-hidden="true" />
            <Text size="2">
              <VisuallyHidden>{m.profile_address_label()} </VisuallyHidden>
              {member.address}{' '}
              <Text color="gray" size="1">
                {m.profile_only_you()}
              </Text>
            </Text>
          </Flex>
        )}
        <Text size="2" color="gray">
          {m.profile_member_since({ date: fmt.date(member.createdAt, { month: 'long', year: 'numeric' }) })}
        </Text>
        {member.bio && (
          <Box>
            <Text as="p" size="2" className="profile-bio">
              {member.bio}
            </Text>
          </Box>
        )}
        {actions}
      </Flex>
    </Card>
  );
}
