import type { ComponentType } from 'react';
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

/** `member`: the signed-in member's section (loaded by the route for members only, decision 065). */
export function HomePage({ member: Member }: { member?: ComponentType | undefined }) {
  usePageTitle(undefined);
  return (
    <>
      {Member && <Member />}
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
