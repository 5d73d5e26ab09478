// Replies SQLite writes as JSON text (decision 033): each must be exactly what the JavaScript
// shapes (worker/db/shapes.ts) make of the same rows, for every kind of value the columns hold.
import { env } from 'cloudflare:test';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { listings, messages, users } from '@worker/db/schema';
import { listingWithOwner, message } from '@worker/db/shapes';
import { call, createListing, json, signUp, signUpAdmin } from './helpers';

const TRICKY = [
  'He said "yes" \\ then left',
  'Line one\nline two\ttabbed',
  'Ünïcödé, 中文, emoji 🚲🥕, and a lone </script>',
  "It's 50% off; {not json} [1,2]",
];

async function sent(from: { id: number; cookie: string }, to: { id: number }, listingId: number, content: string) {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status).toBe(201);
  return json(response);
}

/** An event line as the offer and barter steps store them, with any `event` text. */
async function eventLine(senderId: number, receiverId: number, listingId: number, event: string | null, key: string) {
  await env.DB.prepare(
    `INSERT INTO messages (sender_id, receiver_id, listing_id, content, kind, event, event_key) VALUES (?, ?, ?, 'An offer step', 'event', ?, ?)`,
  )
    .bind(senderId, receiverId, listingId, event, key)
    .run();
}

