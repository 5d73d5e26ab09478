import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { Link } from '@tanstack/react-router';
import { pageWindow, type BrowseSearch } from '@/shared/search-params';
import './pager.css';
import * as m from '@/lib/messages';

// The router marks a link "current" when its search is part of the page's: page 1's (no `page`) is
// part of every page's. Only the same page is the current one.
const EXACT = { exact: true } as const;

/** Numbered paging with Previous and Next, as links so each page has its own URL. */
export function Pager({ page, pageCount, search }: { page: number; pageCount: number; search: BrowseSearch }) {
  if (pageCount <= 1) return null;
  const to = (target: number) => ({ ...search, page: target === 1 ? undefined : target });
  return (
    <nav aria-label={m.common_pagination()} className="pager">
      <PagerLink search={to(page - 1)} disabled={page <= 1} label={m.common_previous()}>
        <ChevronLeftIcon aria-hidden="true" /> {m.common_previous()}
      </PagerLink>
      {pageWindow(page, pageCount).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={entry}
            to="/browse"
            search={to(entry)}
            activeOptions={EXACT}
            className="pager-link"
            aria-label={m.common_page_number({ number: entry })}
            aria-current={entry === page ? 'page' : undefined}
          >
            {entry}
          </Link>
        ),
      )}
      <PagerLink search={to(page + 1)} disabled={page >= pageCount} label={m.common_next()}>
        {m.common_next()} <ChevronRightIcon aria-hidden="true" />
      </PagerLink>
    </nav>
  );
}

function PagerLink({
  search,
  disabled,
  label,
  children,
}: {
  search: BrowseSearch;
  disabled: boolean;
  label: string;
  children: React.ReactNode;
}) {
  if (disabled) {
    return (
      <span className="pager-link" aria-disabled="true" role="link" aria-label={label}>
        {children}
      </span>
    );
  }
  return (
    <Link to="/browse" search={search} activeOptions={EXACT} className="pager-link" aria-label={label}>
      {children}
    </Link>
  );
}
