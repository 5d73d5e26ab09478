// The query of the admin lists (`limit`, `before`, `search`; docs/api/users-and-community.md,
// "Admin lists"): bad values are 400s naming the parameter.
import type { Context } from 'hono';
import {
  ADMIN_PAGE_DEFAULT,
  ADMIN_PAGE_MAX,
  ADMIN_SEARCH_MAX,
  ADMIN_SEARCH_MIN,
  adminCursor,
  parseAdminCursor,
} from '@/shared/admin-paging';
import { badRequest } from './errors';
import type { AppEnv } from '../types';

/** One page of an admin list, as the query asked for it. */
export interface AdminPage {
  limit: number;
  /** The position of the last row of the page before: rows strictly after it (older) come next. */
  before?: { time: string; id: number };
  /** A substring (at least three characters) of the fields the tab searches. */
  search?: string;
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`;
const BEFORE_MESSAGE = 'before must be a cursor: a time and an id, as in 2026-01-01T00:00:00.000Z_42';
const SEARCH_MESSAGE = `search must be ${ADMIN_SEARCH_MIN} to ${ADMIN_SEARCH_MAX} characters`;

export function parseAdminPage(c: Context<AppEnv>): AdminPage {
  const { limit, before } = parseAdminCursorPage(c);
  const search = c.req.query('search')?.trim() ?? '';
  if (search && ([...search].length < ADMIN_SEARCH_MIN || [...search].length > ADMIN_SEARCH_MAX))
    throw badRequest(SEARCH_MESSAGE, { search: SEARCH_MESSAGE });
  return { limit, before, search: search || undefined };
}

/** `limit` and `before` alone, for the lists without a search (the moderation queue, the audit log). */
export function parseAdminCursorPage(c: Context<AppEnv>): Pick<AdminPage, 'limit' | 'before'> {
  const rawLimit = c.req.query('limit');
  const limit = rawLimit === undefined ? ADMIN_PAGE_DEFAULT : /^[1-9]\d{0,2}$/.test(rawLimit) ? Number(rawLimit) : NaN;
  if (!(limit >= 1 && limit <= ADMIN_PAGE_MAX)) throw badRequest(LIMIT_MESSAGE, { limit: LIMIT_MESSAGE });
  const rawBefore = c.req.query('before');
  const before = rawBefore === undefined ? undefined : parseAdminCursor(rawBefore);
  if (before === null) throw badRequest(BEFORE_MESSAGE, { before: BEFORE_MESSAGE });
  return { limit, before };
}

/** X-Next-Cursor: the `before` of the next page, sent when this page is full (there may be more). */
export function setNextCursor(
  c: Context<AppEnv>,
  page: Pick<AdminPage, 'limit'>,
  rows: { createdAt: string; id: number }[],
) {
  const last = rows.at(-1);
  if (last && rows.length === page.limit) c.header('X-Next-Cursor', adminCursor(last));
}
