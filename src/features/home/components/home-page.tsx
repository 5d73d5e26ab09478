import { lazy, Suspense, type ComponentType } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { ClosingCta } from './closing-cta';
import { FeaturedExchanges } from './featured-exchanges';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import '../home.css';

// Below the fold and not in the first screen: loaded after the first render (more-sections.tsx).
const MoreSections = lazy(() => import('./more-sections'));

/** `member`: the signed-in member's section (loaded by the route for members only, decision 065). */
export function HomePage({ member: Member }: { member?: ComponentType | undefined }) {
  usePageTitle(undefined);
  return (
    <>
      {Member && <Member />}
      <Hero />
      <FeaturedExchanges />
      <HowItWorks />
      <Suspense fallback={null}>
        <MoreSections />
      </Suspense>
      <ClosingCta />
    </>
  );
}
