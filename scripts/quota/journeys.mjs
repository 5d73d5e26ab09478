// The scripted member journeys `npm run quota` drives in Chromium (scripts/quota.mjs), each on a
// desktop (1280 px) and a phone (390 px) screen. A journey is what a member does in one sitting,
// through the screens as a member would: one full load, then the SPA's own navigation (links
// clicked; on a phone the menu opened first), hovering what a mouse passes over on the way to a
// click. Each journey's `weight` is how often a daily active member does it in a day
// (docs/decisions/044-measured-member-day.md).
//
// The page is given a step function: step(name, fn) runs fn and waits until the network is quiet,
// so every request a step causes (the ones after its clicks too) is counted in its journey.

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A tab left open: hours of page time, advanced in steps of this many ms (each step fires the timers due in it). */
export const IDLE_STEP_MS = 60_000;

const cards = (page) => page.getByRole('main').getByTestId('listing-card');

/**
 * Waits for the page the SPA navigated to: one h1 on screen (while it swaps pages the old one's and
 * the new one's may both be there for a moment).
 */
async function shown(page) {
  await page.waitForFunction(() => document.querySelectorAll('h1').length === 1);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * Client-side navigation to `path`, as a member gets there: a visible link to it is clicked
 * (hovered first by the mouse, as on a desktop); without one on screen (a phone's collapsed
 * menu) the menu is opened; failing that, the SPA's router is sent there through the History API
 * (what its links do), never a full load.
 */
async function go(page, path) {
  const link = page.locator(`a[href="${path}"]:visible`).first();
  if (await link.count()) {
    await link.click();
  } else {
    const menu = page.getByTestId('mobile-menu-button');
    if (await menu.isVisible().catch(() => false)) {
      await menu.click();
      // The menu's dialog loads on the first tap (decision 058): wait until it is open.
      await page.getByRole('dialog').waitFor();
      const inMenu = page.getByRole('dialog').locator(`a[href="${path}"]`).first();
      if (await inMenu.count()) {
        await inMenu.click();
        await page.waitForURL((url) => url.pathname + url.search === path);
        return;
      }
      await page.keyboard.press('Escape');
    }
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
  }
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** On a desktop, the mouse passes over a few cards of the page (as it does on the way to one). */
async function passOverCards(page, device, n = 3) {
  if (device !== 'desktop') return;
  const count = Math.min(n, await cards(page).count());
  for (let i = 0; i < count; i++) await cards(page).nth(i).hover();
}

/** Opens the i-th listing card of the page (the mouse crosses the cards above it first). */
async function openCard(page, device, i) {
  await cards(page).first().waitFor();
  await passOverCards(page, device, i + 1);
  await cards(page).nth(i).getByRole('link').first().click();
  await page.waitForURL(/\/listing\/\d+$/);
  await shown(page);
}

async function searchFor(page, word) {
  const search = page.getByRole('search', { name: 'Search listings' });
  await search.getByLabel('What are you looking for?').fill(word);
  await search.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL((url) => url.pathname === '/browse' && url.searchParams.get('q') === word);
  await page.getByRole('heading', { level: 1, name: new RegExp(`Results for "${word}"`) }).waitFor();
}

/**
 * The journeys. `run(page, ctx)` gets ctx = { device, member, partner, step, signIn, idleHours,
 * offerListing, ... } (scripts/quota.mjs). `fresh: true`: the journey starts signed out.
 */
export const JOURNEYS = [
  {
    name: 'sign in (login page, then home)',
    weight: 0.2,
    fresh: true,
    async run(page, { member, step }) {
      await step('login page (full load)', async () => {
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      });
      await step('sign in', async () => {
        await page.getByLabel('Username').fill(member.username);
        await page.getByLabel(/^Password/).fill(member.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await cards(page).first().waitFor();
      });
    },
  },
  {
    name: 'browse: home, browse, a search, a category, three listings, profiles',
    weight: 1,
    async run(page, { device, step, member, searchWords }) {
      await step('home (full load)', async () => {
        await page.goto('/');
        await cards(page).first().waitFor();
      });
      await step('browse', async () => {
        await go(page, '/browse');
        await page.getByRole('heading', { level: 1, name: 'All Listings' }).waitFor();
        await cards(page).first().waitFor();
      });
      await step('browse: page 2', async () => {
        const pager = page.getByRole('navigation', { name: 'Pagination' });
        await pager.getByRole('link', { name: 'Next' }).click();
        await page.waitForURL((url) => url.searchParams.get('page') === '2');
        await cards(page).first().waitFor();
      });
      await step('a search', async () => {
        await searchFor(page, searchWords[0]);
        await cards(page).first().waitFor();
      });
      await step('a category', async () => {
        const search = page.getByRole('search', { name: 'Search listings' });
        await search.getByLabel('What are you looking for?').fill('');
        await search.getByLabel('Category').selectOption('education');
        await search.getByRole('button', { name: 'Search' }).click();
        await page.waitForURL((url) => url.searchParams.get('category') === 'education');
        await cards(page).first().waitFor();
      });
      for (let i = 0; i < 3; i++) {
        await step(`listing page ${i + 1}`, async () => {
          if (i > 0) await page.goBack();
          await openCard(page, device, i);
        });
      }
      await step("the seller's profile", async () => {
        await page.getByRole('main').locator('a[href^="/profile/"]').first().click();
        await page.waitForURL(/\/profile\/[^/]+$/);
        await shown(page);
      });
      await step('own profile', async () => {
        await go(page, '/profile');
        await page.getByRole('heading', { level: 1, name: member.displayName }).waitFor();
      });
    },
  },
  {
    name: 'messages: open a conversation with a reply, chat, make an offer',
    weight: 1,
    async run(page, { device, step, partner, offerListing }) {
      await step('messages (full load)', async () => {
        await page.goto('/messages');
        await page.getByTestId('conversation-item').first().waitFor();
      });
      await step('open the conversation', async () => {
        await page.getByTestId('conversation-item').filter({ hasText: partner.displayName }).first().click();
        await page.getByRole('log', { name: `Messages with ${partner.displayName}` }).waitFor();
      });
      for (const text of ['Saturday morning works for me.', 'See you at the community garden gate at 10.']) {
        await step('send a message', async () => {
          const composer = page.getByRole('textbox', { name: 'Type your message...' });
          await composer.pressSequentially(text, { delay: 20 });
          await composer.press('Enter');
          await page.getByTestId('message').filter({ hasText: text }).first().waitFor();
        });
      }
      await step('a listing page, then an offer on it', async () => {
        await page.goto(`/listing/${offerListing.id}`);
        await shown(page);
        await page.getByLabel('Make a custom offer').fill(`I could trade an afternoon of help for this (${device}).`);
        await page.getByRole('button', { name: 'Make Offer' }).click();
        await page.waitForURL((url) => /^\/messages\/\d+-\d+-\d+$/.test(url.pathname));
        await page.getByTestId('offer-card').first().waitFor();
      });
    },
  },
  {
    name: 'wants and matches, a saved search, the bell',
    weight: 0.5,
    async run(page, { device, step, searchWords }) {
      await step('browse (full load), then a listing: "I\'d take this"', async () => {
        await page.goto('/browse');
        // Each device's member picks another card (the same member may have said so on the other).
        await openCard(page, device, device === 'desktop' ? 3 : 4);
        const toggle = page.getByTestId('want-toggle');
        if ((await toggle.count()) && (await toggle.getAttribute('aria-pressed')) !== 'true') {
          await toggle.click();
          await page.getByText('On your wants').waitFor();
        }
      });
      await step('wants', async () => {
        await go(page, '/wants');
        await page.getByRole('heading', { level: 1, name: 'Wants' }).waitFor();
      });
      await step('matches', async () => {
        await go(page, '/matches');
        await page.getByRole('heading', { level: 1, name: 'Matches' }).waitFor();
      });
      await step('save a search, see the saved list', async () => {
        await go(page, '/browse');
        await searchFor(page, searchWords[1]);
        await page.getByRole('button', { name: 'Save Search' }).click();
        await page
          .getByTestId('toast')
          .filter({ hasText: /Search saved|already/i })
          .first()
          .waitFor();
        await page.getByRole('button', { name: 'Saved Searches' }).click();
        await page.getByRole('dialog', { name: 'Saved Searches' }).waitFor();
        await page.keyboard.press('Escape');
      });
      await step('open the bell, mark all read', async () => {
        await page
          .locator('header')
          .getByRole('button', { name: /^Notifications/ })
          .click();
        const panel = page.getByRole('dialog', { name: 'Notifications' });
        await panel.waitFor();
        const markAll = panel.getByRole('button', { name: 'Mark all as read' });
        if (await markAll.isEnabled().catch(() => false)) await markAll.click();
        await page.keyboard.press('Escape');
      });
    },
  },
  {
    name: 'create a listing with a photo',
    weight: 0.2,
    async run(page, { device, step, listingPhoto }) {
      await step('home (full load), the dialog, a photo, the listing created', async () => {
        await page.goto('/');
        await cards(page).first().waitFor();
        // The header's button on a desktop, the menu's on a phone (both once the member is known).
        if (device === 'desktop') {
          await page.locator('header').getByRole('button', { name: 'Create Listing' }).click();
        } else {
          await page.getByTestId('mobile-menu-button').click();
          await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Create Listing' }).click();
        }
        const dialog = page.getByRole('dialog', { name: 'Create Listing' });
        await dialog.getByLabel('Title').fill(`Sourdough loaves every Saturday (${device})`);
        await dialog
          .getByLabel('Description')
          .fill('Fresh bread from a ten-year-old starter, baked each weekend in my kitchen.');
        await dialog.getByRole('checkbox', { name: 'Food' }).click();
        await dialog.getByLabel('What do you want in return?').fill('Help in the garden');
        await dialog.getByLabel('Location').fill('Oakland, CA');
        await dialog.getByLabel('Images', { exact: true }).setInputFiles(listingPhoto);
        await dialog.getByRole('img', { name: 'Image 1' }).waitFor();
        await dialog.getByRole('button', { name: 'Create Listing' }).click();
        await page.waitForURL(/\/listing\/\d+$/);
        await shown(page);
      });
    },
  },
  {
    name: 'community page',
    weight: 0.2,
    async run(page, { step }) {
      await step('community (full load)', async () => {
        await page.goto('/community');
        await shown(page);
      });
    },
  },
  {
    name: 'a tab left open (home), hours of page time',
    weight: 1,
    idle: true,
    async run(page, { step, idleHours }) {
      await step('home (full load)', async () => {
        await page.goto('/');
        await cards(page).first().waitFor();
      });
      await step(
        `${idleHours} h of page time, ${IDLE_STEP_MS / 60_000} min a step`,
        async (quiet) => {
          for (let t = 0; t < idleHours * 3_600_000; t += IDLE_STEP_MS) {
            await page.clock.runFor(IDLE_STEP_MS);
            await quiet(60, 10_000);
          }
        },
        { hours: idleHours },
      );
    },
  },
  {
    name: 'new member: sign up and verify the email',
    weight: 0.02,
    fresh: true,
    async run(page, { step, newMember, verifyLink }) {
      await step('sign-up page (full load)', async () => {
        await page.goto('/signup');
        await page.getByRole('button', { name: 'Create Account' }).waitFor();
      });
      await step('create the account', async () => {
        const form = page.getByRole('form', { name: 'Register' });
        await form.getByLabel('Username').fill(newMember.username);
        await form.getByLabel(/^Password/).fill(newMember.password);
        await form.getByLabel('Email').fill(newMember.email);
        await form.getByLabel('Full Name').fill(newMember.displayName);
        await form.getByRole('button', { name: 'Create Account' }).click();
        await page.getByRole('heading', { level: 1, name: `Welcome, ${newMember.displayName}!` }).waitFor();
      });
      await step('the link in the email (full load)', async () => {
        await page.goto(await verifyLink(newMember.email));
        await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
      });
    },
  },
];
