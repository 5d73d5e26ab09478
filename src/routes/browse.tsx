import { createFileRoute } from '@tanstack/react-router';
import { listingPageQuery } from '../features/listings/api';
import { BrowsePage } from '../features/search/components/browse-page';
import { browseSearchSchema, listingParamsOf } from '@/shared/search-params';
import { BROWSE_PAGE_SIZE } from '../shared/constants';

export const Route = createFileRoute('/browse')({
  validateSearch: browseSearchSchema,
  loaderDeps: ({ search }) => search,
  // Prefetch, not ensure: a failed read shows the page's own error state, not the route's. No read
  // on a hover's preload (decision 043).
  loader: ({ context, deps, preload }) =>
    preload ? undefined : context.queryClient.prefetchQuery(listingPageQuery(listingParamsOf(deps, BROWSE_PAGE_SIZE))),
  component: BrowseRoute,
});

function BrowseRoute() {
  return <BrowsePage search={Route.useSearch()} />;
}
