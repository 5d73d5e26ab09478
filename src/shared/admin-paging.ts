// Paging and search of the admin dashboard's users and listings tabs (docs/api/users-and-community.md,
// "Admin lists"): newest first by (created_at, id); `before` is the last row's position, `search`
// a substring of at least three characters.

export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 100;
/** The trigram index finds substrings of three characters or more. */
export const ADMIN_SEARCH_MIN = 3;
export const ADMIN_SEARCH_MAX = 100;

/** The cursor after a row: its creation time and id, e.g. "2026-11-23T10:00:00.000Z_4812". */
export const adminCursor = (row: { createdAt: string; id: number }) => `${row.createdAt}_${row.id}`;

const CURSOR = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z?)_(0|[1-9]\d{0,14})$/;

/** The position a cursor names, or null when it has any other shape. */
export function parseAdminCursor(raw: string): { time: string; id: number } | null {
  const match = CURSOR.exec(raw);
  return match ? { time: match[1]!, id: Number(match[2]) } : null;
}
