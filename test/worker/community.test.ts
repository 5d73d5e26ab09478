import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { upcomingEventsFrom } from '@worker/db/queries/community';
import { rateLimitKey } from '@worker/lib/rate-limit';
import { call, json, randomIp, signUp, signUpAdmin, unique } from './helpers';

async function insertListing(userId: number, status = 'active'): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO listings (user_id, title, description, categories_offered, what_user_wants, location, distance, status)
     VALUES (?, 'Hand-built bookshelf', 'A sturdy reclaimed oak shelf', '["home"]', 'Garden help', 'Oakland', 25, ?) RETURNING id`,
  )
    .bind(userId, status)
    .first<{ id: number }>();
  return row!.id;
}

async function insertBarter(listingId: number, initiatorId: number, recipientId: number, status: string) {
  const row = await env.DB.prepare(
    'INSERT INTO barters (listing_id, initiator_id, recipient_id, status) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(listingId, initiatorId, recipientId, status)
    .first<{ id: number }>();
  return row!.id;
}

/** A testimonial; `barterId` is the barter it is about (none: an unlinked one, never shown). */
async function insertTestimonial(
  userId: number,
  fields: { approved: boolean; isPublic: boolean; title?: string; barterId?: number | null },
): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO testimonials (user_id, title, content, rating, is_approved, is_public, barter_id) VALUES (?, ?, 'We swapped bikes for lessons', 5, ?, ?, ?) RETURNING id",
  )
    .bind(
      userId,
      fields.title ?? unique('story'),
      fields.approved ? 1 : 0,
      fields.isPublic ? 1 : 0,
      fields.barterId ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** A completed barter between the member and a new one, about the other's listing. */
async function completedBarterOf(memberId: number) {
  const other = await signUp();
  return insertBarter(await insertListing(other.id, 'active'), memberId, other.id, 'completed');
}

async function insertEvent(fields: {
  date: string;
  time?: string;
  active?: boolean;
  organizerId?: number | null;
}): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO community_events (title, description, date, time, location, organizer_id, is_active) VALUES (?, 'Bring what you can spare', ?, ?, 'Town hall', ?, ?) RETURNING id",
  )
    .bind(
      unique('event'),
      fields.date,
      fields.time ?? '10:00',
      fields.organizerId ?? null,
      fields.active === false ? 0 : 1,
    )
    .first<{ id: number }>();
  return row!.id;
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const count = async (path: string): Promise<number> => (await json(await call(path))).count;

describe('counters', () => {
  it('GET /api/users/count counts members', async () => {
    const before = await count('/api/users/count');
    await signUp();
    await signUp();
    const response = await call('/api/users/count');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ count: before + 2 });
  });

  it('GET /api/skills/count counts open listings (active and pending) only', async () => {
    const owner = await signUp();
    const before = await count('/api/skills/count');
    await insertListing(owner.id, 'active');
    await insertListing(owner.id, 'active');
    for (const status of ['pending', 'paused', 'completed']) await insertListing(owner.id, status);
    expect(await json(await call('/api/skills/count'))).toEqual({ count: before + 3 });
  });

  it('GET /api/barters/count counts completed barters only', async () => {
    const owner = await signUp();
    const other = await signUp();
    const listing = await insertListing(owner.id);
    const before = await count('/api/barters/count');
    await insertBarter(listing, other.id, owner.id, 'completed');
    await insertBarter(listing, other.id, owner.id, 'pending');
    await insertBarter(listing, other.id, owner.id, 'cancelled');
    const response = await call('/api/barters/count');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ count: before + 1 });
  });
});

describe('GET /api/analytics/activity', () => {
  it('counts members, open listings, completed barters, visible testimonials and upcoming events', async () => {
    const before = await json(await call('/api/analytics/activity'));
    expect(Object.keys(before).sort()).toEqual(['barters', 'events', 'listings', 'testimonials', 'users']);

    const owner = await signUp();
    const other = await signUp();
    const listing = await insertListing(owner.id, 'active');
    await insertListing(owner.id, 'pending');
    await insertListing(owner.id, 'paused');
    await insertListing(owner.id, 'completed');
    const done = await insertBarter(listing, other.id, owner.id, 'completed');
    const pending = await insertBarter(listing, other.id, owner.id, 'pending');
    await insertTestimonial(owner.id, { approved: true, isPublic: true, barterId: done });
    await insertTestimonial(owner.id, { approved: false, isPublic: true, barterId: done });
    await insertTestimonial(owner.id, { approved: true, isPublic: false, barterId: done });
    // Shown nowhere, so not counted: no barter, a barter not completed.
    await insertTestimonial(owner.id, { approved: true, isPublic: true });
    await insertTestimonial(owner.id, { approved: true, isPublic: true, barterId: pending });
    await insertEvent({ date: daysFromNow(0) });
    await insertEvent({ date: daysFromNow(30) });
    await insertEvent({ date: daysFromNow(30), active: false });
    await insertEvent({ date: daysFromNow(-2) });

    const response = await call('/api/analytics/activity');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      users: before.users + 2,
      listings: before.listings + 2,
      barters: before.barters + 1,
      testimonials: before.testimonials + 1,
      events: before.events + 2,
    });
  });
});

describe('GET /api/analytics/dashboard', () => {
  it('reports members, open listings, completed barters and the savings estimate', async () => {
    const before = await json(await call('/api/analytics/dashboard'));
    expect(before.totalSavings).toBe(before.completedBarters * 2 * Number(env.SAVINGS_PER_BARTER));

    const owner = await signUp();
    const other = await signUp();
    const listing = await insertListing(owner.id, 'active');
    await insertListing(owner.id, 'pending');
    await insertBarter(listing, other.id, owner.id, 'completed');
    await insertBarter(listing, owner.id, other.id, 'completed');
    await insertBarter(listing, other.id, owner.id, 'pending');

    const response = await call('/api/analytics/dashboard');
    expect(response.status).toBe(200);
    const after = await json(response);
    expect(after).toEqual({
      totalUsers: before.totalUsers + 2,
      totalSkills: before.totalSkills + 2,
      completedBarters: before.completedBarters + 2,
      totalSavings: (before.completedBarters + 2) * 2 * 50,
    });
  });
});

describe('the home page, the community page and the admin dashboard agree', () => {
  it('count the same members, open listings and completed barters', async () => {
    const owner = await signUp();
    const other = await signUp();
    const listing = await insertListing(owner.id, 'active');
    for (const status of ['pending', 'paused', 'completed']) await insertListing(owner.id, status);
    await insertBarter(listing, other.id, owner.id, 'completed');
    await insertBarter(listing, other.id, owner.id, 'pending');
    await insertBarter(listing, owner.id, other.id, 'cancelled');

    // Home: the Community Impact counters and the Live Activity Feed. Community: the tiles read the
    // dashboard and the activity summary. Admin: the Analytics tab reads the dashboard. Browse: a
    // visitor's unfiltered X-Total-Count.
    const [users, skills, barters, activity, dashboard, browse] = await Promise.all([
      count('/api/users/count'),
      count('/api/skills/count'),
      count('/api/barters/count'),
      json(await call('/api/analytics/activity')),
      json(await call('/api/analytics/dashboard')),
      call('/api/listings?limit=0'),
    ]);
    const browseTotal = Number(browse.headers.get('X-Total-Count'));
    expect(users).toBeGreaterThanOrEqual(2);
    expect(skills).toBeGreaterThanOrEqual(2);
    expect(barters).toBeGreaterThanOrEqual(1);
    expect({ users: activity.users, listings: activity.listings, barters: activity.barters }).toEqual({
      users,
      listings: skills,
      barters,
    });
    expect({
      users: dashboard.totalUsers,
      listings: dashboard.totalSkills,
      barters: dashboard.completedBarters,
    }).toEqual({ users, listings: skills, barters });
    expect(browseTotal).toBe(skills);
  });
});

describe('GET /api/testimonials', () => {
  it('lists approved public testimonials newest first, with their author', async () => {
    const author = await signUp({ avatarUrl: 'https://example.com/a.jpg' });
    const barterId = await completedBarterOf(author.id);
    const older = await insertTestimonial(author.id, {
      approved: true,
      isPublic: true,
      title: 'Older story',
      barterId,
    });
    const hidden = await insertTestimonial(author.id, { approved: false, isPublic: true, barterId });
    const privateOne = await insertTestimonial(author.id, { approved: true, isPublic: false, barterId });
    const newer = await insertTestimonial(author.id, {
      approved: true,
      isPublic: true,
      title: 'Newer story',
      barterId,
    });

    const response = await call('/api/testimonials');
    expect(response.status).toBe(200);
    const rows = await json(response);
    const ids = rows.map((t: any) => t.id);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(privateOne);
    expect(ids.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(rows.find((t: any) => t.id === newer)).toMatchObject({
      title: 'Newer story',
      content: 'We swapped bikes for lessons',
      rating: 5,
      barterId,
      listing: { id: expect.any(Number), title: 'Hand-built bookshelf' },
      user: {
        id: author.id,
        username: author.username,
        displayName: author.user.displayName,
        avatarUrl: 'https://example.com/a.jpg',
      },
    });
    // Only public fields of the author.
    expect(Object.keys(rows[0].user).sort()).toEqual(['avatarUrl', 'displayName', 'id', 'username']);
  });

  it('shows only stories about a real completed barter their author was a side of, and counts the same', async () => {
    const [author, stranger] = await Promise.all([signUp(), signUp()]);
    const other = await signUp();
    const listing = await insertListing(other.id, 'active');
    const pending = await insertBarter(listing, author.id, other.id, 'pending');
    const strangers = await completedBarterOf(stranger.id);
    const count = async () => (await json(await call('/api/analytics/activity'))).testimonials as number;
    const shown = async () => ((await json(await call('/api/testimonials'))) as any[]).map((t) => t.id);
    const before = await count();

    const unlinked = await insertTestimonial(author.id, { approved: true, isPublic: true });
    const notDone = await insertTestimonial(author.id, { approved: true, isPublic: true, barterId: pending });
    // Someone else's barter: an author cannot borrow another pair's swap.
    const borrowed = await insertTestimonial(author.id, { approved: true, isPublic: true, barterId: strangers });
    for (const id of [unlinked, notDone, borrowed]) expect(await shown()).not.toContain(id);
    expect(await count()).toBe(before);

    // The barter completes: its story shows, and the feed's count follows.
    await env.DB.prepare("UPDATE barters SET status = 'completed' WHERE id = ?").bind(pending).run();
    expect(await shown()).toContain(notDone);
    expect(await count()).toBe(before + 1);
    // Linking the unlinked one to the author's completed barter shows it too.
    await env.DB.prepare('UPDATE testimonials SET barter_id = ? WHERE id = ?').bind(pending, unlinked).run();
    expect(await shown()).toEqual(expect.arrayContaining([notDone, unlinked]));
    expect(await count()).toBe(before + 2);
    // The barter's listing is deleted: the barter goes, and its stories with it.
    await env.DB.prepare('DELETE FROM barters WHERE id = ?').bind(pending).run();
    expect(await shown()).not.toContain(notDone);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM testimonials WHERE id IN (?, ?)')
        .bind(notDone, unlinked)
        .first())!.n,
    ).toBe(0);
    expect(await count()).toBe(before);
  });
});

describe('GET /api/events', () => {
  it('lists active events from today on, soonest first, with attendance and organiser', async () => {
    const organizer = await signUp();
    const attendees = [await signUp(), await signUp()];
    const later = await insertEvent({ date: daysFromNow(20), organizerId: organizer.id });
    const soonLate = await insertEvent({ date: daysFromNow(3), time: '18:00' });
    const soonEarly = await insertEvent({ date: daysFromNow(3), time: '09:00' });
    const today = await insertEvent({ date: daysFromNow(0) });
    const past = await insertEvent({ date: daysFromNow(-2) });
    const inactive = await insertEvent({ date: daysFromNow(5), active: false });
    for (const a of attendees)
      await env.DB.prepare('INSERT INTO event_attendees (event_id, user_id) VALUES (?, ?)').bind(later, a.id).run();

    const response = await call('/api/events');
    expect(response.status).toBe(200);
    const rows = await json(response);
    const ids: number[] = rows.map((e: any) => e.id);
    expect(ids).not.toContain(past);
    expect(ids).not.toContain(inactive);
    const mine = ids.filter((id) => [later, soonLate, soonEarly, today].includes(id));
    expect(mine).toEqual([today, soonEarly, soonLate, later]);
    expect(rows.find((e: any) => e.id === later)).toMatchObject({
      date: daysFromNow(20),
      location: 'Town hall',
      attendeeCount: 2,
      organizer: { id: organizer.id, displayName: organizer.user.displayName },
    });
    expect(rows.find((e: any) => e.id === today)).toMatchObject({ attendeeCount: 0, organizer: null });
    expect(rows.find((e: any) => e.id === later).organizer).not.toHaveProperty('email');
  });
});

describe('upcomingEventsFrom', () => {
  it("keeps a day's events until that day has ended everywhere (UTC-12)", () => {
    expect(upcomingEventsFrom(Date.parse('2026-03-10T11:59:00Z'))).toBe('2026-03-09');
    expect(upcomingEventsFrom(Date.parse('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    expect(upcomingEventsFrom(Date.parse('2026-03-10T23:59:00Z'))).toBe('2026-03-10');
  });
});

describe('POST /api/contact', () => {
  const valid = () => ({
    name: 'Jo Visitor',
    email: 'jo@example.com',
    subject: 'Hosting a swap meet',
    message: 'Could we host an event next month?',
  });

  it('stores the message and mails every admin, for visitors too', async () => {
    const admins = [await signUpAdmin(), await signUpAdmin()];
    const body = { ...valid(), subject: unique('Subject ') };
    const response = await call('/api/contact', { body });
    expect(response.status).toBe(201);
    const reply = await json(response);
    expect(reply).toEqual({ message: 'Message sent!', id: expect.any(Number) });
    const stored = await env.DB.prepare('SELECT name, email, subject, message FROM contact_messages WHERE id = ?')
      .bind(reply.id)
      .first();
    expect(stored).toEqual(body);
    for (const admin of admins) {
      const mail = await env.DB.prepare(
        'SELECT subject, text_body FROM email_outbox WHERE to_address = ? AND subject LIKE ?',
      )
        .bind(admin.email, `%${body.subject}`)
        .first<any>();
      expect(mail.subject).toBe(`[Barter Market contact] ${body.subject}`);
      expect(mail.text_body).toContain('From: Jo Visitor <jo@example.com>');
      expect(mail.text_body).toContain(body.message);
    }
    const mailed = await env.DB.prepare('SELECT count(*) AS n FROM email_outbox WHERE subject = ?')
      .bind(`[Barter Market contact] ${body.subject}`)
      .first<any>();
    const adminCount = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE is_admin = 1').first<any>();
    expect(mailed.n).toBe(adminCount.n);
  });

  it('works for signed-in members too and trims the fields', async () => {
    const member = await signUp();
    const response = await call('/api/contact', { cookie: member.cookie, body: { ...valid(), name: '  Jo Member  ' } });
    expect(response.status).toBe(201);
    const stored = await env.DB.prepare('SELECT name FROM contact_messages WHERE id = ?')
      .bind((await json(response)).id)
      .first<any>();
    expect(stored.name).toBe('Jo Member');
  });

  it.each([
    [{ name: 'J' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ name: undefined }, 'name', 'Name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: undefined }, 'email', 'Please enter a valid email address'],
    [{ subject: 'Hi' }, 'subject', 'Subject must be at least 5 characters'],
    [{ subject: 's'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
    [{ message: 'Too short' }, 'message', 'Message must be at least 10 characters'],
    [{ message: 'm'.repeat(1001) }, 'message', 'Message must be at most 1000 characters'],
  ])('refuses %o with the spec message', async (override, field, message) => {
    const response = await call('/api/contact', { body: { ...valid(), ...override } });
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.message).toBe(message);
    expect(reply.errors[field]).toBe(message);
  });

  it('limits one IP to 5 messages a day on top of 5 a minute, with Retry-After, and relays them as contact mail', async () => {
    await signUpAdmin();
    const ip = randomIp();
    const body = { ...valid(), subject: unique('Budget ') };
    expect((await call('/api/contact', { body, ip })).status).toBe(201);
    const relay = await env.DB.prepare('SELECT kind, priority FROM email_outbox WHERE subject = ?')
      .bind(`[Barter Market contact] ${body.subject}`)
      .first<any>();
    expect(relay).toEqual({ kind: 'contact', priority: 2 });
    // The rest of the day's budget spent in earlier minutes.
    await env.DB.prepare('UPDATE rate_limits SET count = 5 WHERE key = ?')
      .bind(await rateLimitKey('contactPerIpPerDay', ip))
      .run();
    const limited = await call('/api/contact', { body, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600);
    expect((await call('/api/contact', { body, ip: randomIp() })).status).toBe(201);
  });

  it('accepts the bounds of each field', async () => {
    const body = { name: 'Jo', email: 'jo@example.com', subject: 's'.repeat(200), message: 'm'.repeat(1000) };
    expect((await call('/api/contact', { body, ip: randomIp() })).status).toBe(201);
    const shortest = { name: 'n'.repeat(100), email: 'jo@example.com', subject: 'Hello', message: 'Ten chars!' };
    expect((await call('/api/contact', { body: shortest, ip: randomIp() })).status).toBe(201);
  });
});
