// The text search index's filter tokens (decision 047, migration 0042_search_index_facets).
// listings_fts holds only public listings, and beside the four text columns a fifth, `facets`,
// whose tokens say what a search filters on: the owner, the 1° grid cell and each category
// offered (a filler, zzx, for each category not offered: every listing has eight facet tokens, so
// bm25's length normalisation, which counts every column, is alike for all). The search's own words are matched in the text columns only (textColumnsMatch), so no
// text a member types reaches a facet token, and a search picks its candidates from the index
// alone: the filter is part of the MATCH, and no listing row is read to test it.
import { sql, type SQL } from 'drizzle-orm';
import { blockPartnersText, idText } from './blocks';

/** The four text columns a search's words are matched in (FTS5 column filter). */
const TEXT_COLUMNS = '{title description what_user_wants what_user_wants_options}';

/** The owner token's prefix (zz-prefixed tokens: few words start so, and none is matched against them). */
const OWNER = 'zzu';

/** The facet tokens, as the migration's triggers and view write them. */
export const facetToken = {
  owner: (userId: number) => `${OWNER}${userId}`,
  /** A listing without a place has the cell token zzgnone. */
  cell: (cell: number | null) => `zzg${cell ?? 'none'}`,
  category: (slug: string) => `zzc${slug}`,
};

/** An FTS5 query (ftsQuery's) matched in the text columns only. */
export const textColumnsMatch = (query: string) => `${TEXT_COLUMNS} : (${query})`;

const anyOf = (tokens: string[]) => `(facets : (${tokens.join(' OR ')}))`;

/**
 * The MATCH expression of a text search: its words in the text columns, AND the category's token
 * (when one is asked), AND one of the cells' tokens (a distance search: the cells covering its
 * circle and zzgnone, for listings without a place), NOT the tokens of the viewer and of every
 * member in a block with them (either way: decision 035), built in SQL from the blocks rows so
 * no round trip comes first.
 */
export function searchMatch(
  query: string,
  { category, cells, viewer }: { category: string | null; cells: (number | null)[] | null; viewer: number | null },
): SQL {
  const parts = [`(${textColumnsMatch(query)})`];
  if (category !== null) parts.push(anyOf([facetToken.category(category)]));
  if (cells !== null) parts.push(anyOf(cells.map(facetToken.cell)));
  const wanted = `(${parts.join(' AND ')})`;
  if (viewer === null) return sql`${wanted}`;
  const unseen = sql.raw(`SELECT ${idText(viewer)} AS member UNION ALL ${blockPartnersText(viewer)}`);
  return sql`${wanted} || (SELECT ' NOT (facets : (' || group_concat('${sql.raw(OWNER)}' || member, ' OR ') || '))' FROM (${unseen}))`;
}
