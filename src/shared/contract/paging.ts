// The admin lists' paging (decision 026), as their routes declare it: a page of `limit` rows
// before a cursor; the totals and the next cursor come in headers.
import * as v from 'valibot';

export const cursorPageQuery = v.object({
  limit: v.optional(v.string()),
  before: v.optional(v.string()),
});

export const searchPageQuery = v.object({ ...cursorPageQuery.entries, search: v.optional(v.string()) });

export const PAGE_NOTES =
  'A page, newest first: `limit` 1–100 (default 50), `before` the `X-Next-Cursor` of the page before; `X-Next-Cursor` is sent when the page is full.';
