import { StarFilledIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserAvatar } from '@/components/user-avatar';
import { newestTestimonialsQuery, StoryBarter } from '@/features/community';
import { HOME_STORIES_SHOWN } from '@/shared/constants';
import { HomeSection } from './section';
import * as m from '@/lib/messages';

const SHOWN = HOME_STORIES_SHOWN;

export function SuccessStories() {
  const { data, isError } = useQuery(newestTestimonialsQuery(SHOWN));
  return (
    <HomeSection
      slug="community-success-stories"
      title={m.home_stories_title()}
      lead={m.home_stories_lead()}
      tone="muted"
    >
      {isError ? (
        <Text color="red" role="alert">
          {m.home_stories_failed()}
        </Text>
      ) : !data ? (
        <Skeleton height="160px" />
      ) : data.length === 0 ? (
        <Card size="3">
          <Flex direction="column" align="center" gap="2" py="4" style={{ textAlign: 'center' }}>
            <Heading as="h3" size="4">
              {m.home_stories_empty_title()}
            </Heading>
            <Text color="gray">{m.home_stories_empty_text()}</Text>
            <Button asChild variant="soft" mt="2">
              <Link to="/browse">{m.home_find_something()}</Link>
            </Button>
          </Flex>
        </Card>
      ) : (
        <ul className="home-stories">
          {data.map((story) => (
            <li key={story.id}>
              <Card size="3" asChild style={{ height: '100%' }}>
                <figure style={{ margin: 0 }}>
                  <Flex direction="column" gap="3">
                    <Flex gap="1" role="img" aria-label={m.home_rated({ rating: story.rating })}>
                      {Array.from({ length: 5 }, (_, i) => (
                        <StarFilledIcon
                          key={i}
                          aria-hidden="true"
                          color={i < story.rating ? 'var(--amber-9)' : 'var(--gray-6)'}
                        />
                      ))}
                    </Flex>
                    <Heading as="h3" size="4">
                      {story.title}
                    </Heading>
                    <blockquote style={{ margin: 0 }}>
                      <Text as="p" color="gray" className="pre-wrap">
                        {story.content}
                      </Text>
                    </blockquote>
                    <Flex asChild align="center" gap="2">
                      <figcaption>
                        <UserAvatar name={story.user.displayName} src={story.user.avatarUrl} size="2" />
                        <Text size="2" weight="medium">
                          {story.user.displayName}
                        </Text>
                      </figcaption>
                    </Flex>
                    <StoryBarter story={story} />
                  </Flex>
                </figure>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
