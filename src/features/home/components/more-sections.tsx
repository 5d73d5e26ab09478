// The home page's sections between How It Works and the closing call: none is in the Worker's first
// screen, and none is in view when the page opens, so their code (and their words) load after the
// first render (decision 068), keeping the home page's JavaScript within its budget. Success
// Stories is among them since the member's home section and the frame's notices were translated:
// its star icon and story card then come with the first visit to a profile or listing instead
// (decision 058's visit budget has the room).
import { ActivityFeed } from './activity-feed';
import { BrowseByCategory } from './browse-by-category';
import { CommunityImpact } from './community-impact';
import { SuccessStories } from './success-stories';

export default function MoreSections() {
  return (
    <>
      <CommunityImpact />
      <BrowseByCategory />
      <ActivityFeed />
      <SuccessStories />
    </>
  );
}
