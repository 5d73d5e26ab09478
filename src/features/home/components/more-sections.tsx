// The home page's sections between How It Works and Success Stories: none is in the Worker's first
// screen, and none is in view when the page opens, so their code (and their words) load after the
// first render (decision 068), keeping the home page's JavaScript within its budget. Success
// Stories stays with the page: its star icon and avatar come with the listing and profile pages
// too, which a visit from home would otherwise load as new code.
import { ActivityFeed } from './activity-feed';
import { BrowseByCategory } from './browse-by-category';
import { CommunityImpact } from './community-impact';

export default function MoreSections() {
  return (
    <>
      <CommunityImpact />
      <BrowseByCategory />
      <ActivityFeed />
    </>
  );
}
