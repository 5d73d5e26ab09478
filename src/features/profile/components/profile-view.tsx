// A member's profile: the summary, Completed Barters, Skills & Interests and the
// Listings / Reviews / Saved tabs. The owner also gets the account tools; others a Message button.
import { Box, Button, Callout, Card, Flex, Heading, Link as ThemeLink, Spinner, Tabs, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api';
import * as m from '@/lib/messages';
import { usePageTitle } from '@/lib/use-page-title';
import type { Listing } from '@/shared/contract/listings';
import type { PublicUser, SelfUser } from '@/shared/contract/users';
import { useSignOut } from '@/features/auth';
import { userListingsQuery } from '@/features/listings';
import { CreateListingDialog } from '@/features/listings';
import { userReviewsQuery } from '@/features/reviews';
import { ReviewList } from '@/features/reviews';
import { SavedSearchList } from '@/features/saved-searches';
import { userByUsernameQuery } from '../api';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { OtherMemberActions } from './other-member-actions';
import { ProfileSummary } from './profile-summary';
import { ProfileNotFound, SignInRequired } from './sign-in-required';
import './profile.css';
import { categoryName, useCategories } from '@/lib/categories';
import { ListingCard } from '@/components/listing-card';

interface ProfileViewProps {
  username: string;
  viewer: SelfUser | null;
}

export function ProfileView({ username, viewer }: ProfileViewProps) {
  const profile = useQuery(userByUsernameQuery(username));
  usePageTitle(profile.data?.displayName ?? m.profile_title());
  if (profile.isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (profile.error instanceof ApiError && profile.error.status === 404)
    return viewer ? <ProfileNotFound /> : <SignInRequired />;
  if (!profile.data) {
    return (
      <Flex justify="center" p="6">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{m.profile_load_failed()}</Callout.Text>
        </Callout.Root>
      </Flex>
    );
  }
  return <ProfileContent member={profile.data} viewer={viewer} />;
}

function ProfileContent({
  member,
  viewer,
}: {
  member: PublicUser & Partial<Pick<SelfUser, 'address'>>;
  viewer: SelfUser | null;
}) {
  const isOwn = viewer?.id === member.id;
  const listings = useQuery(userListingsQuery(member.id));
  const reviews = useQuery(userReviewsQuery(member.id));
  const [tab, setTab] = useState('listings');
  const [creating, setCreating] = useState(false);

  const createListing = isOwn ? () => setCreating(true) : undefined;
  return (
    <div className="container page">
      <div className="profile-layout">
        <Flex direction="column" gap="4" minWidth="0">
          <ProfileSummary
            member={member}
            isOwn={isOwn}
            actions={
              isOwn ? (
                <OwnActions userId={member.id} />
              ) : (
                <OtherMemberActions member={member} listings={listings.data} signedIn={viewer !== null} />
              )
            }
          />
          <Card size="2">
            <Flex direction="column" gap="1">
              <Heading as="h2" size="2" color="gray" weight="medium">
                {m.profile_completed_barters()}
              </Heading>
              <Text size="7" weight="bold" data-testid="completed-barters">
                {/* The profile carries it (bartersCompleted): no request of its own (decision 045). */}
                {member.bartersCompleted}
              </Text>
            </Flex>
          </Card>
          <SkillsCard listings={listings.data} />
        </Flex>

        <Box minWidth="0">
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List aria-label={m.profile_sections()}>
              <Tabs.Trigger value="listings">{m.profile_tab_listings()}</Tabs.Trigger>
              <Tabs.Trigger value="reviews">{m.profile_tab_reviews()}</Tabs.Trigger>
              {isOwn && <Tabs.Trigger value="saved">{m.profile_tab_saved()}</Tabs.Trigger>}
            </Tabs.List>
            <Box pt="4">
              <Tabs.Content value="listings">
                <ListingsTab
                  listings={listings.data}
                  isLoading={listings.isLoading}
                  isError={listings.isError}
                  isOwn={isOwn}
                  name={member.displayName}
                  onCreate={createListing}
                />
              </Tabs.Content>
              <Tabs.Content value="reviews">
                {reviews.isLoading ? (
                  <Loading />
                ) : reviews.isError ? (
                  <LoadError text={m.profile_reviews_load_failed()} />
                ) : reviews.data && reviews.data.length > 0 ? (
                  <ReviewList reviews={reviews.data} />
                ) : (
                  <EmptyState
                    text={isOwn ? m.profile_reviews_empty_own() : m.profile_reviews_empty({ name: member.displayName })}
                    onCreate={createListing}
                  />
                )}
              </Tabs.Content>
              {isOwn && (
                <Tabs.Content value="saved">
                  <SavedSearchList userId={member.id} />
                </Tabs.Content>
              )}
            </Box>
          </Tabs.Root>
        </Box>
      </div>
      {isOwn && <CreateListingDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}

function OwnActions({ userId }: { userId: number }) {
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const signOut = useSignOut();
  return (
    <Flex direction="column" gap="3" width="100%">
      <Flex gap="2" wrap="wrap">
        <Button onClick={() => setEditing(true)}>{m.profile_edit()}</Button>
        <Button variant="soft" onClick={() => setChangingPassword(true)}>
          {m.profile_change_password()}
        </Button>
        <Button variant="soft" color="gray" onClick={signOut}>
          {m.profile_sign_out()}
        </Button>
      </Flex>
      {/* Push notifications: a page of its own (decision 067). */}
      <ThemeLink asChild size="2">
        <Link to="/settings/notifications">{m.profile_notification_settings()}</Link>
      </ThemeLink>
      <SafetyLinks />
      <Box>
        <DeleteAccountDialog userId={userId} />
      </Box>
      <EditProfileDialog open={editing} onOpenChange={setEditing} />
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </Flex>
  );
}

/** Where the member manages who they blocked and follows what they reported. */
function SafetyLinks() {
  return (
    <Flex asChild gap="4" wrap="wrap">
      <nav aria-label={m.profile_safety()}>
        <ThemeLink asChild size="2">
          <Link to="/settings/blocked">{m.profile_blocked_members()}</Link>
        </ThemeLink>
        <ThemeLink asChild size="2">
          <Link to="/settings/reports">{m.profile_your_reports()}</Link>
        </ThemeLink>
      </nav>
    </Flex>
  );
}

/** Skills & Interests come from the categories of the member's listings. */
function SkillsCard({ listings }: { listings: Listing[] | undefined }) {
  const categories = useCategories();
  const slugs = [...new Set((listings ?? []).flatMap((l) => l.categoriesOffered))];
  return (
    <Card size="2">
      <Flex direction="column" gap="2">
        <Heading as="h2" size="2" color="gray" weight="medium">
          {m.profile_skills()}
        </Heading>
        {slugs.length > 0 ? (
          <Flex gap="2" wrap="wrap" asChild>
            <ul className="profile-skills" aria-label={m.profile_skills()}>
              {slugs.map((slug) => (
                <li key={slug}>
                  <Text as="span" size="2" className="profile-skill">
                    {categoryName(categories, slug)}
                  </Text>
                </li>
              ))}
            </ul>
          </Flex>
        ) : (
          <Text size="2" color="gray">
            {listings ? m.profile_skills_empty() : '…'}
          </Text>
        )}
      </Flex>
    </Card>
  );
}

interface ListingsTabProps {
  listings: Listing[] | undefined;
  isLoading: boolean;
  isError: boolean;
  isOwn: boolean;
  name: string;
  onCreate?: () => void;
}

function ListingsTab({ listings, isLoading, isError, isOwn, name, onCreate }: ListingsTabProps) {
  if (isLoading) return <Loading />;
  if (isError) return <LoadError text={m.profile_listings_load_failed()} />;
  if (!listings || listings.length === 0) {
    return (
      <EmptyState text={isOwn ? m.profile_listings_empty_own() : m.profile_no_listings({ name })} onCreate={onCreate} />
    );
  }
  return (
    <ul className="profile-listings">
      {listings.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} variant="compact" headingLevel="h3" />
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ text, onCreate }: { text: string; onCreate?: () => void }) {
  return (
    <Card size="3">
      <Flex direction="column" align="center" gap="3" py="4">
        <Text color="gray" align="center">
          {text}
        </Text>
        {onCreate && <Button onClick={onCreate}>{m.profile_create_listing()}</Button>}
      </Flex>
    </Card>
  );
}

const Loading = () => (
  <Flex justify="center" p="5">
    <Spinner size="3" />
  </Flex>
);

const LoadError = ({ text }: { text: string }) => (
  <Callout.Root color="red" role="alert">
    <Callout.Text>{text}</Callout.Text>
  </Callout.Root>
);
