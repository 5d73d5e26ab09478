import { usePageTitle } from '@/lib/use-page-title';
import { ActivityFeed } from './activity-feed';
import { BrowseByCategory } from './browse-by-category';
import { ClosingCta } from './closing-cta';
import { CommunityImpact } from './community-impact';
import { FeaturedExchanges } from './featured-exchanges';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { SuccessStories } from './success-stories';
import '../home.css';

export function HomePage() {
  usePageTitle(undefined);
  return (
    <>
      <Hero />
      <FeaturedExchanges />
      <HowItWorks />
      <CommunityImpact />
      <BrowseByCategory />
      <ActivityFeed />
      <SuccessStories />
      <ClosingCta />
    </>
  );
}
