import { Button, Callout, Card, Flex, Grid, Heading, Link as RadixLink, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserAvatar } from '@/components/user-avatar';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import type { Testimonial } from '@/shared/contract/community';
import { testimonialsQuery } from '../api';
import { EmptyState } from './empty-state';
import { StoryBarter } from './story-barter';

export function SuccessStoriesTab() {
  const { data, error, isPending } = useQuery(testimonialsQuery);
  if (isPending) return <LoadingCards />;
  if (error) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{m.community_stories_failed({ reason: messageOf(error, m.community_try_later()) })}</Callout.Text>
      </Callout.Root>
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState title={m.community_stories_empty_title()} description={m.community_stories_empty_text()}>
        <Button asChild>
          <Link to="/browse">{m.community_browse_listings()}</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4" asChild>
      <ul className="community-tiles" aria-label={m.community_stories_list()}>
        {data.map((story) => (
          <li key={story.id}>
            <StoryCard story={story} />
          </li>
        ))}
      </ul>
    </Grid>
  );
}

function StoryCard({ story }: { story: Testimonial }) {
  return (
    <Card size="2" style={{ height: '100%' }} asChild>
      <article>
        <Flex direction="column" gap="2">
          <Text className="star-rating" aria-label={m.community_rated({ rating: story.rating })} role="img">
            {'★'.repeat(story.rating)}
            {'☆'.repeat(Math.max(0, 5 - story.rating))}
          </Text>
          <Heading as="h3" size="3">
            {story.title}
          </Heading>
          <Text as="p" size="2" color="gray">
            {m.community_story_quote({ content: story.content })}
          </Text>
          <Flex align="center" gap="2" mt="1">
            <UserAvatar name={story.user.displayName} src={story.user.avatarUrl} size="1" />
            <RadixLink asChild underline="always" size="2" weight="medium">
              <Link to="/profile/$username" params={{ username: story.user.username }}>
                {story.user.displayName}
              </Link>
            </RadixLink>
          </Flex>
          <StoryBarter story={story} />
        </Flex>
      </article>
    </Card>
  );
}

export function LoadingCards() {
  return (
    <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4" role="status" aria-label={m.community_loading()}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height="140px" />
      ))}
    </Grid>
  );
}
