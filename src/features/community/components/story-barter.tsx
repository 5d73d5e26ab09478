// The barter a success story is about (decision 062): every story shown links to the completed
// barter's listing, so a reader can see the exchange was real. A plain link (styles.css,
// .story-barter-link): Radix's Link would add a module to the home page's first load, whose
// JavaScript budget (150 KB) has little room left.
import { Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import type { Testimonial } from '@/shared/contract/community';

export function StoryBarter({ story }: { story: Pick<Testimonial, 'listing'> }) {
  return (
    <Text size="2" color="gray" data-testid="story-barter">
      {m.community_completed_barter()}{' '}
      <Link to="/listing/$id" params={{ id: String(story.listing.id) }} className="story-barter-link">
        {story.listing.title}
      </Link>
    </Text>
  );
}
