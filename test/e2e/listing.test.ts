// The listing page for visitors, the owner and other members; the Create and Edit Listing
// dialogs with every validation message; photos picked, resized and uploaded in the browser.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createListingFor,
  createMember,
  eventually,
  launchBrowser,
  navigateInApp,
  newPage,
  overflowsHorizontally,
  PHONE,
  photo,
  type TestMember,
  toastWith,
  uniqueName,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openCreateDialog(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.locator('header').getByRole('button', { name: 'Create Listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Listing' });
  await dialog.getByLabel('Title').waitFor();
  return dialog;
}

const fieldErrors = (scope: Locator) => scope.getByTestId('field-error').allInnerTexts();

describe('listing page for a visitor', () => {
  let owner: TestMember;
  let listing: { id: number; title: string };
  const description = `${'A sturdy oak bookshelf with five adjustable shelves, collected from my flat near the station. '.repeat(3)}Ends here.`;
  beforeAll(async () => {
    owner = await createMember({ displayName: 'Olive Owner' });
    listing = await createListingFor(owner, {
      title: `Oak bookshelf ${uniqueName('v')}`,
      description,
      categoriesOffered: ['home', 'goods'],
      whatUserWantsOptions: ['Plant cuttings'],
    });
  });

  it('shows the listing, its tabs, the seller, safety tips and similar listings', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    await eventually(() => page.title()).toBe(`${listing.title} | Barter Market`);
    await eventually(() => page.locator('meta[name="description"]').getAttribute('content')).toBe(
      description.slice(0, 150),
    );

    await eventually(() => page.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Ends here.').waitFor();
    await page.getByRole('tab', { name: 'Exchange Terms' }).click();
    const terms = page.getByRole('tabpanel', { name: 'Exchange Terms' });
    await terms.getByText('Fresh bread').waitFor();
    await terms.getByText('Plant cuttings').waitFor();
    // The same terms show beside the photo without opening the tab (first-steps.test.ts).
    await page.getByTestId('exchange-summary').getByText('Fresh bread').waitFor();

    await page.getByTestId('seller-card').getByText('Olive Owner').waitFor();
    await page.getByRole('heading', { name: 'Safety tips' }).waitFor();
    await eventually(() =>
      page.getByRole('link', { name: /^More in / }).evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['/browse?category=home', '/browse?category=goods']);
    expect(errors).toEqual([]);
  });

  it('sends visitors to sign in to contact or make an offer', async () => {
    const { page } = await newPage(browser);
    await page.goto(`/listing/${listing.id}`);
    // Signing in comes back to the listing (first-steps.test.ts follows the whole way).
    await eventually(() => page.getByRole('link', { name: 'Sign In to Make Offer' }).getAttribute('href')).toBe(
      `/login?redirect=%2Flisting%2F${listing.id}`,
    );
    await eventually(() => page.getByRole('button', { name: 'Contact' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign In to Contact' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('shows placeholder seller values when the seller cannot be loaded', async () => {
    const { page } = await newPage(browser);
    await page.route(`**/api/users/username/${owner.username}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    // A full load of the listing carries its seller in the page (decision 048): the listing page
    // reads the seller itself when reached from another page.
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await navigateInApp(page, `/listing/${listing.id}`);
    await page.getByTestId('seller-card').getByText('Community Member').waitFor();
  });

  it('says Listing Not Found for a missing listing, with a way back', async () => {
    const { page } = await newPage(browser);
    await page.goto('/listing/987654321');
    await page.getByRole('heading', { level: 1, name: 'Listing Not Found' }).waitFor();
    await page.getByText("Sorry, the listing you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Back to Listings' }).click();
    await page.waitForURL((url) => url.pathname === '/browse');
  });

  it('fits a 390 px phone', async () => {
    const { page } = await newPage(browser, { viewport: PHONE });
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await eventually(() => overflowsHorizontally(page)).toBe(false);
  });
});

describe('listing page for another member', () => {
  it('contacts the owner, or makes a custom offer that opens its conversation with the offer card', async () => {
    const owner = await createMember({ displayName: `Owen Owner ${uniqueName('n')}` });
    const listing = await createListingFor(owner, { title: `Garden shears ${uniqueName('m')}`, acceptOffers: true });
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    // Contact goes through the initiate link, which the messages screen then replaces
    // with the conversation's own address (docs/decisions/016), so every URL is recorded.
    const visited: URL[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url())));
    const conversation = `/messages/${listing.id}-${Math.min(owner.id, member.id)}-${Math.max(owner.id, member.id)}`;
    await page.goto(`/listing/${listing.id}`);
    await eventually(() => page.getByText('This is Your Listing').count()).toBe(0);

    await page.getByRole('button', { name: 'Contact' }).click();
    await eventually(() =>
      visited.some((url) => url.pathname === '/messages' && url.searchParams.has('initiate')),
    ).toBe(true);
    const params = visited.find(
      (url) => url.pathname === '/messages' && url.searchParams.has('initiate'),
    )!.searchParams;
    expect(Object.fromEntries(params)).toEqual({
      initiate: 'true',
      listingId: String(listing.id),
      userId: String(owner.id),
      title: listing.title,
    });
    await page.waitForURL((url) => url.pathname === conversation && url.search === '');
    // A brand-new conversation shows in the list at once.
    await page.getByTestId('conversation-item').filter({ hasText: owner.displayName }).waitFor();

    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Make Offer' }).click();
    await page.getByText('Choose a listing to offer or describe your offer').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/listing/${listing.id}`);
    await page.getByLabel('Make a custom offer').fill('  Two jars of plum jam?  ');
    await page.getByRole('button', { name: 'Make Offer' }).click();
    await page.waitForURL((url) => url.pathname === conversation);
    const card = page.getByTestId('offer-card');
    // The card's one sentence names the custom terms, trimmed (decision 060).
    await eventually(() => card.getByTestId('offer-card-summary').textContent()).toMatch(
      /(^|\W)Two jars of plum jam\?(\W|$)/,
    );
    expect(await card.getByTestId('offer-card-summary').textContent()).not.toContain('  Two jars');
    await eventually(() => card.getByTestId('offer-status').textContent()).toBe('Open');

    // A second offer while this one is open: the message, and back to the conversation.
    await page.goto(`/listing/${listing.id}`);
    await page.getByLabel('Make a custom offer').fill('A loaf of bread');
    await page.getByRole('button', { name: 'Make Offer' }).click();
    await eventually(() => toastWith(page, 'Failed to make offer')).toContain(
      'You already have an open offer on this listing',
    );
    await page.waitForURL((url) => url.pathname === conversation);
  });
});

describe('listing page for the owner', () => {
  it('shows This is Your Listing with its status, and edits the status', async () => {
    const owner = await createMember();
    const listing = await createListingFor(owner, { title: `Status check ${uniqueName('o')}` });
    const { page, errors } = await newPage(browser, { cookie: owner.cookie });
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('heading', { name: 'This is Your Listing' }).waitFor();
    await eventually(() => page.getByTestId('status-badge').innerText()).toBe('Active');
    await eventually(() => page.getByRole('button', { name: 'Contact' }).count()).toBe(0);
    await eventually(() => page.getByRole('button', { name: 'Make Offer' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
    await eventually(() => dialog.getByLabel('Title').inputValue()).toBe(listing.title);
    await eventually(() => dialog.getByRole('combobox', { name: 'Distance willing to travel' }).innerText()).toBe(
      '10 miles',
    );
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await eventually(async () => (await page.getByRole('option').allInnerTexts()).map((s) => s.split(':')[0])).toEqual([
      'Active',
      'Pending',
      'Paused',
      'Completed',
    ]);
    await page.getByRole('option', { name: /^Paused/ }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await eventually(() => toastWith(page, 'Success')).toContain('Your listing has been updated.');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    await eventually(() => page.getByTestId('status-badge').innerText()).toBe('Paused');
    expect(errors).toEqual([]);
  });

  it('shows every Edit Listing validation message, and the server message when a save fails', async () => {
    const owner = await createMember();
    const listing = await createListingFor(owner, { title: `Edit rules ${uniqueName('o')}` });
    const { page } = await newPage(browser, { cookie: owner.cookie });
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Edit Listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
    await dialog.getByLabel('Title').fill('Bad');
    await dialog.getByLabel('Description').fill('Short');
    await dialog.getByLabel('What do you want in return?').fill('No');
    await dialog.getByLabel('Location').fill(' ');
    for (const name of ['Home & Garden', 'Goods']) await dialog.getByRole('checkbox', { name }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await eventually(() => toastWith(page, 'Validation Error')).toContain('Please check all required fields');
    await eventually(() => fieldErrors(dialog)).toEqual([
      'Title must be at least 5 characters',
      'Description must be at least 10 characters',
      'Select at least one category',
      'Please specify what you want in return',
      'Location is required',
    ]);

    await dialog.getByLabel('Title').fill('A good title');
    await dialog.getByLabel('Description').fill('A description that is long enough.');
    await dialog.getByLabel('What do you want in return?').fill('Bread');
    await dialog.getByLabel('Location').fill('Oakland, CA');
    await dialog.getByRole('checkbox', { name: 'Food' }).click();
    await eventually(() => fieldErrors(dialog)).toEqual([]);
    await page.route(`**/api/listings/${listing.id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: '{"message":"You can only edit your own listing"}',
          })
        : route.continue(),
    );
    // The Validation Error toast of the first attempt goes first (5 s), so the next toast is the server's.
    await page.getByTestId('toast').waitFor({ state: 'hidden', timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await eventually(() => toastWith(page, 'Error')).toContain('You can only edit your own listing');
    await eventually(() => dialog.isVisible()).toBe(true);
  });

  it('deletes the listing after a confirmation', async () => {
    const owner = await createMember();
    const listing = await createListingFor(owner, { title: `Delete me ${uniqueName('o')}` });
    const { page } = await newPage(browser, { cookie: owner.cookie });
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Edit Listing' }).click();
    await page.getByRole('dialog', { name: 'Edit Listing' }).getByRole('button', { name: 'Delete Listing' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this listing?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Edit Listing' }).getByRole('button', { name: 'Delete Listing' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(() => toastWith(page, 'Listing deleted')).toContain(listing.title);
    await page.waitForURL((url) => url.pathname === '/browse');
    await page.goto(`/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: 'Listing Not Found' }).waitFor();
  });
});

describe('Create Listing dialog', () => {
  it('creates a listing with a photo, resized to 800×600, and opens it', async () => {
    const member = await createMember();
    const { page, errors } = await newPage(browser, { cookie: member.cookie });
    const dialog = await openCreateDialog(page);
    const create = dialog.getByRole('button', { name: 'Create Listing' });
    // The button waits, and says why (the rule: disabled until a category is chosen; here until the
    // listing can be created). No message shows before a field is touched.
    await eventually(() => create.isDisabled()).toBe(true);
    await dialog.getByTestId('submit-reason').getByText('a category').waitFor();
    await eventually(() => dialog.getByText('Please select at least one category').count()).toBe(0);
    const title = `Ceramic teapot ${uniqueName('c')}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Hand-thrown stoneware teapot, holds four cups.');
    await dialog.getByRole('checkbox', { name: 'Creative' }).click();
    await dialog.getByLabel('What do you want in return?').fill('Loose-leaf tea');
    await dialog.getByLabel('Additional options (optional)').fill('Honey');
    await dialog.getByLabel('Additional options (optional)').press('Enter');
    await dialog.getByLabel('Additional options (optional)').fill('Biscuits');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await eventually(() =>
      dialog.getByRole('list', { name: 'Additional options' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['Honey', 'Biscuits']);
    await dialog.getByRole('switch', { name: 'Accept other offers' }).click();
    await dialog.getByLabel('Location').fill('Berkeley, CA');
    await expect(create.isEnabled()).resolves.toBe(true);
    const distance = dialog.getByRole('combobox', { name: 'Distance willing to travel' });
    await eventually(() => distance.innerText()).toBe('25 miles');
    await distance.click();
    await eventually(() => page.getByRole('option').allInnerTexts()).toEqual([
      '5 miles',
      '10 miles',
      '25 miles',
      '50 miles',
    ]);
    await page.getByRole('option', { name: '50 miles' }).click();

    await dialog.getByLabel('Images', { exact: true }).setInputFiles(photo('teapot.png', 1600, 1000));
    await eventually(() => toastWith(page, 'Success')).toContain('Image uploaded');
    await dialog.getByRole('img', { name: 'Image 1' }).waitFor();
    await create.click();
    await toastWith(page, 'Listing created');
    await page.waitForURL(/\/listing\/\d+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    const image = page.getByRole('img', { name: title });
    await eventually(() => image.getAttribute('src')).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    // The stored photo's own size: decoded from its src (the element's naturalWidth follows srcset and sizes).
    await eventually(() =>
      image.evaluate(async (img: HTMLImageElement) => {
        const probe = new Image();
        probe.src = img.getAttribute('src')!;
        await probe.decode();
        return `${probe.naturalWidth}x${probe.naturalHeight}`;
      }),
    ).toBe('800x500');
    await page.getByRole('tab', { name: 'Exchange Terms' }).click();
    const terms = page.getByRole('tabpanel', { name: 'Exchange Terms' });
    await terms.getByText('Loose-leaf tea').waitFor();
    await terms.getByText('Honey').waitFor();
    await terms.getByText('Open to other offers').waitFor();
    const id = Number(page.url().split('/').pop());
    const stored = (await (await apiCall(`/api/listings/${id}`)).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({
      distance: 50,
      acceptOffers: true,
      categoriesOffered: ['creative'],
      whatUserWantsOptions: ['Honey', 'Biscuits'],
      location: 'Berkeley, CA',
    });
    expect(errors).toEqual([]);
  });

  it('shows every Create Listing validation message once a field is left', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    const dialog = await openCreateDialog(page);
    const create = dialog.getByRole('button', { name: 'Create Listing' });
    // Nothing is shown before the member touches a field; the waiting button says why it waits.
    await eventually(() => fieldErrors(dialog)).toEqual([]);
    await eventually(() => create.isDisabled()).toBe(true);
    await eventually(() => dialog.getByTestId('submit-reason').innerText()).toBe(
      'Add a title, a description, a category, what you want in return and your location to create your listing.',
    );
    await dialog.getByLabel('Title').fill('Mug');
    await dialog.getByLabel('Description').fill('Blue');
    await dialog.getByLabel('What do you want in return?').fill('Te');
    await dialog.getByLabel('What do you want in return?').blur();
    await eventually(() => fieldErrors(dialog)).toEqual([
      'Title must be at least 5 characters',
      'Description must be at least 10 characters',
      'Please specify what you want in return',
    ]);
    await dialog.getByRole('combobox', { name: 'Location' }).focus();
    await dialog.getByRole('combobox', { name: 'Location' }).blur();
    await eventually(() => fieldErrors(dialog)).toContain('Location is required');
    await eventually(() => dialog.getByTestId('submit-reason').innerText()).toContain(
      'Add a longer title (5 characters or more)',
    );
    // Errors update as the member types.
    await dialog.getByLabel('Title').fill('Valid title');
    await eventually(() => fieldErrors(dialog)).not.toContain('Title must be at least 5 characters');

    await dialog.getByRole('checkbox', { name: 'Technology' }).click();
    await dialog.getByRole('checkbox', { name: 'Technology' }).click();
    await dialog.getByText('Please select at least one category').waitFor();
    await eventually(() => create.isDisabled()).toBe(true);

    const option = dialog.getByLabel('Additional options (optional)');
    for (const want of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
      await option.fill(want);
      await option.press('Enter');
    }
    await dialog.getByText('Maximum of 5 additional options reached').waitFor();
    await eventually(() => dialog.getByRole('list', { name: 'Additional options' }).getByRole('listitem').count()).toBe(
      5,
    );
    await eventually(() => dialog.isVisible()).toBe(true);
  });

  it('says when the listing could not be created', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    await page.route('**/api/listings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('Title').fill('Spare bicycle pump');
    await dialog.getByLabel('Description').fill('Floor pump with a gauge, both valve types.');
    await dialog.getByRole('checkbox', { name: 'Goods' }).click();
    await dialog.getByLabel('What do you want in return?').fill('Coffee beans');
    await dialog.getByLabel('Location').fill('Oakland, CA');
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await eventually(() => toastWith(page, 'Error')).toContain('Failed to create listing. Please try again.');
    await eventually(() => dialog.isVisible()).toBe(true);
  });

  it('checks picked files: type, size, at most three, and the upload itself', async () => {
    const member = await createMember();
    const { page } = await newPage(browser, { cookie: member.cookie });
    const dialog = await openCreateDialog(page);
    const input = dialog.getByLabel('Images', { exact: true });

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await eventually(() => toastWith(page, 'notes.txt')).toContain('notes.txt is not an image file');
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await eventually(() => toastWith(page, 'huge.png')).toContain('huge.png is too large. Maximum size is 10MB.');

    await page.route('**/api/objects/upload', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"message":"Too many uploads, try again in a minute"}',
      }),
    );
    await input.setInputFiles(photo('first.png'));
    await eventually(() => toastWith(page, 'Upload failed')).toContain('Too many uploads, try again in a minute');
    await page.unroute('**/api/objects/upload');

    // Four picked, three slots: the extra one is dropped.
    await input.setInputFiles([photo('a.png'), photo('b.png'), photo('c.png'), photo('d.png')]);
    await eventually(() => toastWith(page, 'Success')).toContain('3 images uploaded');
    const thumbnails = dialog.getByRole('list', { name: 'Added images' }).getByRole('listitem');
    await eventually(() => thumbnails.count()).toBe(3);

    await input.setInputFiles(photo('e.png'));
    await eventually(() => toastWith(page, 'Maximum images reached')).toContain('You can only upload up to 3 images.');
    await dialog.getByRole('button', { name: 'Remove image 2' }).click();
    await eventually(() => thumbnails.count()).toBe(2);
  });
});
