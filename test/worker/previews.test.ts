// Link previews and what crawlers read in a page's head (decision 056): the title and description
// the SPA sets, Open Graph, the Twitter card, the canonical URL, robots and JSON-LD, all from the
// data the page already reads, every value escaped.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TITLE, ROUTE_TITLES, SITE_DESCRIPTION } from '@worker/lib/boot/head';
import * as en from '@/shared/i18n/en.js';
import { PRIVATE_ROUTES } from '@worker/lib/seo/indexing';
import { createListing, ORIGIN, signUp } from './helpers';
import { canonicalOf, fetchPage, jsonLdOf, metaOf, parseHead, type ParsedHead } from './page-head';

const spaSources = import.meta.glob(['../../src/**/*.tsx', '../../src/lib/use-page-title.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const PHOTO = '/objects/uploads/0b5e0d0c-1a2b-4c3d-8e9f-001122334455';

async function head(path: string, options: { cookie?: string; mediaOrigin?: string } = {}) {
  const page = await fetchPage(path, options);
  return { ...page, head: await parseHead(page.html) };
}

/** One of each: the document's own title and description were replaced, not joined by others. */
function expectOneTitleAndDescription(parsed: ParsedHead, title: string, description: string) {
  expect(parsed.titles).toEqual([title]);
  expect(metaOf(parsed, 'description')).toBe(description);
}

describe('link previews', () => {
  it("gives a listing its title, description, photo, canonical URL and an Offer's JSON-LD", async () => {
    const owner = await signUp({ displayName: 'Preview Owner' });
    const description = `A cast-iron kettle, ${'well seasoned and heavy, '.repeat(10)}the end.`;
    const listing = await createListing(owner, {
      title: 'Cast-iron kettle',
      description,
      categoriesOffered: ['home', 'goods'],
      whatUserWants: 'A bread knife',
    });
    await env.DB.prepare('UPDATE listings SET image_urls = ? WHERE id = ?')
      .bind(JSON.stringify([PHOTO]), listing.id)
      .run();
    const { response, head: parsed, roundTrips } = await head(`/listing/${listing.id}`);
    expect(response.status).toBe(200);
    const url = `${ORIGIN}/listing/${listing.id}`;
    // The SPA's own title and the first 150 characters of the description, as its hooks set them.
    expectOneTitleAndDescription(parsed, 'Cast-iron kettle | Barter Market', description.slice(0, 150));
    expect(metaOf(parsed, 'og:title')).toBe('Cast-iron kettle');
    expect(metaOf(parsed, 'og:description')).toBe(description.slice(0, 150));
    expect(metaOf(parsed, 'og:type')).toBe('website');
    expect(metaOf(parsed, 'og:site_name')).toBe('Barter Market');
    expect(metaOf(parsed, 'og:url')).toBe(url);
    expect(metaOf(parsed, 'og:image')).toBe(`${ORIGIN}${PHOTO}`);
    expect(metaOf(parsed, 'og:image:alt')).toBe('Cast-iron kettle');
    expect(metaOf(parsed, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(parsed, 'robots')).toBeUndefined();
    expect(canonicalOf(parsed)).toBe(url);
    const [offer] = jsonLdOf(parsed);
    expect(offer).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      url,
      name: 'Cast-iron kettle',
      description,
      category: ['Home & Garden', 'Goods'],
      availability: 'https://schema.org/InStock',
      areaServed: { '@type': 'Place', name: 'Oakland, CA' },
      itemOffered: { '@type': 'Product', name: 'Cast-iron kettle', image: [`${ORIGIN}${PHOTO}`] },
      offeredBy: {
        '@type': 'Person',
        name: 'Preview Owner',
        url: `${ORIGIN}/profile/${owner.username}`,
        seeks: { '@type': 'Demand', itemOffered: { '@type': 'Thing', name: 'A bread knife' } },
      },
    });
    expect(offer).not.toHaveProperty('price');
    // The page's one batch, as before: the head is made of what it read.
    expect(roundTrips).toBe(1);
    // With a media origin, the photo is the CDN's absolute URL.
    const viaCdn = await head(`/listing/${listing.id}`, { mediaOrigin: 'https://media.barter.example' });
    expect(metaOf(viaCdn.head, 'og:image')).toBe(
      'https://media.barter.example/uploads/0b5e0d0c-1a2b-4c3d-8e9f-001122334455',
    );
  });

  it("gives a listing without a photo its category's card, and a paused one noindex", async () => {
    const owner = await signUp();
    const listing = await createListing(owner, { title: 'Guitar lessons', categoriesOffered: ['education'] });
    const { head: parsed } = await head(`/listing/${listing.id}`);
    expect(metaOf(parsed, 'og:image')).toBe(`${ORIGIN}/cards/education.png`);
    expect(metaOf(parsed, 'og:image:width')).toBe('1200');
    expect(metaOf(parsed, 'og:image:height')).toBe('630');
    expect(metaOf(parsed, 'twitter:card')).toBe('summary_large_image');
    const card = await env.ASSETS.fetch(new Request(`${ORIGIN}/cards/education.png`));
    expect(card.status).toBe(200);
    await env.DB.prepare("UPDATE listings SET status = 'paused' WHERE id = ?").bind(listing.id).run();
    const paused = await head(`/listing/${listing.id}`);
    expect(paused.response.status).toBe(200);
    expect(metaOf(paused.head, 'robots')).toBe('noindex');
    expect(canonicalOf(paused.head)).toBeUndefined();
  });

  it("gives a profile the member's name, bio, avatar and a ProfilePage's JSON-LD; a suspended member's gets noindex", async () => {
    const member = await signUp({ displayName: 'Ada Trader', bio: 'I fix bicycles.', location: 'Berkeley, CA' });
    const avatar = `${ORIGIN}${PHOTO}`;
    await env.DB.prepare('UPDATE users SET avatar_url = ? WHERE id = ?').bind(avatar, member.id).run();
    // Any capitals reach the profile; the canonical URL has the member's own.
    const { response, head: parsed, roundTrips } = await head(`/profile/${member.username.toUpperCase()}`);
    expect(response.status).toBe(200);
    const url = `${ORIGIN}/profile/${member.username}`;
    expectOneTitleAndDescription(parsed, 'Ada Trader | Barter Market', 'I fix bicycles.');
    expect(metaOf(parsed, 'og:type')).toBe('profile');
    expect(metaOf(parsed, 'og:title')).toBe('Ada Trader');
    expect(metaOf(parsed, 'og:url')).toBe(url);
    expect(metaOf(parsed, 'og:image')).toBe(avatar);
    expect(metaOf(parsed, 'twitter:card')).toBe('summary');
    expect(canonicalOf(parsed)).toBe(url);
    expect(jsonLdOf(parsed)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url,
        dateCreated: expect.any(String),
        mainEntity: {
          '@type': 'Person',
          name: 'Ada Trader',
          alternateName: member.username,
          url,
          description: 'I fix bicycles.',
          image: avatar,
          homeLocation: { '@type': 'Place', name: 'Berkeley, CA' },
        },
      },
    ]);
    expect(roundTrips).toBe(1);
    await env.DB.prepare("UPDATE users SET suspended_until = '9999-12-31T23:59:59.999Z' WHERE id = ?")
      .bind(member.id)
      .run();
    const banned = await head(`/profile/${member.username}`);
    expect(banned.response.status).toBe(200);
    expect(metaOf(banned.head, 'robots')).toBe('noindex');
    expect(canonicalOf(banned.head)).toBeUndefined();
  });

  it('gives browse the heading as its title and its query as the SPA reads it as the canonical URL', async () => {
    const cases: [string, string, string][] = [
      ['/browse', 'All Listings', '/browse'],
      ['/browse?page=1&utm_source=newsletter&fbclid=abc', 'All Listings', '/browse'],
      ['/browse?utm_medium=x&page=2&category=goods', 'Goods Listings', '/browse?category=goods&page=2'],
      ['/browse?category=all&page=0', 'All Listings', '/browse'],
    ];
    for (const [path, title, canonical] of cases) {
      const { head: parsed } = await head(path);
      expectOneTitleAndDescription(parsed, `${title} | Barter Market`, SITE_DESCRIPTION);
      expect(canonicalOf(parsed), path).toBe(`${ORIGIN}${canonical}`);
      expect(metaOf(parsed, 'og:url')).toBe(`${ORIGIN}${canonical}`);
      expect(metaOf(parsed, 'og:image')).toBe(`${ORIGIN}/cards/site.png`);
      expect(metaOf(parsed, 'robots')).toBeUndefined();
    }
    // A text search is a results page: its title as the SPA writes it, and out of the index.
    const search = await head('/browse?q=garden+tools&category=home');
    expect(search.head.titles).toEqual(['Results for "garden tools" in Home & Garden | Barter Market']);
    expect(metaOf(search.head, 'robots')).toBe('noindex');
    expect(metaOf(search.head, 'og:url')).toBe(`${ORIGIN}/browse?q=garden+tools&category=home`);
  });

  it("gives the home page the SPA's title, the site's description and card, and its canonical URL", async () => {
    const { head: parsed, roundTrips } = await head('/?ref=share');
    expectOneTitleAndDescription(
      parsed,
      'Barter Market: exchange goods and skills with your neighbours',
      SITE_DESCRIPTION,
    );
    expect(canonicalOf(parsed)).toBe(`${ORIGIN}/`);
    expect(metaOf(parsed, 'og:type')).toBe('website');
    expect(metaOf(parsed, 'og:image')).toBe(`${ORIGIN}/cards/site.png`);
    expect(metaOf(parsed, 'twitter:card')).toBe('summary_large_image');
    expect(jsonLdOf(parsed)).toEqual([]);
    expect(roundTrips).toBe(1);
    // A static page: its title, indexed; a trailing slash is not part of its canonical URL.
    const about = await head('/about/');
    expect(about.head.titles).toEqual(['About Us | Barter Market']);
    expect(canonicalOf(about.head)).toBe(`${ORIGIN}/about`);
  });

  it("answers 404 pages with the not-found screens' titles and noindex, and no canonical URL", async () => {
    for (const [path, title] of [
      ['/no-such-page', en[NOT_FOUND_TITLE]()],
      ['/listing/999999999', 'Listing Not Found'],
      ['/profile/nobody-has-this-name', 'Profile'],
    ]) {
      const { response, head: parsed } = await head(path!);
      expect(response.status, path).toBe(404);
      expectOneTitleAndDescription(parsed, `${title} | Barter Market`, SITE_DESCRIPTION);
      expect(metaOf(parsed, 'robots')).toBe('noindex');
      expect(canonicalOf(parsed)).toBeUndefined();
      expect(metaOf(parsed, 'og:url')).toBeUndefined();
      expect(jsonLdOf(parsed)).toEqual([]);
    }
  });

  it('marks the private pages noindex, for a guest and a member alike', async () => {
    const member = await signUp();
    for (const path of ['/messages', '/settings/blocked', '/admin/', '/login', '/reset-password?token=abc', '/wants']) {
      for (const cookie of [undefined, member.cookie]) {
        const { response, head: parsed } = await head(path, { cookie });
        expect(response.status, path).toBe(200);
        expect(metaOf(parsed, 'robots'), path).toBe('noindex');
        expect(canonicalOf(parsed), path).toBeUndefined();
      }
    }
    expect((await head('/messages')).head.titles).toEqual(['Messages | Barter Market']);
    expect((await head('/login')).head.titles).toEqual(['Sign In | Barter Market']);
    expect(PRIVATE_ROUTES.has('/profile/$username')).toBe(false);
  });

  it('keeps hostile text inside its element: a title or description cannot open or close one', async () => {
    const ownerName = '</title><script>alert(1)</script> "Mal" \'Lory\'';
    const owner = await signUp({ displayName: ownerName });
    const title = '</title><script>alert(1)</script> "quoted" \'single\' & </script><!-- \u2028 &amp;';
    const description = '"><meta name="robots" content="index"><script>alert(2)</script> </script> \u2028 & &lt;';
    const listing = await createListing(owner, { title, description, whatUserWants: '</script><b>x' });
    const { html, head: parsed } = await head(`/listing/${listing.id}`);
    // Exactly the page's own elements: one title, one description, the app's script, the JSON-LD and the boot data.
    expect(parsed.titles).toEqual([`${title} | Barter Market`]);
    expect(parsed.metas.filter((m) => m.name === 'description')).toEqual([
      { name: 'description', content: description },
    ]);
    expect(parsed.metas.filter((m) => m.name === 'robots')).toEqual([]);
    expect(parsed.scripts.map((s) => s.type)).toEqual(['module', 'application/ld+json', 'application/json']);
    expect(parsed.elements.filter((e) => e === 'b')).toEqual([]);
    expect(metaOf(parsed, 'og:title')).toBe(title);
    expect(metaOf(parsed, 'og:description')).toBe(description);
    expect(metaOf(parsed, 'og:image:alt')).toBe(title);
    const [offer] = jsonLdOf(parsed);
    expect(offer.name).toBe(title);
    expect(offer.description).toBe(description);
    expect(offer.offeredBy.name).toBe(ownerName);
    expect(offer.offeredBy.seeks.itemOffered.name).toBe('</script><b>x');
    const jsonLd = parsed.scripts[1]!.text;
    expect(jsonLd).not.toMatch(/[<>\u2028\u2029]/);
    expect(html).not.toContain('<!--');
  });

  it("uses the SPA's own page titles: each route's message is shown in src/", () => {
    const sources = Object.values(spaSources).join('\n');
    for (const [route, key] of Object.entries(ROUTE_TITLES)) {
      expect(sources.includes(`m.${key}()`), `${route}: ${key}`).toBe(true);
      // The message's English is the title the Worker wrote before it spoke other languages.
      expect((en as unknown as Record<string, () => string>)[key]!(), route).toBeTruthy();
    }
    // The home page's whole title, the same message on both sides.
    expect(sources).toContain('m.common_home_title()');
    expect(sources).toContain(`usePageTitle(m.${NOT_FOUND_TITLE}())`);
  });
});
