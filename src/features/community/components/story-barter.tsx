// The barter a success story is about (decision 062): every story shown links to the completed
// barter's listing, so a reader can see the exchange was real.
import { Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { Testimonial } from '@/shared/contract/community';

export function StoryBarter({ story }: { story: Pick<Testimonial, 'listing'> }) {
  return (
    <Text size="2" color="gray" data-testid="story-barter">
      Completed barter:{' '}
      <RadixLink asChild size="2">
        <Link to="/listing/$id" params={{ id: String(story.listing.id) }}>
          {story.listing.title}
        </Link>
      </RadixLink>
    </Text>
  );
}
