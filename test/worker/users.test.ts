import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, json, lastEmailTo, signUp, signUpAdmin, tokenFromEmail, unique, type Member } from './helpers';

const PUBLIC_KEYS = [
  'avatarUrl',
  'bartersCompleted',
  'bio',
  'createdAt',
  'displayName',
  'emailVerified',
  'id',
  'isAdmin',
  'location',
  'nickname',
  'rating',
  'reviewCount',
  'username',
].sort();

// Rows without a route of this file are written directly, as the routes that own them would.
async function insertListing(
  userId: number,
  overrides: { status?: string; imageUrls?: string[] } = {},
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO listings (user_id, title, description, categories_offered, what_user_wants, location, distance, status, image_urls)
     VALUES (?, 'Hand-built bookshelf', 'A sturdy reclaimed oak shelf', '["home"]', 'Garden help', 'Oakland', 25, ?, ?) RETURNING id`,
  )
    .bind(userId, overrides.status ?? 'active', JSON.stringify(overrides.imageUrls ?? []))
    .first<{ id: number }>();
  return row!.id;
}

async function insertBarter(
  listingId: number,
  initiatorId: number,
  recipientId: number,
  status = 'completed',
): Promise<number> {
  const row = await env.DB.prepare(
    'INSERT INTO barters (listing_id, initiator_id, recipient_id, status) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(listingId, initiatorId, recipientId, status)
    .first<{ id: number }>();
  return row!.id;
}

async function insertReview(reviewerId: number, userId: number, listingId: number, barterId: number, rating: number) {
  await env.DB.prepare(
    'INSERT INTO reviews (reviewer_id, user_id, listing_id, barter_id, rating, comment) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(reviewerId, userId, listingId, barterId, rating, 'A great exchange, thank you!')
    .run();
}

const rowCount = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...params)
    .first<{ n: number }>())!.n;

const patch = (member: Member | null, id: number, body: unknown) =>
  call(`/api/users/${id}`, { method: 'PATCH', cookie: member?.cookie, body });

describe('GET /api/users/:id', () => {
  it('shows visitors and other members the public view only', async () => {
    const member = await signUp({ address: '1 Private Lane', location: 'Oakland' });
    const other = await signUp();
    for (const cookie of [undefined, other.cookie]) {
      const response = await call(`/api/users/${member.id}`, { cookie });
      expect(response.status).toBe(200);
      const user = await json(response);
      expect(Object.keys(user).sort()).toEqual(PUBLIC_KEYS);
      expect(user).toMatchObject({ id: member.id, username: member.username, location: 'Oakland' });
    }
  });

  it('shows the member themself and admins the self view', async () => {
    const member = await signUp({ address: '1 Private Lane' });
    const admin = await signUpAdmin();
    for (const cookie of [member.cookie, admin.cookie]) {
      const user = await json(await call(`/api/users/${member.id}`, { cookie }));
      expect(user).toMatchObject({ id: member.id, email: member.email, address: '1 Private Lane' });
      expect(user).not.toHaveProperty('password');
      expect(user).not.toHaveProperty('verificationToken');
      expect(user).not.toHaveProperty('verificationTokenExpires');
    }
  });

  it('answers 404 for a missing user', async () => {
    const response = await call('/api/users/999999999');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'User not found', code: 'user_not_found' });
    expect((await call('/api/users/0')).status).toBe(404);
  });
});

describe('GET /api/users/username/:username', () => {
  it('finds the user whatever the case, with the view the viewer may see', async () => {
    const member = await signUp({ address: '1 Private Lane' });
    const asVisitor = await call(`/api/users/username/${member.username.toUpperCase()}`);
    expect(asVisitor.status).toBe(200);
    const publicView = await json(asVisitor);
    expect(publicView.id).toBe(member.id);
    expect(publicView).not.toHaveProperty('email');
    expect(publicView).not.toHaveProperty('address');
    const selfView = await json(await call(`/api/users/username/${member.username}`, { cookie: member.cookie }));
    expect(selfView).toMatchObject({ email: member.email, address: '1 Private Lane' });
  });

  it('finds usernames with dots, dashes and underscores', async () => {
    const member = await signUp({ username: `j.doe-${unique('x')}_1` });
    const response = await call(`/api/users/username/${encodeURIComponent(member.username)}`);
    expect(response.status).toBe(200);
    expect((await json(response)).id).toBe(member.id);
  });

  it('answers 404 for an unknown username', async () => {
    const response = await call(`/api/users/username/${unique('nobody')}`);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });
});

describe('GET /api/users/:id/barters/count', () => {
  it('counts completed barters as initiator and as recipient, not pending or cancelled ones', async () => {
    const member = await signUp();
    const other = await signUp();
    expect(await json(await call(`/api/users/${member.id}/barters/count`))).toEqual({ count: 0 });
    const listing = await insertListing(other.id);
    await insertBarter(listing, member.id, other.id, 'completed');
    await insertBarter(listing, other.id, member.id, 'completed');
    await insertBarter(listing, member.id, other.id, 'pending');
    await insertBarter(listing, member.id, other.id, 'cancelled');
    const response = await call(`/api/users/${member.id}/barters/count`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ count: 2 });
  });

  it('answers 404 for a missing user', async () => {
    const response = await call('/api/users/999999999/barters/count');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });
});

describe('PATCH /api/users/:id', () => {
  it('updates the own profile and returns the self view; blank optional fields are cleared', async () => {
    const member = await signUp({ nickname: 'Nick', bio: 'Old bio' });
    const response = await patch(member, member.id, {
      id: member.id,
      displayName: '  New Name  ',
      nickname: '',
      address: '2 Private Road',
      location: 'Berkeley',
      bio: null,
      avatarUrl: 'https://example.com/me.jpg',
    });
    expect(response.status).toBe(200);
    const user = await json(response);
    expect(user).toMatchObject({
      id: member.id,
      displayName: 'New Name',
      nickname: null,
      address: '2 Private Road',
      location: 'Berkeley',
      bio: null,
      avatarUrl: 'https://example.com/me.jpg',
      email: member.email,
    });
    expect(user).not.toHaveProperty('password');
    expect(await json(await call('/api/auth/current-user', { cookie: member.cookie }))).toMatchObject({
      displayName: 'New Name',
      location: 'Berkeley',
    });
  });

  it('leaves fields that are not sent unchanged, and an empty body changes nothing', async () => {
    const member = await signUp({ nickname: 'Nick', location: 'Oakland' });
    const partial = await json(await patch(member, member.id, { bio: 'Just the bio' }));
    expect(partial).toMatchObject({
      nickname: 'Nick',
      location: 'Oakland',
      bio: 'Just the bio',
      displayName: member.user.displayName,
    });
    const empty = await patch(member, member.id, {});
    expect(empty.status).toBe(200);
    expect(await json(empty)).toMatchObject({ nickname: 'Nick', bio: 'Just the bio' });
  });

  it('is 401 for visitors and 403 for other members and admins', async () => {
    const member = await signUp();
    const other = await signUp();
    const admin = await signUpAdmin();
    const visitor = await patch(null, member.id, { displayName: 'Hacked' });
    expect(visitor.status).toBe(401);
    expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    expect((await patch(other, member.id, { displayName: 'Hacked' })).status).toBe(403);
    expect((await patch(admin, member.id, { displayName: 'Hacked' })).status).toBe(403);
    // Also for a user that does not exist: it is not the caller's profile either way.
    expect((await patch(other, 999999999, { displayName: 'Hacked' })).status).toBe(403);
    expect((await json(await call(`/api/users/${member.id}`))).displayName).toBe(member.user.displayName);
  });

  it('is 403 when the body names another user', async () => {
    const member = await signUp();
    const other = await signUp();
    const response = await patch(member, member.id, { id: other.id, displayName: 'Someone Else' });
    expect(response.status).toBe(403);
    expect((await json(await call(`/api/users/${member.id}`))).displayName).toBe(member.user.displayName);
  });

  it.each([
    [{ displayName: 'A' }, 'displayName', 'Display name must be at least 2 characters'],
    [{ displayName: '   ' }, 'displayName', 'Display name must be at least 2 characters'],
    [{ displayName: null }, 'displayName', 'Display name must be at least 2 characters'],
    [{ displayName: 'd'.repeat(101) }, 'displayName', 'Display name must be at most 100 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: '' }, 'email', 'Please enter a valid email address'],
    [{ nickname: 'n'.repeat(51) }, 'nickname', 'Nickname must be at most 50 characters'],
    [{ address: 'a'.repeat(201) }, 'address', 'Address must be at most 200 characters'],
    [{ location: 'l'.repeat(101) }, 'location', 'Public location must be at most 100 characters'],
    [{ bio: 'b'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
    [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl', 'Please enter a valid URL'],
    [{ avatarUrl: 'not a url' }, 'avatarUrl', 'Please enter a valid URL'],
    [{ id: 'abc' }, 'id', 'Invalid user id'],
    [{ emailNotifications: 'yes' }, 'emailNotifications', 'Email notifications must be true or false'],
  ])('refuses %o with the spec message', async (body, field, message) => {
    const member = await signUp();
    const response = await patch(member, member.id, body);
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.message).toBe(message);
    expect(reply.errors[field]).toBe(message);
  });

  it('accepts the longest allowed values', async () => {
    const member = await signUp();
    const response = await patch(member, member.id, {
      displayName: 'd'.repeat(100),
      nickname: 'n'.repeat(50),
      address: 'a'.repeat(200),
      location: 'l'.repeat(100),
      bio: 'b'.repeat(500),
      avatarUrl: '',
    });
    expect(response.status).toBe(200);
    expect((await json(response)).avatarUrl).toBeNull();
  });

  it('answers 409 when the email belongs to another member, whatever the case', async () => {
    const member = await signUp();
    const other = await signUp();
    const response = await patch(member, member.id, { email: other.email.toUpperCase() });
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: 'Email already registered', code: 'email_taken' });
  });

  it('a new email must be verified again: emailVerified false and a verification link to the new address', async () => {
    const member = await signUp();
    await call(`/api/auth/verify-email?token=${encodeURIComponent(await tokenFromEmail(member.email))}`);
    expect((await json(await call('/api/auth/current-user', { cookie: member.cookie }))).emailVerified).toBe(true);

    const newEmail = `${unique('new')}@example.com`;
    const response = await patch(member, member.id, { email: newEmail, displayName: 'Renamed Member' });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      email: newEmail,
      emailVerified: false,
      displayName: 'Renamed Member',
    });
    const mail = await lastEmailTo(newEmail);
    expect(mail?.subject).toMatch(/Verify your email/);
    expect(mail?.text).toMatch(/^Hi Renamed Member,/);
    const stored = await env.DB.prepare('SELECT verification_token, verification_token_expires FROM users WHERE id = ?')
      .bind(member.id)
      .first<any>();
    expect(stored.verification_token).toMatch(/^[0-9a-f]{64}$/);
    const hoursLeft = (Date.parse(stored.verification_token_expires) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const token = await tokenFromEmail(newEmail);
    expect((await call(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await json(await call('/api/auth/current-user', { cookie: member.cookie }))).emailVerified).toBe(true);
  });

  it('the same address in other capitals keeps the verification and sends nothing', async () => {
    const member = await signUp();
    await call(`/api/auth/verify-email?token=${encodeURIComponent(await tokenFromEmail(member.email))}`);
    const before = await rowCount('email_outbox WHERE lower(to_address) = lower(?)', member.email);
    const response = await patch(member, member.id, { email: member.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ email: member.email.toUpperCase(), emailVerified: true });
    expect(await rowCount('email_outbox WHERE lower(to_address) = lower(?)', member.email)).toBe(before);
  });
});

describe('DELETE /api/users/:id', () => {
  it('is 401 for visitors and 403 for other members', async () => {
    const member = await signUp();
    const other = await signUp();
    const visitor = await call(`/api/users/${member.id}`, { method: 'DELETE' });
    expect(visitor.status).toBe(401);
    expect((await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(403);
    expect((await call(`/api/users/${member.id}`)).status).toBe(200);
  });

  it('lets members delete themselves: the session ends and the old cookie stops working', async () => {
    const member = await signUp();
    const response = await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: 'Account deleted' });
    expect(response.headers.get('Set-Cookie')).toMatch(/sid=;/);
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(401);
    expect((await call(`/api/users/${member.id}`)).status).toBe(404);
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: member.password } })).status,
    ).toBe(401);
  });

  it('lets admins delete another member, whose session stops working; 404 when missing', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const response = await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: 'Account deleted' });
    // The admin stays signed in.
    // No session cookie (a write may set the D1 bookmark's `d1b`: decision 057).
    expect(response.headers.get('Set-Cookie') ?? '').not.toMatch(/\bsid=/);
    expect((await call('/api/auth/current-user', { cookie: admin.cookie })).status).toBe(200);
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(401);
    const missing = await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });

  it('removes listings, messages, reviews, barters, saved searches, testimonials and event attendance', async () => {
    const member = await signUp();
    const other = await signUp();
    const own = await insertListing(member.id);
    const others = await insertListing(other.id);
    const bystanderListing = await insertListing(other.id);
    const messages = [
      [member.id, other.id, others],
      [other.id, member.id, others],
      [other.id, member.id, own],
    ];
    for (const [sender, receiver, listing] of messages) {
      await env.DB.prepare(
        "INSERT INTO messages (sender_id, receiver_id, listing_id, content) VALUES (?, ?, ?, 'Hello there')",
      )
        .bind(sender, receiver, listing)
        .run();
    }
    const onOwn = await insertBarter(own, other.id, member.id);
    const onOthers = await insertBarter(others, member.id, other.id);
    await insertReview(member.id, other.id, others, onOthers, 5);
    await insertReview(other.id, member.id, own, onOwn, 4);
    await env.DB.prepare("INSERT INTO stored_searches (user_id, query) VALUES (?, 'bikes')").bind(member.id).run();
    await env.DB.prepare(
      "INSERT INTO testimonials (user_id, title, content, rating) VALUES (?, 'Great', 'A lovely community', 5)",
    )
      .bind(member.id)
      .run();
    const event = await env.DB.prepare(
      "INSERT INTO community_events (title, description, date, time, location, organizer_id) VALUES ('Swap meet', 'Bring things', '2099-01-01', '10:00', 'Park', ?) RETURNING id",
    )
      .bind(member.id)
      .first<{ id: number }>();
    await env.DB.prepare('INSERT INTO event_attendees (event_id, user_id) VALUES (?, ?)')
      .bind(event!.id, member.id)
      .run();
    await env.DB.prepare('INSERT INTO event_attendees (event_id, user_id) VALUES (?, ?)')
      .bind(event!.id, other.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, '2099-01-01T00:00:00.000Z')",
    )
      .bind(unique('hash'), member.id)
      .run();

    const response = await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(response.status).toBe(200);

    const id = member.id;
    expect(await rowCount('users WHERE id = ?', id)).toBe(0);
    expect(await rowCount('listings WHERE user_id = ?', id)).toBe(0);
    expect(await rowCount('messages WHERE sender_id = ?1 OR receiver_id = ?1 OR listing_id = ?2', id, own)).toBe(0);
    expect(await rowCount('reviews WHERE reviewer_id = ?1 OR user_id = ?1', id)).toBe(0);
    expect(await rowCount('barters WHERE initiator_id = ?1 OR recipient_id = ?1', id)).toBe(0);
    expect(await rowCount('stored_searches WHERE user_id = ?', id)).toBe(0);
    expect(await rowCount('testimonials WHERE user_id = ?', id)).toBe(0);
    expect(await rowCount('event_attendees WHERE user_id = ?', id)).toBe(0);
    expect(await rowCount('password_reset_tokens WHERE user_id = ?', id)).toBe(0);
    // Other members keep their own things; an event outlives its organiser's account.
    expect(await rowCount('listings WHERE id IN (?, ?)', others, bystanderListing)).toBe(2);
    expect(await rowCount('users WHERE id = ?', other.id)).toBe(1);
    expect(await rowCount('event_attendees WHERE user_id = ?', other.id)).toBe(1);
    const organizer = await env.DB.prepare('SELECT organizer_id FROM community_events WHERE id = ?')
      .bind(event!.id)
      .first<any>();
    expect(organizer.organizer_id).toBeNull();
  });

  it('recomputes the rating and review count of members the deleted account reviewed', async () => {
    const member = await signUp();
    const reviewed = await signUp();
    const third = await signUp();
    const listing = await insertListing(reviewed.id);
    const first = await insertBarter(listing, member.id, reviewed.id);
    const second = await insertBarter(listing, third.id, reviewed.id);
    await insertReview(member.id, reviewed.id, listing, first, 1);
    await insertReview(third.id, reviewed.id, listing, second, 5);
    await env.DB.prepare('UPDATE users SET rating = 3, review_count = 2 WHERE id = ?').bind(reviewed.id).run();

    expect((await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(200);
    expect(await json(await call(`/api/users/${reviewed.id}`))).toMatchObject({ rating: 5, reviewCount: 1 });
    // Members whose reviews all came from the deleted account go back to no rating.
    const lonely = await signUp();
    const reviewer = await signUp();
    const lonelyListing = await insertListing(lonely.id);
    const barter = await insertBarter(lonelyListing, reviewer.id, lonely.id);
    await insertReview(reviewer.id, lonely.id, lonelyListing, barter, 4);
    await env.DB.prepare('UPDATE users SET rating = 4, review_count = 1 WHERE id = ?').bind(lonely.id).run();
    expect((await call(`/api/users/${reviewer.id}`, { method: 'DELETE', cookie: reviewer.cookie })).status).toBe(200);
    expect(await json(await call(`/api/users/${lonely.id}`))).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it("deletes the images of the member's listings and uploads from R2, and no one else's", async () => {
    const member = await signUp();
    const other = await signUp();
    const listed = `uploads/${crypto.randomUUID()}`;
    const uploaded = `uploads/${crypto.randomUUID()}`;
    const othersImage = `uploads/${crypto.randomUUID()}`;
    for (const key of [listed, uploaded, othersImage]) await env.IMAGES.put(key, new Uint8Array([0xff, 0xd8, 0xff]));
    await insertListing(member.id, { imageUrls: [`/objects/${listed}`] });
    await insertListing(other.id, { imageUrls: [`/objects/${othersImage}`] });
    await env.DB.prepare('INSERT INTO uploads (key, user_id) VALUES (?, ?)').bind(uploaded, member.id).run();

    expect((await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(200);
    expect(await env.IMAGES.head(listed)).toBeNull();
    expect(await env.IMAGES.head(uploaded)).toBeNull();
    expect(await env.IMAGES.head(othersImage)).not.toBeNull();
    expect(await rowCount('uploads WHERE user_id = ?', member.id)).toBe(0);
  });
});