describe('a whole thread, written by SQLite', () => {
  it('is the shape message() gives the same rows: text, quotes and unicode, read flags, event lines', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    for (const [i, content] of TRICKY.entries())
      await sent(i % 2 ? owner : member, i % 2 ? member : owner, listing.id, content);
    await eventLine(
      member.id,
      owner.id,
      listing.id,
      JSON.stringify({ type: 'offer_made', offerId: 41 }),
      `e1-${listing.id}`,
    );
    await eventLine(
      owner.id,
      member.id,
      listing.id,
      JSON.stringify({ type: 'barter_completed', offerId: 41, barterId: 7 }),
      `e2-${listing.id}`,
    );
    // Ids that are not numbers are left out, as message() leaves them out; a missing event is a text line.
    await eventLine(
      member.id,
      owner.id,
      listing.id,
      JSON.stringify({ type: 'offer_declined', offerId: '41', barterId: null }),
      `e3-${listing.id}`,
    );
    await eventLine(member.id, owner.id, listing.id, null, `e4-${listing.id}`);

    const response = await call(`/api/conversations/${owner.id}/${member.id}/${listing.id}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const whole = await json<any[]>(response);

    // The rows after the read (the owner's received lines are now read), shaped in JavaScript.
    const db = createDb(env.DB);
    const rows = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.listingId, listing.id),
          or(
            and(eq(messages.senderId, owner.id), eq(messages.receiverId, member.id)),
            and(eq(messages.senderId, member.id), eq(messages.receiverId, owner.id)),
          ),
        ),
      )
      .orderBy(messages.createdAt, messages.id);
    expect(rows).toHaveLength(TRICKY.length + 4);
    expect(whole).toStrictEqual(rows.map(message));
    expect(whole.map((m) => m.content).slice(0, TRICKY.length)).toEqual(TRICKY);
    expect(whole.at(-4)).toMatchObject({ kind: 'event', event: { type: 'offer_made', offerId: 41 } });
    expect(whole.at(-3).event).toStrictEqual({ type: 'barter_completed', offerId: 41, barterId: 7 });
    expect(whole.at(-2).event).toStrictEqual({ type: 'offer_declined' });
    expect(whole.at(-1)).not.toHaveProperty('kind');
    expect(whole.map((m) => m.read)).toEqual(rows.map((r) => r.read));
    expect(whole.filter((m) => m.receiverId === owner.id).every((m) => m.read === true)).toBe(true);

    // A page of the same thread (shaped in JavaScript) is the same messages.
    const paged = await json<any[]>(
      await call(`/api/conversations/${owner.id}/${member.id}/${listing.id}?limit=200`, { cookie: owner.cookie }),
    );
    expect(whole).toStrictEqual(paged);
  });

  it('is [] before any message, and other listings and members stay out', async () => {
    const [owner, member, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const [listing, second] = await Promise.all([createListing(owner), createListing(owner, { title: 'Another' })]);
    expect(
      await json(await call(`/api/conversations/${member.id}/${owner.id}/${listing.id}`, { cookie: member.cookie })),
    ).toStrictEqual([]);
    await sent(other, owner, listing.id, 'someone else');
    await sent(member, owner, second.id, 'another listing');
    expect(
      await json(await call(`/api/conversations/${member.id}/${owner.id}/${listing.id}`, { cookie: member.cookie })),
    ).toStrictEqual([]);
  });
});

describe("a member's listings, written by SQLite", () => {
  it('is the shape listingWithOwner() gives the same rows, for the owner, an admin and others', async () => {
    const owner = await signUp({ displayName: 'Zoë "the fixer" O\'Neil' });
    await env.DB.prepare('UPDATE users SET avatar_url = ? WHERE id = ?')
      .bind('/objects/uploads/avatar-1.webp', owner.id)
      .run();
    const made = [
      await createListing(owner, {
        title: TRICKY[0],
        description: TRICKY[2],
        acceptOffers: false,
        whatUserWantsOptions: [],
      }),
      await createListing(owner, {
        title: 'Bike tune-up',
        categoriesOffered: ['tech', 'home'],
        whatUserWantsOptions: ['Bread', 'Eggs "free range"'],
      }),
      await createListing(owner, { title: 'Paused one' }),
      await createListing(owner, { title: 'Featured one' }),
    ];
    await env.DB.prepare(`UPDATE listings SET status = 'paused' WHERE id = ?`).bind(made[2].id).run();
    await env.DB.prepare(`UPDATE listings SET is_featured = 1 WHERE id = ?`).bind(made[3].id).run();

    const db = createDb(env.DB);
    const [ownerRow] = await db.select().from(users).where(eq(users.id, owner.id));
    const expected = async (publicOnly: boolean) =>
      (
        await db
          .select()
          .from(listings)
          .where(
            publicOnly
              ? and(eq(listings.userId, owner.id), inArray(listings.status, ['active', 'pending']))
              : eq(listings.userId, owner.id),
          )
          .orderBy(desc(listings.createdAt), desc(listings.id))
      ).map((row) => listingWithOwner(row, ownerRow!));

    const [admin, stranger] = await Promise.all([signUpAdmin(), signUp()]);
    const own = await call(`/api/users/${owner.id}/listings`, { cookie: owner.cookie });
    expect(own.headers.get('Content-Type')).toMatch(/^application\/json/);
    const ownList = await json<any[]>(own);
    expect(ownList).toStrictEqual(await expected(false));
    expect(ownList).toHaveLength(4);
    expect(ownList[0].user).toStrictEqual({
      id: owner.id,
      username: owner.username,
      displayName: 'Zoë "the fixer" O\'Neil',
      avatarUrl: '/objects/uploads/avatar-1.webp',
    });
    expect(ownList.find((l) => l.id === made[3].id).isFeatured).toBe(true);
    expect(ownList.find((l) => l.id === made[0].id)).toMatchObject({
      acceptOffers: false,
      whatUserWantsOptions: [],
      title: TRICKY[0],
      description: TRICKY[2],
    });

    expect(await json(await call(`/api/users/${owner.id}/listings`, { cookie: admin.cookie }))).toStrictEqual(
      await expected(false),
    );
    const seen = await json<any[]>(await call(`/api/users/${owner.id}/listings`, { cookie: stranger.cookie }));
    expect(seen).toStrictEqual(await expected(true));
    expect(seen.map((l) => l.id)).not.toContain(made[2].id);
    expect(await json(await call(`/api/users/${owner.id}/listings`))).toStrictEqual(seen);
  });

  it('checks the viewer in its statement: a voided session or a demoted admin sees only the public listings', async () => {
    const [owner, admin] = await Promise.all([signUp(), signUpAdmin()]);
    const [shown, paused] = [
      await createListing(owner, { title: 'Shown' }),
      await createListing(owner, { title: 'Paused' }),
    ];
    await env.DB.prepare(`UPDATE listings SET status = 'paused' WHERE id = ?`).bind(paused.id).run();
    const ids = async (cookie?: string) =>
      (await json<any[]>(await call(`/api/users/${owner.id}/listings`, { cookie }))).map((l) => l.id);

    expect(await ids(owner.cookie)).toEqual([paused.id, shown.id]);
    expect(await ids(admin.cookie)).toEqual([paused.id, shown.id]);
    await env.DB.prepare('UPDATE users SET is_admin = 0 WHERE id = ?').bind(admin.id).run();
    expect(await ids(admin.cookie)).toEqual([shown.id]);
    // Sessions created before sessions_valid_after are void (a password change, "sign out everywhere").
    await env.DB.prepare('UPDATE users SET sessions_valid_after = ? WHERE id = ?')
      .bind(Date.now() + 60_000, owner.id)
      .run();
    expect(await ids(owner.cookie)).toEqual([shown.id]);
    expect(await ids()).toEqual([shown.id]);
    // A cookie naming no session is a guest.
    expect(await ids(`sid=${'C'.repeat(43)}`)).toEqual([shown.id]);
  });

  it('is [] for a member without listings, an owner without an avatar is null, and 404 for no such member', async () => {
    const member = await signUp();
    expect(await json(await call(`/api/users/${member.id}/listings`, { cookie: member.cookie }))).toStrictEqual([]);
    const listing = await createListing(member);
    const [only] = await json<any[]>(await call(`/api/users/${member.id}/listings`));
    expect(only).toStrictEqual(listing);
    expect(only.user).toStrictEqual({
      id: member.id,
      username: member.username,
      displayName: member.user.displayName,
      avatarUrl: null,
    });
    const missing = await call('/api/users/999999999/listings');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });
});
