// The sitemap protocol's documents (sitemaps.org, decision 056): a <urlset> of at most 50,000 URLs,
// and the <sitemapindex> that names the pages when one would hold more.

/** The protocol's limit of URLs in one sitemap (and of sitemaps in one index). */
export const SITEMAP_PAGE_SIZE = 50_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Text for XML: the five characters that could end or open markup. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `<url>` elements for paths of this site (the public pages). */
export const pathUrls = (origin: string, paths: readonly string[]) =>
  paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`).join('');

/** A <urlset> around `<url>` elements already written (by pathUrls, or by SQLite). */
export const urlsetParts = (urls: readonly string[]) => [
  `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">`,
  ...urls,
  '</urlset>\n',
];

/** A <sitemapindex> naming sitemaps of this site by path. */
export const sitemapIndex = (origin: string, paths: readonly string[]) =>
  `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">` +
  paths.map((path) => `<sitemap><loc>${escapeXml(origin + path)}</loc></sitemap>`).join('') +
  '</sitemapindex>\n';
