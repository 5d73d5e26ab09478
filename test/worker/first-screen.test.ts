// The first screen in the HTML (decision 055): what a page shows before any script runs, written
// by the Worker into #root from the data the page already reads (no more D1 round trips), every
// member-written value escaped, in the member's theme, with its stylesheet inlined.
import { describe, expect, it } from 'vitest';
import { createListing, signUp } from './helpers';
import { page } from './page-helpers';

const ATTRIBUTES = ['href', 'action', 'method', 'data-appearance', 'onerror'] as const;

/** Elements matching `selector` in the HTML, as a parser reads it: their text and the attributes the tests read. */
async function select(html: string, selector: string) {
  const found: { text: string; attrs: Record<string, string> }[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        const attrs: Record<string, string> = {};
        for (const name of ATTRIBUTES) {
          const value = element.getAttribute(name);
          if (value !== null) attrs[name] = value;
        }
        found.push({ text: '', attrs });
      },
      text(chunk) {
        const last = found.at(-1);
        if (last) last.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

const HOSTILE = `</title></h1><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" & 'single' \u2028`;

describe('first screen', () => {
  it("writes a listing's photo, title, terms and owner into the page, escaped, in the page's one batch", async () => {
    const owner = await signUp();
    const listing = await createListing(owner, {
      title: HOSTILE.slice(0, 100),
      description: `A description with ${HOSTILE}`,
      whatUserWants: `Wants ${HOSTILE}`.slice(0, 200),
    });
    const shown = await page(`/listing/${listing.id}`);
    expect(shown.response.status).toBe(200);
    // No markup from the member's text: the only scripts are the app's, the listing's JSON-LD
    // (decision 056) and the boot data.
    expect(await select(shown.html, 'script')).toHaveLength(3);
    expect(await select(shown.html, '#root img[onerror]')).toHaveLength(0);
    const [title] = await select(shown.html, '#root h1');
    expect(decode(title!.text)).toBe(listing.title);
    expect(shown.html).toContain(`Wants in return`);
    expect(decode((await select(shown.html, '#root .exchange-summary .fs-t5'))[0]!.text)).toBe(listing.whatUserWants);
    expect((await select(shown.html, `#root a[href="/profile/${owner.username}"]`))[0]!.text).toBe(
      owner.user.displayName,
    );
    // A guest's listing page: the session is not read; the listing, its owner and the categories in one batch.
    expect(shown.roundTrips).toBe(1);
  });

  it("shows the home page's hero and search for a guest, and Browse Listings for a member", async () => {
    const guest = await page('/');
    expect((await select(guest.html, '#root h1'))[0]!.text).toBe('Trade what you have for what you need');
    expect(await select(guest.html, '#root a[href="/signup"]')).not.toHaveLength(0);
    const [form] = await select(guest.html, '#root form[role="search"]');
    expect(form!.attrs).toMatchObject({ action: '/browse', method: 'get' });
    // No place in effect: the distance select claims no "Within 50 miles" (issue 25, item 9).
    expect((await select(guest.html, '#root select[name="distance"] option[selected]'))[0]!.text).toBe('Any distance');
    expect(guest.roundTrips).toBe(1);
    const member = await signUp();
    const home = await page('/', { cookie: member.cookie });
    expect(await select(home.html, '#root a.fs-big[href="/browse"]')).toHaveLength(1);
    expect((await select(home.html, '#root .profile-link .fs-t2'))[0]!.text).toBe(member.user.displayName);
  });

  it('lists the first page of browse as cards with their links, the count and the pager', async () => {
    const owner = await signUp();
    const word = `zfs${Date.now().toString(36)}`;
    for (let i = 1; i <= 10; i++)
      await createListing(owner, { title: `First screen ${word} ${i}`, categoriesOffered: ['food'] });
    const shown = await page(`/browse?category=food`);
    // No distance picked and no place: "Any distance" (the searches with a place have no first screen).
    expect((await select(shown.html, '#root select[name="distance"] option[selected]'))[0]!.text).toBe('Any distance');
    expect((await select(shown.html, '#root h1'))[0]!.text).toBe('Food Listings');
    const cards = await select(shown.html, '#root .listing-card-link');
    expect(cards).toHaveLength(9);
    expect(cards[0]!.attrs.href).toMatch(/^\/listing\/\d+$/);
    expect((await select(shown.html, '#root [role="status"]'))[0]!.text).toMatch(/^\d+ listings found$/);
    const current = await select(shown.html, '#root nav[aria-label="Pagination"] [aria-current="page"]');
    expect(current.map((link) => link.text)).toEqual(['1']);
  });

  it("shows a profile's name and listings, and the header alone on a page without a first screen of its own", async () => {
    const member = await signUp();
    const listing = await createListing(member, { title: 'Profile first screen kettle' });
    const profile = await page(`/profile/${member.username}`);
    expect((await select(profile.html, '#root h1'))[0]!.text).toBe(member.user.displayName);
    const links = await select(profile.html, '#root .profile-listings .listing-card-link');
    expect(links.map((link) => [link.attrs.href, link.text])).toEqual([[`/listing/${listing.id}`, listing.title]]);
    const about = await page('/about');
    expect(await select(about.html, '#root header.site-header')).toHaveLength(1);
    expect(await select(about.html, '#root main#main')).toHaveLength(1);
    const missing = await page('/listing/999999999');
    expect(missing.response.status).toBe(404);
    expect(await select(missing.html, '#root h1')).toHaveLength(0);
  });

  it("paints in the member's theme from the theme cookie, light otherwise, with the stylesheet inlined once", async () => {
    const dark = await page('/', { cookie: 'theme=dark' });
    expect((await select(dark.html, '#root .fs'))[0]!.attrs['data-appearance']).toBe('dark');
    const light = await page('/', { cookie: 'theme=purple' });
    expect((await select(light.html, '#root .fs'))[0]!.attrs['data-appearance']).toBe('light');
    const styles = await select(light.html, 'style#first-screen-css');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.text).toContain('.fs[data-appearance=dark]');
  });
});

/** Text as the HTML parser gives it back (HTMLRewriter's text chunks are not entity-decoded). */
function decode(text: string) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
