import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { BROWSE_PAGE_SIZE, LISTINGS_RESULT_WINDOW } from '@/shared/constants';
import { listingPageQuery } from '@/features/listings';
import { SaveSearchButton } from '@/features/saved-searches';
import { SavedSearchesDialog } from '@/features/saved-searches';
import { listingParamsOf, type BrowseSearch } from '@/shared/search-params';
import { browseHeading, listingsFound } from '@/shared/listing-text';
import { SearchBar } from './search-bar';
import { categoryName, useCategories } from '@/lib/categories';
import { ListingGrid } from '@/components/listing-grid';
import { Pager } from '@/components/pager';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { listingWords } from '@/lib/listing-words';

/** Said under the pager when there are more results than can be paged through, and for a page past them. */
export const windowNote = () => m.search_window_note({ count: fmt.number(LISTINGS_RESULT_WINDOW) });

/** How many pages the server serves: none past the first LISTINGS_RESULT_WINDOW results (it answers 400 there). */
export const pagesOf = (total: number, pageSize: number) =>
  Math.ceil(Math.min(total, LISTINGS_RESULT_WINDOW) / pageSize);

export function BrowsePage({ search }: { search: BrowseSearch }) {
  const categories = useCategories();
  const heading = browseHeading(search, (slug) => categoryName(categories, slug), listingWords);
  usePageTitle(heading);
  const page = search.page ?? 1;
  const { data, error, isPending, isError, isPlaceholderData } = useQuery(
    listingPageQuery(listingParamsOf(search, BROWSE_PAGE_SIZE)),
  );
  // An unknown "near" place is the one failure the searcher can fix: say so.
  const placeProblem =
    error instanceof ApiError && error.status === 400 && error.errors.near ? error.errors.near : null;
  // A page past the result window (a typed or old URL): the server refuses it, and says why.
  const pastWindow = error instanceof ApiError && error.status === 400 && !!error.errors.offset;
  const pageCount = data ? pagesOf(data.total, BROWSE_PAGE_SIZE) : 0;
  const moreThanShown = data !== undefined && (!data.exact || data.total > LISTINGS_RESULT_WINDOW);
  // "Skip to results" (issue 25, item 13): past the save buttons and the search form, for keyboards.
  const results = useRef<HTMLElement>(null);
  const skipToResults = (event: React.MouseEvent) => {
    event.preventDefault();
    results.current?.focus();
  };

  return (
    <div className="container page">
      <Flex justify="between" align="start" gap="4" wrap="wrap" mb="4">
        <Flex direction="column" gap="1" minWidth="0">
          <Heading as="h1" size="7" style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Heading>
          <a href="#browse-results" className="skip-link" onClick={skipToResults}>
            {m.search_skip_to_results()}
          </a>
          <Text color="gray" role="status" data-testid="result-count">
            {data ? listingsFound(data.total, data.exact, listingWords, fmt) : isPending ? m.search_loading() : ''}
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap">
          <SaveSearchButton query={search.q} category={search.category} />
          <SavedSearchesDialog />
        </Flex>
      </Flex>

      <Card size="2" mb="5" className="search-card">
        <SearchBar
          key={`${search.q}|${search.category}|${search.distance}|${search.near}`}
          initialQuery={search.q}
          initialCategory={search.category}
          initialDistance={search.distance}
          initialNear={search.near}
        />
      </Card>

      <section
        id="browse-results"
        ref={results}
        tabIndex={-1}
        aria-label={m.search_results()}
        className="browse-results"
      >
        {placeProblem ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{m.search_place_problem({ problem: placeProblem, place: search.near ?? '' })}</Callout.Text>
          </Callout.Root>
        ) : pastWindow && !data ? (
          <EmptyState
            title={windowNote()}
            hint={m.search_narrow()}
            action={
              <Link to="/browse" search={{ ...search, page: undefined }}>
                {m.search_first_page()}
              </Link>
            }
          />
        ) : isError && !data ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{m.home_categories_failed()}</Callout.Text>
          </Callout.Root>
        ) : isPending ? (
          <ListingGrid listings={undefined} skeletons={BROWSE_PAGE_SIZE} headingLevel="h2" />
        ) : data.listings.length > 0 ? (
          <Flex direction="column" gap="6" style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            <ListingGrid listings={data.listings} headingLevel="h2" />
            <Pager page={page} pageCount={pageCount} search={search} />
            {moreThanShown && (
              <Text as="p" color="gray" size="2" align="center">
                {windowNote()}. {m.search_narrow()}
              </Text>
            )}
          </Flex>
        ) : data.total > 0 ? (
          <EmptyState
            title={m.search_past_end()}
            action={
              <Link to="/browse" search={{ ...search, page: undefined }}>
                {m.search_first_page()}
              </Link>
            }
          />
        ) : (
          <EmptyState
            title={m.search_none_found()}
            hint={search.q || search.category ? m.search_none_hint() : m.search_none_first()}
            action={
              search.q || search.category ? (
                <Button asChild variant="soft">
                  <Link to="/browse">{m.home_view_all_listings()}</Link>
                </Button>
              ) : undefined
            }
          />
        )}
      </section>
    </div>
  );
}

function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <Card size="3">
      <Flex direction="column" align="center" gap="2" py="6" style={{ textAlign: 'center' }}>
        <Heading as="h2" size="4">
          {title}
        </Heading>
        {hint && <Text color="gray">{hint}</Text>}
        {action}
      </Flex>
    </Card>
  );
}
